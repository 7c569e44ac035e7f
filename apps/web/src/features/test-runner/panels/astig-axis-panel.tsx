import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import {
  AXIS_ANSWERS,
  AXIS_IMAGE_DEGREES,
  AXIS_LETTER_ROTATIONS,
  AXIS_MAX_RESPONSES,
  answerAxis,
  answerAxisLetter,
  axisImagePair,
  axisLetterCompared,
  axisLetterLogMar,
  axisResult,
  axisStartFromLetter,
  cssPx,
  degrees,
  fitDegreesToCssPx,
  isAxisLetterRotationKey,
  logMar,
  measurableRange,
  optotypeSize,
  pixelsPerDegree,
  snellenLabel,
  startAxisLetter,
  startAxisSearch,
  turnAxisLetter,
  type AxisAnswer,
  type AxisLetterState,
  type AxisState,
} from '@visus/core';
import { AxisImages, RotatingLetterDisplay } from '@/features/test-runner/stimuli/axis-images';
import { ChoiceButtons } from '@/features/test-runner/run/choice-buttons';
import type { TestPanelProps } from './panel-types';
import { testModeAnswer, useLatestState, usePanelKey, windowShareCssPx } from './use-panel-key';
import { useT } from '@/lib/i18n/i18n';
import { withDecimalMark } from '@/lib/i18n/numbers';

const isAxisAnswer = (key: string): key is AxisAnswer => (AXIS_ANSWERS as readonly string[]).includes(key);

/** Room kept above and below the letter for the text and buttons, CSS px. */
const VERTICAL_MARGIN_PX = 320;

/** One eye's run: the rotating letter first, then the image pair started from its answer (docs/adr/0017). */
type AxisRun =
  | { readonly step: 'letter'; readonly letter: AxisLetterState }
  | { readonly step: 'pair'; readonly search: AxisState };

/**
 * Astigmatism Axis (SPEC.md §2, §4; docs/adr/0017): per eye, first a Tumbling E at the person's acuity
 * (this battery's for the eye, else 6/9.5, core axisLetterLogMar) turned with the 0/90/180/270 buttons, its
 * Snellen fraction at the top right; the person submits the sharpest turn or says all look the same (core
 * answerAxisLetter). Then the two gratings straddling the axis estimate, started on the letter's sharper
 * meridian (core axisStartFromLetter); core `answerAxis` moves the axis and decides the endpoint; then
 * `{ astigAxis: { [eye]: axisResult } }` is recorded and the flow moves on.
 */
export function AstigAxisPanel(props: TestPanelProps) {
  return <AxisRunPanel key={props.eye} {...props} />;
}

function AxisRunPanel(props: TestPanelProps) {
  const { eye, pendingKey, consumeKey, record, progress, reportStep } = props;
  const [run, latest, setRun] = useLatestState<AxisRun>(() => ({
    step: 'letter',
    letter: startAxisLetter(),
  }));
  // Shown when the person chooses a turn before comparing both meridians.
  const [compareFirst, setCompareFirst] = useState(false);

  useEffect(() => {
    reportStep?.(run.step === 'letter' ? 'axis-letter' : 'axis-pair');
  }, [run.step, reportStep]);

  const handle = (key: string) => {
    const current = latest();
    if (current.step === 'letter') {
      if (isAxisLetterRotationKey(key)) {
        setCompareFirst(false);
        setRun({ step: 'letter', letter: turnAxisLetter(current.letter, Number(key)) });
      } else if (key === 'same' || key === 'submit') {
        if (key === 'submit' && !axisLetterCompared(current.letter)) {
          setCompareFirst(true);
          return;
        }
        const choice = answerAxisLetter(current.letter, key).choice!;
        setRun({ step: 'pair', search: startAxisSearch(axisStartFromLetter(choice), choice) });
      }
      return;
    }
    if (!isAxisAnswer(key) || current.search.endpoint !== null) return;
    const next = answerAxis(current.search, key);
    setRun({ step: 'pair', search: next });
    if (next.endpoint !== null) {
      record({ astigAxis: { [eye]: axisResult(next) } });
      progress();
    }
  };
  usePanelKey(pendingKey, consumeKey, handle);

  return run.step === 'letter' ? (
    <LetterStep {...props} letter={run.letter} compareFirst={compareFirst} onKey={handle} />
  ) : (
    <PairStep {...props} search={run.search} onKey={handle} />
  );
}

interface StepProps extends TestPanelProps {
  onKey: (key: string) => void;
}

