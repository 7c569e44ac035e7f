import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { StoredResult } from '@visus/contracts';
import { resultHeadline } from '@visus/core';
import { takenCrowded } from './result-format';

const EYE_LABEL = { right: 'R', left: 'L', stereo: 'Both' } as const;
const EYE_NAME = { right: 'right eye', left: 'left eye', stereo: 'both eyes' } as const;

/** The key figures of a result for the list: per test, each eye's headline value (core's resultHeadline). */
export function ResultHeadline({ result }: { result: StoredResult }) {
  const headline = resultHeadline(result);
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.25 }}>
      {headline.tests.map((test) => (
        <Typography component="li" variant="body2" key={test.id}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {test.name}
            {/* Crowded acuity is not comparable with uncrowded: said beside the figures. */}
            {takenCrowded(result.data, test.id) && ' (crowded)'}:
          </Box>{' '}
          {test.eyes.map(({ eye, figure }, index) => (
            <span key={eye}>
              {index > 0 && ' · '}
              <abbr title={EYE_NAME[eye]} style={{ textDecoration: 'none' }}>
                {EYE_LABEL[eye]}
              </abbr>{' '}
              {figure}
            </span>
          ))}
        </Typography>
      ))}
    </Box>
  );
}
