import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import {
  CoreInputError,
  acuityEyeResult,
  ASTIG_POWER_CONTRAST,
  ASTIG_POWER_MEAN_LUMINANCE,
  createGratingProcedure,
  degrees,
  fitDegreesToCssPx,
  GRATING_ANSWER_DELAY_MS,
  GRATING_POSITIONS,
  GRATING_TARGET_DEGREES,
  gratingLogMarRange,
  pixelsPerDegree,
  shouldStoreAcuityResult,
  type GratingProcedure,
  type GratingTrial,
} from '@visus/core';
import { SineGrating } from '@/features/test-runner/stimuli/sine-grating';
import type { TestPanelProps } from './panel-types';
import { testModeAnswer, usePanelKey, useStoreIfEndedOnResume, windowShareCssPx } from './use-panel-key';
import { useT } from '@/lib/i18n/i18n';
import { formatFixed } from '@/lib/i18n/numbers';
import { inputErrorText } from '@/features/test-runner/run/input-error-words';

/**
 * Bar orientation when the screen does not pass the eye's axis (degrees): vertical bars. The screen may
 * pass the Astigmatism Axis endpoint as `axisDeg` to measure along the astigmatic meridian.
 */
export const ASTIG_POWER_DEFAULT_ORIENTATION = 90;

const POSITIONS = Array.from({ length: GRATING_POSITIONS }, (_, i) => i + 1);

/** Props: the panel interface, plus the axis (degrees) to orient the grating when the screen knows it. */
export type AstigPowerPanelProps = TestPanelProps & { readonly axisDeg?: number };

/**
 * Astigmatism Power (SPEC.md §3, §4): three round targets of equal mean luminance, one holding a sine
 * grating at a random position; keys 1–3 name it (core `isGratingAnswerCorrect` via the grating
 * procedure). The grating's frequency adapts with core `createGratingProcedure` (the acuity procedure on
 * gratings); after each answer the targets go blank for 400 ms (GRATING_ANSWER_DELAY_MS). The result is
 * acuity-style, `{ astigPower: { [eye]: { va, rounds, loopLength } } }`, recorded when core
 * `shouldStoreAcuityResult` says so; the flow is told each round, with `skip` if the procedure stops early.
 */
export function AstigPowerPanel(props: AstigPowerPanelProps) {
  const { viewing } = props;
  const t = useT();
  const targetPx = fitDegreesToCssPx(
    degrees(GRATING_TARGET_DEGREES),
    viewing,
    windowShareCssPx({ width: 0.25, height: 0.45 }),
  );
  let range: { minLogMAR: number; maxLogMAR: number };
  try {
    range = gratingLogMarRange({
      pixelsPerDegree: pixelsPerDegree(viewing),
      devicePixelRatio: viewing.devicePixelRatio,
      targetSizePx: targetPx,
    });
  } catch (error) {
    // Only a tiny target at a very short distance gets here: say why and let the person move on.
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', m: 4 }}>
        <Alert severity="error">
          {t('power.cannotShow', {
            reason: error instanceof CoreInputError ? inputErrorText(error) : (error as Error).message,
          })}
        </Alert>
        <Button variant="contained" onClick={() => props.progress({ skip: true })}>
          {t('power.skipEye')}
        </Button>
      </Stack>
    );
  }
  return <GratingRun key={props.eye} {...props} targetPx={targetPx} range={range} />;
}

