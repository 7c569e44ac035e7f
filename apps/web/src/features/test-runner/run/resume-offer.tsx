import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { showsProgress, type FlowState } from '@visus/core';
import { t, useT } from '@/lib/i18n/i18n';
import { testName } from '@/lib/i18n/test-names';
import { clearSnapshot, unfinishedRuns, type UnfinishedRun } from './flow-snapshot';

/** Where a run stands, as a person reads it: 'Sloan, left eye, round 7 of 30' (the Tests page's words). */
export function runPlace(flow: FlowState): string {
  if (!flow.currentTest) return t('tests.resume.aTest');
  const name = testName(flow.currentTest);
  if (flow.currentTest === 'presbyopia') return name;
  const left = flow.eye === 'left';
  if (flow.status === 'InTest' && showsProgress(flow.currentTest, flow.infinite))
    return t(left ? 'tests.resume.leftRound' : 'tests.resume.rightRound', {
      name,
      round: flow.currentLoop,
      total: flow.loopLength,
    });
  return t(left ? 'tests.resume.left' : 'tests.resume.right', { name });
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
  const t = useT();
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
            {t('tests.resume.goOn')}
          </Button>
          <Button color="inherit" size="small" onClick={discard}>
            {t('tests.resume.discard')}
          </Button>
        </Stack>
      }
    >
      <AlertTitle>{t('tests.resume.title')}</AlertTitle>
      {t('tests.resume.body', { place: runPlace(run.flow) })}
    </Alert>
  );
}
