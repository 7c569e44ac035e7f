import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { StoredResult } from '@visus/contracts';
import { durationHms, resultTests, type TestId } from '@visus/core';
import { useT } from '@/lib/i18n/i18n';
import { correctionWords } from './result-words';
import { dateTime, takenAt, testName } from './result-format';

const UNITS = { m: 'results.setup.metres', ft: 'results.setup.feet' } as const;

function names(tests: readonly TestId[] | undefined): string {
  return tests && tests.length > 0 ? tests.map(testName).join(', ') : '—';
}

/** The duration as HH:MM:SS, or '—' when the stored times do not make one. */
function duration(start: number, end: number): string {
  try {
    return durationHms(start, end);
  } catch {
    return '—';
  }
}

/** The setup and timing of a result (SPEC.md §3): date, mode, correction, units, start, end, duration. */
export function SetupSummary({ result }: { result: StoredResult }) {
  const t = useT();
  const { setup, data } = result;
  const items: [string, ReactNode][] = [
    [t('results.setup.date'), dateTime(takenAt(result))],
    [t('results.setup.tests'), resultTests(result.data).map(testName).join(', ')],
    [
      t('results.setup.mode'),
      setup.testMode
        ? setup.singleTest
          ? t('results.setup.testModeOnly', { test: testName(setup.singleTest) })
          : t('results.setup.testMode')
        : setup.singleTest
          ? t('results.setup.single', { test: testName(setup.singleTest) })
          : t('results.setup.full'),
    ],
    [t('results.setup.correction'), correctionWords(setup.correction)],
    [t('results.setup.units'), UNITS[setup.units] ? t(UNITS[setup.units]) : setup.units],
  ];
  if (!setup.testMode && (setup.testA || setup.testB || setup.testC)) {
    items.push(
      [t('results.setup.partA'), names(setup.testA)],
      [t('results.setup.partB'), names(setup.testB)],
      [t('results.setup.partC'), names(setup.testC)],
    );
  }
  items.push(
    [t('results.setup.started'), dateTime(data.start)],
    [t('results.setup.finished'), dateTime(data.end)],
    [t('results.setup.duration'), duration(data.start, data.end)],
  );

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="setup-heading"
      data-print="section"
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Typography id="setup-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('results.setup.heading')}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
          },
          gap: 1.5,
        }}
      >
        {items.map(([label, value]) => (
          <Box key={label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
