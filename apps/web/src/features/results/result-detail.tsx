import { lazy, Suspense } from 'react';
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
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useCurrentUser } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/i18n';
import { ExportMenu } from './export-menu';
import { ResultPrintStyles } from './print-styles';
import { ReportLetterhead } from './report-header';
import { ResultReport } from './result-report';
import { ResultReviewBlock } from './result-review';
import { dateTime, takenAt } from './result-format';
import { useGetResultQuery } from './results-api';
import { writeView, type ResultsView } from './results-url';
import { LoadingPlaceholder } from '@/components/loading-placeholder';

// Its own file, fetched once a result is open: the list and the report need none of it.
const ShareLinksSection = lazy(async () => ({
  default: (await import('./share-links-section')).ShareLinksSection,
}));

/** The report of one of my results: my name and date of birth, and the offer to retest from closer. */
function OwnReport({ result }: { result: StoredResult }) {
  const { data: me, isLoading } = useCurrentUser();
  return (
    <ResultReport
      result={result}
      person={isLoading ? undefined : me ? { name: me.name, dob: me.dob } : null}
      retest
      review={<ResultReviewBlock resultId={result._id} />}
    />
  );
}

/**
 * One result (`?id=`): setup, timing and every test's outcome per eye, and a clinician's review when there
 * is one; print, download and share it.
 */
export function ResultDetail({ view }: { view: ResultsView }) {
  const t = useT();
  const { pathname } = useLocation();
  const id = view.id ?? '';
  const { data: result, error, isLoading, refetch } = useGetResultQuery(id);
  const backTo = { pathname, search: writeView({ ...view, id: null }).toString() };

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <ResultPrintStyles />
      <Box data-print="hide">
        <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />}>
          {t('results.detail.allResults')}
        </Button>
      </Box>
      {result && <ReportLetterhead result={result} />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end' }}>
        <Box sx={{ flex: '1 1 320px' }}>
          <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }} data-print="hide">
            {t('results.detail.overline')}
          </Typography>
          <Typography
            variant="h3"
            component="h1"
            sx={{ fontSize: { xs: '1.9rem', sm: '2.4rem' }, '@media print': { fontSize: '16pt' } }}
          >
            {result
              ? t('results.detail.titleOf', { date: dateTime(takenAt(result)) })
              : t('results.detail.title')}
          </Typography>
        </Box>
        {result && (
          <Stack direction="row" spacing={1} data-print="hide" sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
              {t('results.detail.print')}
            </Button>
            <ExportMenu
              label={t('results.detail.download')}
              kind="result"
              load={() => Promise.resolve([result])}
            />
          </Stack>
        )}
      </Box>
      {result ? (
        <>
          <OwnReport result={result} />
          <Suspense
            fallback={
              <LoadingPlaceholder label={t('results.detail.loadingSharing')}>
                <Skeleton variant="rounded" height={120} />
              </LoadingPlaceholder>
            }
          >
            <ShareLinksSection resultId={result._id} />
          </Suspense>
        </>
      ) : error && !isLoading ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <LoadErrorAlert error={error} onRetry={() => void refetch()} />
        </Paper>
      ) : (
        <LoadingPlaceholder spacing={2} label={t('results.detail.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={140} />
          ))}
        </LoadingPlaceholder>
      )}
    </Stack>
  );
}
