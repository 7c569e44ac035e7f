import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import type { StoredResult } from '@visus/contracts';
import { hasAcuityBound, resultTests } from '@visus/core';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { ExportMenu } from './export-menu';
import { ResultPrintStyles } from './print-styles';
import { ResultVerdict } from './result-verdict';
import { ReportFooter, ReportHeader, ReportLetterhead } from './report-header';
import { RetestFromCloser } from './retest-from-closer';
import { SetupSummary } from './setup-summary';
import { TestOutcome } from './test-outcome';
import { dateTime, takenAt } from './result-format';
import { useGetResultQuery } from './results-api';
import { writeView, type ResultsView } from './results-url';

function Report({ result }: { result: StoredResult }) {
  const tests = resultTests(result.data);
  return (
    <Stack spacing={3} data-print="report">
      <ResultVerdict result={result} />
      <ReportHeader result={result} />
      <SetupSummary result={result} />
      <RetestFromCloser result={result} />
      {tests.map((test) => (
        <TestOutcome key={test} test={test} result={result} />
      ))}
      <Typography variant="body2" color="text.secondary">
        logMAR 0.0 is 6/6 (20/20); lower logMAR is sharper vision. The 95 % interval is the range the true
        acuity most likely lies in.
        {hasAcuityBound(result.data) &&
          ' “Or better” means the eye read the smallest line this screen could draw at that distance, so its ' +
            'acuity is that or better but was not measured further (“or worse”: beyond the largest line); ' +
            'a bound has no 95 % interval. Testing from further away (or, for “or worse”, closer) measures it.'}
      </Typography>
      <ReportFooter />
    </Stack>
  );
}

/** One result (`?id=`): setup, timing and every test's outcome per eye; print and download it. */
export function ResultDetail({ view }: { view: ResultsView }) {
  const { pathname } = useLocation();
  const id = view.id ?? '';
  const { data: result, error, isLoading, refetch } = useGetResultQuery(id);
  const backTo = { pathname, search: writeView({ ...view, id: null }).toString() };

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <ResultPrintStyles />
      <Box data-print="hide">
        <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />}>
          All results
        </Button>
      </Box>
      {result && <ReportLetterhead result={result} />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end' }}>
        <Box sx={{ flex: '1 1 320px' }}>
          <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }} data-print="hide">
            Result
          </Typography>
          <Typography
            variant="h3"
            component="h1"
            sx={{ fontSize: { xs: '1.9rem', sm: '2.4rem' }, '@media print': { fontSize: '16pt' } }}
          >
            {result ? `Test of ${dateTime(takenAt(result))}` : 'Test result'}
          </Typography>
        </Box>
        {result && (
          <Stack direction="row" spacing={1} data-print="hide" sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
              Print report
            </Button>
            <ExportMenu label="Download" kind="result" load={() => Promise.resolve([result])} />
          </Stack>
        )}
      </Box>
      {result ? (
        <Report result={result} />
      ) : error && !isLoading ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <LoadErrorAlert error={error} onRetry={() => void refetch()} />
        </Paper>
      ) : (
        <Stack spacing={2} aria-busy="true" aria-label="Loading the result">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={140} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
