import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { showsProgress, TEST_DEFINITIONS, type FlowState } from '@visus/core';
import { clearSnapshot, unfinishedRuns, type UnfinishedRun } from './flow-snapshot';

/** Where a run stands, as a person reads it: 'Sloan, left eye, round 7 of 30'. */
export function runPlace(flow: FlowState): string {
  if (!flow.currentTest) return 'a test';
  const name = TEST_DEFINITIONS[flow.currentTest].name;
  if (flow.currentTest === 'presbyopia') return name;
  const round =
    flow.status === 'InTest' && showsProgress(flow.currentTest, flow.infinite)
      ? `, round ${flow.currentLoop} of ${flow.loopLength}`
      : '';
  return `${name}, ${flow.eye} eye${round}`;
}

/**
 * The Tests page's offer to go on with a test this tab left under way (Back, a link or the menu during a
 * test): its place, "Go on with the test", or "Discard" to forget this device's copy. The session itself
 * decides whether it can still run (the test screen says so when it has expired or completed).
 */
export function ResumeOffer({
  screenPath,
}: {
  /** The test screen's path of a session. */
  screenPath: (session: { pin: string; testMode: boolean }) => string;
}) {
  const [runs, setRuns] = useState<UnfinishedRun[]>(() => unfinishedRuns());
  const run = runs[0];
  if (!run) return null;
  const path = screenPath({ pin: run.pin, testMode: run.flow.testMode });
  const discard = () => {
    clearSnapshot(run.pin);
    setRuns(unfinishedRuns());
  };
  return (
    <Alert
      severity="info"
      data-testid="resume-offer"
      action={
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={path} color="inherit" variant="outlined" size="small">
            Go on with the test
          </Button>
          <Button color="inherit" size="small" onClick={discard}>
            Discard
          </Button>
        </Stack>
      }
    >
      <AlertTitle>You left a test before it ended</AlertTitle>
      It stopped at {runPlace(run.flow)}. Your answers so far are kept on this device.
    </Alert>
  );
}
