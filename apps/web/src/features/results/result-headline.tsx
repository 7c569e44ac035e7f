import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { StoredResult } from '@visus/contracts';
import { resultHeadline, type ResultEye, type TestId } from '@visus/core';
import { useT, type MessageId } from '@/lib/i18n/i18n';
import { takenCrowded, testName } from './result-format';
import { eyeFigureWords } from './result-words';

const EYE_LABEL = {
  right: 'results.eye.rightLetter',
  left: 'results.eye.leftLetter',
  stereo: 'results.eye.bothLetter',
} as const satisfies Record<string, MessageId>;
const EYE_NAME = {
  right: 'results.eye.rightLower',
  left: 'results.eye.leftLower',
  stereo: 'results.eye.bothLower',
} as const satisfies Record<string, MessageId>;

/** One eye's stored outcome of one test. */
function valueOf(result: StoredResult, test: TestId, eye: ResultEye): unknown {
  return (result.data[test] as Partial<Record<ResultEye, unknown>> | undefined)?.[eye];
}

/**
 * The key figures of a result for the list: per test, each eye's headline value (core's resultHeadline,
 * its figures in the reader's language: result-words.ts).
 */
export function ResultHeadline({ result }: { result: StoredResult }) {
  const t = useT();
  const headline = resultHeadline(result);
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.25 }}>
      {headline.tests.map((test) => (
        <Typography component="li" variant="body2" key={test.id}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {testName(test.id)}
            {/* Crowded acuity is not comparable with uncrowded: said beside the figures. */}
            {takenCrowded(result.data, test.id) && ` ${t('results.crowded')}`}:
          </Box>{' '}
          {test.eyes.map(({ eye }, index) => (
            <span key={eye}>
              {index > 0 && ' · '}
              <abbr title={t(EYE_NAME[eye])} style={{ textDecoration: 'none' }}>
                {t(EYE_LABEL[eye])}
              </abbr>{' '}
              {eyeFigureWords(test.id, valueOf(result, test.id, eye), result.setup.units)}
            </span>
          ))}
        </Typography>
      ))}
    </Box>
  );
}
