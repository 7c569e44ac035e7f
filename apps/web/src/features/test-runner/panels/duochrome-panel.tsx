import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import {
  degrees,
  DUOCHROME_ANSWERS,
  fitDegreesToCssPx,
  recordDuochrome,
  type DuochromeAnswer,
} from '@visus/core';
import { ChoiceButtons } from '@/features/test-runner/run/choice-buttons';
import { DuochromeBoxes } from '@/features/test-runner/stimuli/duochrome-boxes';
import type { TestPanelProps } from './panel-types';
import { testModeAnswer, useLatestState, usePanelKey, windowShareCssPx } from './use-panel-key';
import { useT } from '@/lib/i18n/i18n';

/**
 * Height of the red and green boxes, degrees of visual angle: 3° (≈ 31 mm at 60 cm) holds letters large
 * enough to compare sharpness on both halves without any of them being near the acuity threshold.
 */
export const DUOCHROME_BOX_DEGREES = 3;

const isDuochromeAnswer = (key: string): key is DuochromeAnswer =>
  (DUOCHROME_ANSWERS as readonly string[]).includes(key);

/**
 * DuoChrome (SPEC.md §2 red/green two-button screen): the person says on which colour the letters look
 * sharper, or that both look the same. Keys 'red' / 'green' / 'same' (core DUOCHROME_ANSWERS); the answer
 * is appended to the eye's list (core `recordDuochrome`), recorded as `{ duoChrome: { [eye]: list } }`, and the flow moves on.
 */
export function DuochromePanel(props: TestPanelProps) {
  return <DuochromeRound key={props.eye} {...props} />;
}

function DuochromeRound({ eye, round, pendingKey, consumeKey, record, progress, viewing }: TestPanelProps) {
  const [, answers, setAnswers] = useLatestState<DuochromeAnswer[]>([]);
  // The round already answered: a second press before the flow moves on changes nothing.
  const answeredRound = useRef<number | null>(null);
  const t = useT();

  const handle = (key: string) => {
    if (!isDuochromeAnswer(key) || answeredRound.current === round) return;
    answeredRound.current = round;
    const list = recordDuochrome(answers(), key);
    setAnswers(list);
    record({ duoChrome: { [eye]: list } });
    progress();
  };
  usePanelKey(pendingKey, consumeKey, handle);

  const heightPx = fitDegreesToCssPx(
    degrees(DUOCHROME_BOX_DEGREES),
    viewing,
    windowShareCssPx({ width: 0.4, height: 0.5 }),
  );
  return (
    <Stack spacing={4} sx={{ alignItems: 'center', py: 4 }}>
      <Typography variant="h5" component="p" sx={{ textAlign: 'center' }}>
        {t('duochrome.question')}
      </Typography>
      <Box data-testid="duochrome-stimulus" data-answer={testModeAnswer('green')}>
        <DuochromeBoxes heightPx={heightPx} />
      </Box>
      <ChoiceButtons label={t('choice.yourAnswer')}>
        <Button variant="contained" color="error" size="large" onClick={() => handle('red')}>
          {t('duochrome.red')}
        </Button>
        <Button variant="outlined" size="large" onClick={() => handle('same')}>
          {t('choice.bothSame')}
        </Button>
        <Button variant="contained" color="success" size="large" onClick={() => handle('green')}>
          {t('duochrome.green')}
        </Button>
      </ChoiceButtons>
    </Stack>
  );
}
