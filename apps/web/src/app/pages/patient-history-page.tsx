import { Link as RouterLink, useLocation, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { StoredResult } from '@visus/contracts';
import {
  acuityNotation,
  formatLogMar,
  lineRounding,
  TEST_IDS,
  VERDICT_CHARTS,
  type TestId,
} from '@visus/core';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { usePatientResultsQuery } from '@/features/clinic/clinic-api';
import { resultPath } from '@/features/clinic/clinic-paths';
import { dateTime, testName } from '@/features/results/result-format';
import { boundWords, correctionWords, localNumber } from '@/features/results/result-words';
import { t, useT } from '@/lib/i18n/i18n';
import { TrendBlock, TrendLegend } from '@/features/results/trend-block';
import { acuityTrends } from '@/features/results/trend-data';
import { LoadingPlaceholder } from '@/components/loading-placeholder';

type Acuity = { logMAR?: number; va: number; censored?: 'better-than' | 'worse-than'; bound?: number };

/**
 * A letter chart's figure as the clinic's lists write it (patient-flags acuityText): "6/19 or better (0.50)",
 * in the reader's language.
 */
function acuityWords(logMAR: number, censored: Acuity['censored'] | null): string {
  const qualifier = censored === 'better-than' ? 'or better' : censored === 'worse-than' ? 'or worse' : null;
  const line = acuityNotation(logMAR, lineRounding(qualifier)).text.snellen6;
  return `${boundWords(censored, line)} (${localNumber(formatLogMar(logMAR))})`;
}

/** The per-eye figure of a result's first letter chart, or "not recorded". */
function eyeText(result: StoredResult, eye: 'right' | 'left'): string {
  const data = result.data as Partial<Record<TestId, { right?: Acuity | number; left?: Acuity | number }>>;
  const chart = VERDICT_CHARTS.find((id) => data[id]?.[eye] !== undefined);
  if (!chart) return t('results.report.notRecorded');
  const value = data[chart]![eye]!;
  if (typeof value === 'number') return `${acuityWords(value, null)} ${testName(chart)}`;
  const logMAR = value.censored ? (value.bound ?? value.logMAR ?? value.va) : (value.logMAR ?? value.va);
  return `${acuityWords(logMAR, value.censored ?? null)} ${testName(chart)}`;
}

function testsOf(result: StoredResult): string {
  const data = result.data as Record<string, unknown>;
  return TEST_IDS.filter((id) => data[id] !== undefined)
    .map(testName)
    .join(', ');
}

/**
 * /user/patients/:userId (clinicians, issue 19): a consenting patient's results, read-only — the trend
 * chart of the results feature and the list with each eye's letter-chart figure; a date opens that result
 * with the review form. Composed here because a
 * feature never imports another. A patient who has not shared, or stopped, is "not found" (404).
 */
export function PatientHistoryPage() {
  const t = useT();
  const { userId = '' } = useParams();
  const name = (useLocation().state as { name?: string } | null)?.name;
  const { data, error, isLoading, refetch } = usePatientResultsQuery(userId);
  const notFound = (error as { status?: number } | undefined)?.status === 404;

  const back = (
    <Box>
      <Button component={RouterLink} to="/user/patients">
        {t('results.patient.all')}
      </Button>
    </Box>
  );
  if (isLoading)
    return (
      <LoadingPlaceholder label={t('results.patient.loadingResults')}>
        <Skeleton variant="rounded" height={280} />
      </LoadingPlaceholder>
    );
  if (notFound)
    return (
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          {t('results.patient.notFound')}
        </Typography>
        <Alert severity="info">{t('results.patient.notSharing')}</Alert>
        {back}
      </Stack>
    );
  if (error || !data) return <LoadErrorAlert error={error} onRetry={() => void refetch()} />;

  const trends = acuityTrends(data.results);
  return (
    <Stack spacing={3}>
      {back}
      <Box>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          {t('results.patient.historyOverline')}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' } }}>
          {name ?? t('results.patient.patient')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {data.total > data.results.length
            ? t('results.patient.countShown', { count: data.total, shown: data.results.length })
            : t('results.patient.count', { count: data.total })}
        </Typography>
      </Box>
      {trends.length > 0 && (
        <Paper variant="outlined" component="section" aria-labelledby="patient-trend" sx={{ p: 2 }}>
          <Typography id="patient-trend" variant="h5" component="h2">
            {t('results.list.trendTitle')}
          </Typography>
          <TrendLegend trends={trends} extra={t('results.patient.flagLegend')} />
          <Stack spacing={3} sx={{ mt: 2 }}>
            {/* Keyed by the trend: a test's crowded and uncrowded results are two trends. A change's date
                opens that result with the review form, as the list's dates do. */}
            {trends.map((trend) => (
              <TrendBlock key={trend.key} trend={trend} hrefOf={(id) => resultPath(userId, id)} patient />
            ))}
          </Stack>
        </Paper>
      )}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('results.list.label')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('results.patient.taken')}</TableCell>
              <TableCell>{t('results.setup.tests')}</TableCell>
              <TableCell>{t('results.setup.correction')}</TableCell>
              <TableCell>{t('results.eye.right')}</TableCell>
              <TableCell>{t('results.eye.left')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.results.map((result) => (
              <TableRow key={result._id}>
                <TableCell>
                  <Link component={RouterLink} to={resultPath(userId, result._id)}>
                    {dateTime(result.setup.date)}
                  </Link>
                </TableCell>
                <TableCell>{testsOf(result)}</TableCell>
                <TableCell>
                  {result.setup.correction.trim() && correctionWords(result.setup.correction)}
                </TableCell>
                <TableCell>{eyeText(result, 'right')}</TableCell>
                <TableCell>{eyeText(result, 'left')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </Stack>
  );
}
