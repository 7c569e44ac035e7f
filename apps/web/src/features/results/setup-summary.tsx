import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { StoredResult } from '@visus/contracts';
import { durationHms, resultTests, type TestId } from '@visus/core';
import { dateTime, takenAt, testName } from './result-format';

const UNITS: Record<StoredResult['setup']['units'], string> = { m: 'Metres (6/x)', ft: 'Feet (20/x)' };

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
  const { setup, data } = result;
  const items: [string, ReactNode][] = [
    ['Date', dateTime(takenAt(result))],
    ['Tests', resultTests(result.data).map(testName).join(', ')],
    [
      'Mode',
      setup.testMode
        ? `Test mode${setup.singleTest ? `: ${testName(setup.singleTest)} only` : ''}`
        : setup.singleTest
          ? `Single test: ${testName(setup.singleTest)}`
          : 'Full test',
    ],
    ['Correction', setup.correction.trim() || 'None stated'],
    ['Units', UNITS[setup.units]],
  ];
  if (!setup.testMode && (setup.testA || setup.testB || setup.testC)) {
    items.push(
      ['Part A', names(setup.testA)],
      ['Part B', names(setup.testB)],
      ['Part C', names(setup.testC)],
    );
  }
  items.push(
    ['Started', dateTime(data.start)],
    ['Finished', dateTime(data.end)],
    ['Duration', duration(data.start, data.end)],
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
        Setup and timing
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
