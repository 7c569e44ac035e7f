import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import {
  COMMAND_KEYS,
  controlSpokeCircle,
  INITIAL_SPOKE_CIRCLE,
  SPOKE_CIRCLE_MAX,
  SPOKE_CIRCLE_MIN,
  SPOKE_CIRCLE_ROUNDS,
  spokeBackgroundIndex,
  spokeSizeDegrees,
  submitSpokeCircle,
  withVisualAngle,
  type SpokeCircleState,
} from '@visus/core';
import { SpokeTarget, useSpokeBoxPx } from '@/features/test-runner/stimuli/spoke-target';
import type { TestPanelProps } from './panel-types';
import { testModeAnswer, useLatestState, usePanelKey } from './use-panel-key';
import { useT } from '@/lib/i18n/i18n';

/**
 * Spoke Circle (SPEC.md §2, §4): a circle over the round's spoke background (core
 * `spokeBackgroundIndex`). 'increase' / 'decrease' change the size (core `controlSpokeCircle`, integer
 * canvas units), 'submit' records it (core `submitSpokeCircle`) and tells the flow; after the 6th size the
 * average and spread are recorded as `{ spokeCircle: { [eye]: result } }`, with each size as the visual
 * angle it subtended (core `spokeSizeDegrees`, from the box's drawn size and the calibration at that
 * submit; `withVisualAngle`).
 *
 * The panel must stay mounted through the six rounds of an eye: the sizes so far live here.
 */
export function SpokeCirclePanel(props: TestPanelProps) {
  return <SpokeCircleRun key={props.eye} {...props} />;
}

function SpokeCircleRun({ eye, round, pendingKey, consumeKey, record, progress, viewing }: TestPanelProps) {
  const [state, latest, setState] = useLatestState<SpokeCircleState>(INITIAL_SPOKE_CIRCLE);
  const submittedRound = useRef<number | null>(null);
  // Each submitted round's size in degrees of visual angle, in order (one per recorded round).
  const angles = useRef<number[]>([]);
  const boxPx = useSpokeBoxPx();

  const handle = (key: string) => {
    const current = latest();
    if (key === 'increase' || key === 'decrease') {
      setState(controlSpokeCircle(current, key));
      return;
    }
    if (key !== COMMAND_KEYS.submit) return;
    if (submittedRound.current === round || current.results.length >= SPOKE_CIRCLE_ROUNDS) return;
    submittedRound.current = round;
    // The size as seen now: the box's drawn CSS size can differ between rounds (a resized window).
    angles.current = [...angles.current, spokeSizeDegrees(current.size, boxPx, viewing)];
    const { state: next, result } = submitSpokeCircle(current, current.size);
    setState(next);
    if (result)
      record({ spokeCircle: { [eye]: withVisualAngle(result, angles.current, viewing.distanceMm) } });
    progress();
  };
  usePanelKey(pendingKey, consumeKey, handle);
  const t = useT();

  return (
    <Stack spacing={3} sx={{ alignItems: 'center', py: 4 }}>
      <Typography variant="h5" component="p" sx={{ textAlign: 'center' }}>
        {t('spoke.circleQuestion')}
      </Typography>
      <Box data-testid="spoke-circle-stimulus" data-size={state.size} data-answer={testModeAnswer('submit')}>
        <SpokeTarget
          variant="circle"
          boxPx={boxPx}
          backgroundIndex={spokeBackgroundIndex(round)}
          circleSize={state.size}
          gamma={viewing.gamma}
          devicePixelRatio={viewing.devicePixelRatio}
        />
      </Box>
      <Stack direction="row" spacing={2} role="group" aria-label={t('spoke.circleControls')}>
        <Button
          variant="outlined"
          size="large"
          disabled={state.size <= SPOKE_CIRCLE_MIN}
          onClick={() => handle('decrease')}
        >
          {t('spoke.smaller')}
        </Button>
        <Button
          variant="outlined"
          size="large"
          disabled={state.size >= SPOKE_CIRCLE_MAX}
          onClick={() => handle('increase')}
        >
          {t('spoke.larger')}
        </Button>
        <Button variant="contained" size="large" onClick={() => handle(COMMAND_KEYS.submit)}>
          {t('choice.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