/** The rotating letter (SPEC.md §2), sized by core from the known acuity or the 6/9.5 fallback. */
function LetterStep({
  viewing,
  knownLogMar,
  letter,
  compareFirst,
  onKey,
  testMode,
}: StepProps & { letter: AxisLetterState; compareFirst: boolean }) {
  const t = useT();
  const [size] = useState(() => {
    const available = Math.max(100, window.innerHeight - VERTICAL_MARGIN_PX);
    const range = measurableRange(viewing, cssPx(available));
    const wanted = range.measurable
      ? axisLetterLogMar(knownLogMar, { smallest: range.smallest, largest: range.largest })
      : axisLetterLogMar(knownLogMar, { smallest: -Infinity, largest: Infinity });
    const drawn = optotypeSize(logMar(wanted), viewing, 'tumbling-e');
    return { logMAR: wanted, heightPx: drawn.heightCssPx, fraction: snellenLabel(wanted) };
  });
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', py: 3 }} data-testid="axis-letter-step">
      {testMode && (
        <Typography variant="caption" color="text.secondary" data-testid="astig-axis-state">
          {t('testMode.axisLetter', {
            logMAR: withDecimalMark(String(size.logMAR)),
            source: t(knownLogMar == null ? 'testMode.axisSource.fallback' : 'testMode.axisSource.battery'),
            rotation: String(letter.rotation),
            shown: letter.shown.join(', '),
          })}
        </Typography>
      )}
      <Typography variant="h5" component="p" sx={{ textAlign: 'center' }}>
        {t('axis.letterQuestion')}
      </Typography>
      <Box data-testid="axis-letter" data-rotation={letter.rotation} data-fraction={size.fraction}>
        <RotatingLetterDisplay rotation={letter.rotation} heightPx={size.heightPx} fraction={size.fraction} />
      </Box>
      <Stack direction="row" spacing={1} role="group" aria-label={t('axis.turnLetter')}>
        {AXIS_LETTER_ROTATIONS.map((rotation) => (
          <Button
            key={rotation}
            variant={letter.rotation === rotation ? 'contained' : 'outlined'}
            aria-pressed={letter.rotation === rotation}
            onClick={() => onKey(String(rotation))}
          >
            {rotation}°
          </Button>
        ))}
      </Stack>
      {compareFirst && (
        <Alert severity="info" data-testid="axis-letter-compare-first">
          {t('axis.compareFirst')}
        </Alert>
      )}
      <ChoiceButtons label={t('choice.yourAnswer')}>
        <Button variant="contained" size="large" onClick={() => onKey('submit')}>
          {t('axis.sharpest')}
        </Button>
        <Button variant="outlined" size="large" onClick={() => onKey('same')}>
          {t('axis.allSame')}
        </Button>
      </ChoiceButtons>
    </Stack>
  );
}

/** The image pair (SPEC.md §2): two gratings straddling the axis estimate (core axisImagePair). */
function PairStep({ viewing, testMode, search, onKey }: StepProps & { search: AxisState }) {
  const t = useT();
  const { leftDeg, rightDeg } = axisImagePair(search);
  const sizePx = fitDegreesToCssPx(
    degrees(AXIS_IMAGE_DEGREES),
    viewing,
    windowShareCssPx({ width: 0.4, height: 0.55 }),
  );
  const ended = search.endpoint !== null;
  return (
    <Stack spacing={4} sx={{ alignItems: 'center', py: 4 }} data-testid="axis-pair-step">
      {testMode && (
        <Typography variant="caption" color="text.secondary" data-testid="astig-axis-state">
          {t('testMode.axisPair', {
            axis: withDecimalMark(String(search.axis)),
            left: withDecimalMark(String(leftDeg)),
            right: withDecimalMark(String(rightDeg)),
            count: String(search.responses.length),
            max: String(AXIS_MAX_RESPONSES),
          })}
        </Typography>
      )}
      <Typography variant="h5" component="p" sx={{ textAlign: 'center' }}>
        {t('axis.pairQuestion')}
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
      <ChoiceButtons label={t('choice.yourAnswer')}>
        <Button variant="outlined" size="large" disabled={ended} onClick={() => onKey('left')}>
          {t('axis.left')}
        </Button>
        <Button variant="contained" size="large" disabled={ended} onClick={() => onKey('same')}>
          {t('choice.bothSame')}
        </Button>
        <Button variant="outlined" size="large" disabled={ended} onClick={() => onKey('right')}>
          {t('axis.right')}
        </Button>
      </ChoiceButtons>
    </Stack>
  );
}
