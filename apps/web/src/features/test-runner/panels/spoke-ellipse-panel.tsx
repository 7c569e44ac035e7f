import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import {
  COMMAND_KEYS,
  controlSpokeEllipse,
  ELLIPSE_ROUNDS,
  ELLIPSE_WIDTH_MAX,
  ELLIPSE_WIDTH_MIN,
  INITIAL_SPOKE_ELLIPSE,
  spokeBackgroundIndex,
  spokeSizeDegrees,
  submitSpokeEllipse,
  withVisualAngle,
  type SpokeEllipseControl,
  type SpokeEllipseState,
} from '@visus/core';
import { SpokeTarget, useSpokeBoxPx } from '@/features/test-runner/stimuli/spoke-target';
import type { TestPanelProps } from './panel-types';
import { testModeAnswer, useLatestState, usePanelKey } from './use-panel-key';
import { useT } from '@/lib/i18n/i18n';

const CONTROLS: readonly SpokeEllipseControl[] = ['decrease', 'increase', 'clockwise', 'counter-clockwise'];
const isControl = (key: string): key is SpokeEllipseControl => (CONTROLS as readonly string[]).includes(key);

/**
 * Spoke Ellipse (SPEC.md §2, §4): an ellipse over the round's spoke background. 'increase' / 'decrease'
 * change its width, 'clockwise' / 'counter-clockwise' turn it (core `controlSpokeEllipse`: clamps and
 * wraps), 'submit' records the round (core `submitSpokeEllipse`) and tells the flow; after the 6th round
 * `{ spokeEllipse: { [eye]: result } }` is recorded, with each width (the short axis) as the visual angle
 * it subtended (core `spokeSizeDegrees` at that submit; `withVisualAngle`).
 *
 * The panel must stay mounted through the six rounds of an eye: the rounds so far live here.
 */
export function SpokeEllipsePanel(props: TestPanelProps) {
  return <SpokeEllipseRun key={props.eye} {...props} />;
}

function SpokeEllipseRun({ eye, round, pendingKey, consumeKey, record, progress, viewing }: TestPanelProps) {
  const [state, latest, setState] = useLatestState<SpokeEllipseState>(INITIAL_SPOKE_ELLIPSE);
  const submittedRound = useRef<number | null>(null);
  // Each submitted round's size in degrees of visual angle, in order (one per recorded round).
  const angles = useRef<number[]>([]);
  const boxPx = useSpokeBoxPx();

  const handle = (key: string) => {
    const current = latest();
    if (isControl(key)) {
      setState(controlSpokeEllipse(current, key));
      return;
    }
    if (key !== COMMAND_KEYS.submit) return;
    if (submittedRound.current === round || current.results.length >= ELLIPSE_ROUNDS) return;
    submittedRound.current = round;
    // The width as seen now: the box's drawn CSS size can differ between rounds (a resized window).
    angles.current = [...angles.current, spokeSizeDegrees(current.width, boxPx, viewing)];
    const { state: next, result } = submitSpokeEllipse(current);
    setState(next);
    if (result)
      record({ spokeEllipse: { [eye]: withVisualAngle(result, angles.current, viewing.distanceMm) } });
    progress();
  };
  usePanelKey(pendingKey, consumeKey, handle);
  const t = useT();

  return (
    <Stack spacing={3} sx={{ alignItems: 'center', py: 4 }}>
      <Typography variant="h5" component="p" sx={{ textAlign: 'center' }}>
        {t('spoke.ellipseQuestion')}
      </Typography>
      <Box
        data-testid="spoke-ellipse-stimulus"
        data-width={state.width}
        data-rotation={state.rotation}
        data-answer={testModeAnswer('submit')}
      >
        <SpokeTarget
          variant="ellipse"
          boxPx={boxPx}
          backgroundIndex={spokeBackgroundIndex(round)}
          ellipseWidth={state.width}
          rotation={state.rotation}
          gamma={viewing.gamma}
          devicePixelRatio={viewing.devicePixelRatio}
        />
      </Box>
      <Stack
        direction="row"
        spacing={2}
        role="group"
        aria-label={t('spoke.ellipseControls')}
        sx={{ flexWrap: 'wrap', justifyContent: 'center', rowGap: 2 }}
      >
        <Button
          variant="outlined"
          size="large"
          disabled={state.width <= ELLIPSE_WIDTH_MIN}
          onClick={() => handle('decrease')}
        >
          {t('spoke.narrower')}
        </Button>
        <Button
          variant="outlined"
          size="large"
          disabled={state.width >= ELLIPSE_WIDTH_MAX}
          onClick={() => handle('increase')}
        >
          {t('spoke.wider')}
        </Button>
        <Button variant="outlined" size="large" onClick={() => handle('counter-clockwise')}>
          {t('spoke.counterClockwise')}
        </Button>
        <Button variant="outlined" size="large" onClick={() => handle('clockwise')}>
          {t('spoke.clockwise')}
        </Button>
        <Button variant="contained" size="large" onClick={() => handle(COMMAND_KEYS.submit)}>
          {t('choice.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
