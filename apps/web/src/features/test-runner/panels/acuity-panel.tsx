import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  acuityChartEyeResult,
  CANNOT_SEE_KEY,
  canonicalResponse,
  crowdedExtent,
  CROWDING_GAP_STROKES,
  drawsCrowded,
  createAcuityProcedure,
  cssPx,
  logMar,
  measurableRange,
  nearestLevel,
  optotypeSize,
  shouldStoreAcuityResult,
  snellenLabel,
  type AcuityOptotype,
  type AcuityProcedure,
  type AcuityStimulus,
  type TestId,
} from '@visus/core';
import { LandoltC } from '@/features/test-runner/stimuli/optotypes/landolt-c';
import { SloanLetter } from '@/features/test-runner/stimuli/optotypes/sloan-letter';
import { TumblingE } from '@/features/test-runner/stimuli/optotypes/tumbling-e';
import type { ResultPatch, TestPanelProps } from './panel-types';
import { testModeAnswer, usePanelKey, useStoreIfEndedOnResume } from './use-panel-key';
import { useT } from '@/lib/i18n/i18n';
import { formatFixed } from '@/lib/i18n/numbers';

/** The acuity charts and the optotype each shows. */
const OPTOTYPES: Partial<Record<TestId, AcuityOptotype>> = {
  sloan: 'sloan',
  landoltC: 'landolt-c',
  tumblingE: 'tumbling-e',
};

/** Room kept free above and below the optotype (progress line, margins), CSS px. */
const VERTICAL_MARGIN_PX = 120;

/**
 * The procedure's answer form of a key: a letter for Sloan, a rotation in degrees for the others, and
 * "I can't see it" as itself (the procedure scores it as a wrong answer, ADR 0024).
 */
function responseOf(optotype: AcuityOptotype, key: string): string | number | null {
  try {
    if (key === CANNOT_SEE_KEY) return canonicalResponse(optotype, key);
    return canonicalResponse(optotype, optotype === 'sloan' ? key : key.trim() === '' ? NaN : Number(key));
  } catch {
    return null; // a command or a key of another test: consumed without effect
  }
}

/**
 * Sloan letters, Landolt C and Tumbling E (SPEC.md §4 "Acuity tests"): one core adaptive procedure per eye
 * (the screen mounts a new panel for each eye), limited to the levels this screen can draw correctly at
 * this distance (core `measurableRange`: at least 10 device px tall, and the letter fitting the window).
 * Each answer goes to the procedure; the eye's result is stored when core's store rule says so, then the
 * flow moves on, skipping the remaining rounds when the procedure finished early. A threshold beyond those
 * levels is stored as a bound ("0.5 or better", ADR 0010) with the viewing distance. When the session asks
 * for crowding, Sloan and Tumbling E are drawn with bars one stroke away (core `drawsCrowded`,
 * `crowdingBars`) and the result says it was crowded.
 */
