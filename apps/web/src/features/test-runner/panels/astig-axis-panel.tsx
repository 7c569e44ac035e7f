import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AXIS_ANSWERS,
  AXIS_IMAGE_DEGREES,
  AXIS_MAX_RESPONSES,
  answerAxis,
  axisImagePair,
  axisResult,
  degrees,
  fitDegreesToCssPx,
  pixelsPerDegree,
  startAxisSearch,
  type AxisAnswer,
  type AxisState,
} from '@visus/core';
import { AxisImages } from '@/features/test-runner/stimuli/axis-images';
import type { TestPanelProps } from './panel-types';
import { testModeAnswer, useLatestState, usePanelKey, windowShareCssPx } from './use-panel-key';

const isAxisAnswer = (key: string): key is AxisAnswer => (AXIS_ANSWERS as readonly string[]).includes(key);

/**
 * Astigmatism Axis (SPEC.md §2, §4): two gratings straddling the current axis estimate (core
 * `axisImagePair`); the person says which is clearer, or 'same'. Core `answerAxis` moves the axis and
 * decides the endpoint; then `{ astigAxis: { [eye]: axisResult } }` is recorded and the flow moves on.
 */
export function AstigAxisPanel(props: TestPanelProps) {
  return <AxisSearch key={props.eye} {...props} />;
}

function AxisSearch({ eye, pendingKey, consumeKey, record, progress, viewing, testMode }: TestPanelProps) {
  const [state, latest, setState] = useLatestState<AxisState>(() => startAxisSearch());

  const handle = (key: string) => {
    const current = latest();
    if (!isAxisAnswer(key) || current.endpoint !== null) return;
    const next = answerAxis(current, key);
    setState(next);
    if (next.endpoint !== null) {
      record({ astigAxis: { [eye]: axisResult(next) } });
      progress();
    }
  };
  usePanelKey(pendingKey, consumeKey, handle);

  const { leftDeg, rightDeg } = axisImagePair(state);
  const sizePx = fitDegreesToCssPx(
    degrees(AXIS_IMAGE_DEGREES),
    viewing,
    windowShareCssPx({ width: 0.4, height: 0.55 }),
  );
  const ended = state.endpoint !== null;
  return (
    <Stack spacing={4} sx={{ alignItems: 'center', py: 4 }}>
      {testMode && (
        <Typography variant="caption" color="text.secondary" data-testid="astig-axis-state">
          Axis {state.axis}° · images {leftDeg}° / {rightDeg}° · answers {state.responses.length} of{' '}
          {AXIS_MAX_RESPONSES}
        </Typography>
      )}
      <Typography variant="h5" component="p" sx={{ textAlign: 'center' }}>
        Which pattern looks clearer: left, right, or are they the same?
      </Typography>
      <Box data-testid="astig-axis-stimulus" data-answer={testModeAnswer('same')}>
        <AxisImages
          leftDeg={leftDeg}
          rightDeg={rightDeg}
          sizePx={sizePx}
          gamma={viewing.gamma}
          pixelsPerDegree={pixelsPerDegree(viewing)}
          devicePixelRatio={viewing.devicePixelRatio}
        />
      </Box>
      <Stack direction="row" spacing={2} role="group" aria-label="Your answer">
        <Button variant="outlined" size="large" disabled={ended} onClick={() => handle('left')}>
          Left is clearer
        </Button>
        <Button variant="contained" size="large" disabled={ended} onClick={() => handle('same')}>
          Both the same
        </Button>
        <Button variant="outlined" size="large" disabled={ended} onClick={() => handle('right')}>
          Right is clearer
        </Button>
      </Stack>
    </Stack>
  );
}