function GratingRun({
  eye,
  round,
  loopLength,
  pendingKey,
  consumeKey,
  record,
  progress,
  viewing,
  rng,
  axisDeg,
  testMode,
  targetPx,
  range,
  resumeTrials,
  saveTrials,
}: AstigPowerPanelProps & { targetPx: number; range: { minLogMAR: number; maxLogMAR: number } }) {
  // After a reload: the eye's answered trials, so the run goes on where it was (core replay).
  const [procedure] = useState<GratingProcedure>(() =>
    createGratingProcedure({ rng, ...range, maxTrials: loopLength, replay: resumeTrials }),
  );
  const [trial, setTrial] = useState<GratingTrial | null>(() => procedure.next());

  /** Stores the eye's result and moves the flow on, skipping the rounds left when it ended early. */
  const storeResult = (lastRound: number) => {
    record({ astigPower: { [eye]: acuityEyeResult(procedure.result(), loopLength) } });
    progress(lastRound < loopLength ? { skip: true } : undefined);
  };
  useStoreIfEndedOnResume(procedure.finished, () => storeResult(round - 1));
  // During the 400 ms gap after an answer the targets are blank and answers are ignored.
  const [blank, setBlank] = useState(false);
  // The same, readable at once by a second click in the same tick.
  const answering = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const handle = (key: string) => {
    const position = Number(key);
    if (!POSITIONS.includes(position) || key !== String(position)) return;
    if (answering.current || trial === null || procedure.finished) return;
    answering.current = true;
    procedure.answer(position);
    saveTrials?.(procedure.trials);
    setBlank(true);
    if (shouldStoreAcuityResult(round, loopLength, procedure.finished)) {
      storeResult(round);
      setTrial(null);
      return;
    }
    progress();
    timer.current = setTimeout(() => {
      timer.current = null;
      setTrial(procedure.next());
      setBlank(false);
      answering.current = false;
    }, GRATING_ANSWER_DELAY_MS);
  };
  usePanelKey(pendingKey, consumeKey, handle);
  const t = useT();

  const ppd = pixelsPerDegree(viewing);
  const showGrating = !blank && trial !== null;
  return (
    <Stack spacing={4} sx={{ alignItems: 'center', py: 4 }}>
      {testMode && trial && (
        <Typography variant="caption" color="text.secondary" data-testid="astig-power-state">
          {t('testMode.power', {
            logMAR: formatFixed(trial.logMAR, 1),
            cpd: formatFixed(trial.cyclesPerDegree, 2),
            position: String(trial.position),
            min: formatFixed(range.minLogMAR, 2),
            max: formatFixed(range.maxLogMAR, 2),
          })}
        </Typography>
      )}
      <Typography variant="h5" component="p" sx={{ textAlign: 'center' }}>
        {t('power.question')}
      </Typography>
      <Stack
        direction="row"
        spacing={`${Math.round(targetPx / 4)}px`}
        data-testid="astig-power-stimulus"
        data-answer={testModeAnswer(showGrating ? String(trial.position) : null)}
      >
        {POSITIONS.map((position) => (
          <Stack key={position} spacing={2} sx={{ alignItems: 'center' }}>
            {/*
              Every target gets the same grating props: the grating's target draws it, the blanks emit its
              drawn mean luminance under the stored gamma (core fillGratingChoicePatch), each times its own
              jitter factor for this trial, so brightness points at no target.
            */}
            <SineGrating
              sizePx={targetPx}
              cyclesPerDegree={showGrating ? trial.cyclesPerDegree : 1}
              pixelsPerDegree={ppd}
              orientationDeg={axisDeg ?? ASTIG_POWER_DEFAULT_ORIENTATION}
              contrast={ASTIG_POWER_CONTRAST}
              gamma={viewing.gamma}
              meanLuminance={ASTIG_POWER_MEAN_LUMINANCE}
              patch={showGrating && trial.position === position ? 'grating' : 'blank'}
              luminanceFactor={showGrating ? trial.luminanceFactors[position - 1]! : 1}
              shape="circle"
              devicePixelRatio={viewing.devicePixelRatio}
              testId={showGrating && trial.position === position ? 'grating-target' : 'blank-target'}
            />
            <Button
              variant="outlined"
              size="large"
              disabled={!showGrating}
              onClick={() => handle(String(position))}
              aria-label={t('power.circle', { position })}
            >
              {position}
            </Button>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