export function AcuityPanel(props: TestPanelProps) {
  const t = useT();
  const {
    test,
    eye,
    round,
    loopLength,
    pendingKey,
    consumeKey,
    progress,
    record,
    viewing,
    rng,
    testMode,
    crowding,
    resumeTrials,
    saveTrials,
  } = props;
  const crowded = drawsCrowded(test, crowding);
  const optotype = OPTOTYPES[test];
  if (!optotype) throw new Error(`The acuity panel cannot run ${test}`);

  const [run] = useState(() => {
    const available = Math.max(100, window.innerHeight - VERTICAL_MARGIN_PX);
    // Crowded, the drawing is `side` strokes tall for the letter's 5 (core crowdedExtent), and must fit too.
    const { side } = crowdedExtent(crowded ? CROWDING_GAP_STROKES : null);
    // Core's one range rule (at least 10 device px tall, fitting the window), as Setup shows it.
    const range = measurableRange(viewing, cssPx((available * 5) / side));
    if (!range.measurable) {
      throw new Error('This screen is too small for any chart line at the calibrated distance.');
    }
    const procedure: AcuityProcedure = createAcuityProcedure({
      optotype,
      rng,
      minLogMAR: range.smallest,
      maxLogMAR: range.largest,
      maxTrials: loopLength,
      // After a reload: the eye's answered trials, so the run goes on where it was (core replay).
      replay: resumeTrials,
      // The likelihood uses the logMAR each level is drawn at, after snapping to device pixels (and, for
      // Tumbling E, to a multiple of 5 device px so its strokes are exact: core optotypeSize).
      drawnLogMar: (level) => optotypeSize(logMar(level), viewing, optotype).logMarShown,
      // A threshold beyond the levels this screen can draw is stored, shown and exported as a bound
      // ("0.5 or better"), never as an extrapolated value (docs/adr/0010-censored-acuity-results.md).
      reportBounds: true,
    });
    return { procedure, first: procedure.next() };
  });
  const { procedure } = run;
  const [stimulus, setStimulus] = useState<AcuityStimulus | null>(run.first);

  /** Stores the eye's result and moves the flow on, skipping the rounds left when it ended early. */
  const storeResult = (lastRound: number) => {
    // Core decides the record: va, rounds, loopLength, the estimate, its interval and label, a bound's side
    // and value, and the viewing distance a bound's reason names.
    const eyeResult = acuityChartEyeResult(procedure.result(), loopLength, viewing.distanceMm, crowded);
    record({ [test]: { [eye]: eyeResult } } as ResultPatch);
    // Finished before the last round: the rest of this eye's rounds are skipped (SPEC.md §9 skip flag).
    progress(lastRound < loopLength ? { skip: true } : undefined);
  };

  useStoreIfEndedOnResume(procedure.finished, () => storeResult(round - 1));

  usePanelKey(pendingKey, consumeKey, (key) => {
    if (!stimulus || procedure.finished) return;
    const response = responseOf(optotype, key);
    if (response === null) return;
    procedure.answer(response);
    saveTrials?.(procedure.trials);
    if (shouldStoreAcuityResult(round, loopLength, procedure.finished)) {
      setStimulus(null);
      storeResult(round);
    } else {
      setStimulus(procedure.next());
      progress();
    }
  });

  if (!stimulus) return null;
  const size = optotypeSize(logMar(stimulus.logMAR), viewing, optotype);
  const heightPx = size.heightCssPx;
  const answer = testModeAnswer(String(stimulus.optotype));
  const shown =
    optotype === 'sloan' ? (
      <SloanLetter letter={String(stimulus.optotype)} heightPx={heightPx} crowding={crowded} />
    ) : optotype === 'landolt-c' ? (
      <LandoltC rotation={Number(stimulus.optotype)} heightPx={heightPx} />
    ) : (
      <TumblingE rotation={Number(stimulus.optotype)} heightPx={heightPx} crowding={crowded} />
    );

  return (
    <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '60vh' }}>
      <Box
        data-testid="acuity-stimulus"
        data-answer={answer}
        data-logmar={stimulus.logMAR}
        data-crowded={String(crowded)}
        sx={{ lineHeight: 0 }}
      >
        {shown}
      </Box>
      {testMode && (
        <Box
          role="region"
          aria-label={t('testMode.procedureState')}
          sx={{
            position: 'absolute',
            left: 16,
            bottom: 16,
            px: 1.5,
            py: 1,
            borderRadius: 1,
            bgcolor: 'rgba(255, 243, 224, 0.95)',
            color: '#000',
            border: 1,
            borderColor: 'warning.main',
          }}
        >
          <Typography variant="body2">
            {t('testMode.acuityTrial', {
              level: String(nearestLevel(stimulus.logMAR)),
              logMAR: formatFixed(stimulus.logMAR, 1),
              snellen: snellenLabel(stimulus.logMAR),
              round: String(round),
              loopLength: String(loopLength),
              eye: t(eye === 'right' ? 'testMode.eye.right' : 'testMode.eye.left'),
            })}
          </Typography>
          <Typography variant="body2">
            {t('testMode.acuityStimulus', {
              css: formatFixed(heightPx, 2),
              device: String(size.heightDevicePx),
              answer: String(stimulus.optotype),
            })}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
