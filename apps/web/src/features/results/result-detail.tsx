import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { ExportMenu } from './export-menu';
import { ResultPrintStyles } from './print-styles';
import { ReportLetterhead } from './report-header';
import { ResultReport } from './result-report';
import { ResultReviewBlock } from './result-review';
import { dateTime, takenAt } from './result-format';
import { useGetResultQuery } from './results-api';
import { writeView, type ResultsView } from './results-url';

/**
 * One result (`?id=`): setup, timing and every test's outcome per eye, and a clinician's review when there
 * is one; print and download it.
 */
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
        <ResultReport result={result} review={<ResultReviewBlock resultId={result._id} />} />
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
