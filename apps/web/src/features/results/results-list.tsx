import { lazy, memo, Suspense, useDeferredValue, useState } from 'react';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { StoredResult } from '@visus/contracts';
import { resultTests, TEST_IDS, type RoutePrefix } from '@visus/core';
import { ColumnsTable, ListRefreshState, PageControls } from '@/components/paged-table';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { ClinicSharingCard } from '@/components/clinic-sharing-card';
import { useCurrentUser } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/i18n';
import { ExportMenu } from './export-menu';
import { ResultHeadline } from './result-headline';
import { ResultVerdictSummary } from './result-verdict';
import { dateTime, takenAt, testName } from './result-format';
import { useLazyResultHistoryQuery, useListResultsQuery } from './results-api';
import { ROWS_PER_PAGE, viewFilters, writeView, type ResultsView } from './results-url';
import { TrendSkeleton } from './trend-skeleton';
import { LoadingPlaceholder } from '@/components/loading-placeholder';

// The chart and its words are not needed for the list's first paint: their code downloads after it.
const TrendSection = lazy(async () => ({ default: (await import('./trend-section')).TrendSection }));

/** The rows of a list not loaded yet: one array, so that the deferred copy below settles on it. */
const NO_RESULTS: StoredResult[] = [];

/** Seconds after which a cached list is fetched again when the screen opens. */
export const STALE_AFTER_S = 30;

/** The table's columns (the last holds the Open buttons). */
const columnsOf = (t: ReturnType<typeof useT>) =>
  [t('results.list.columnDate'), t('results.list.columnTests'), t('results.list.columnFigures'), ''] as const;

interface ResultsListProps {
  view: ResultsView;
  prefix: RoutePrefix;
}

function Tests({ result }: { result: StoredResult }) {
  return <>{resultTests(result.data).map(testName).join(', ')}</>;
}

function SkeletonRows() {
  const columns = columnsOf(useT());
  return Array.from({ length: 4 }, (_, row) => (
    <TableRow key={row}>
      {columns.map((column, index) => (
        <TableCell key={index}>
          <Skeleton />
        </TableCell>
      ))}
    </TableRow>
  ));
}

/**
 * One result of the list: a card on a phone, a table row elsewhere. Memoised: the list re-renders as its
 * queries change state (fetching, the chart's history), and a row's words and verdicts (core's maths per
 * result, many MUI styles) are redone only when its result, link or the person's date of birth change.
 */
const ResultRow = memo(function ResultRow({
  result,
  href,
  compact,
  dob,
}: {
  result: StoredResult;
  href: string;
  compact: boolean;
  dob: string | null;
}) {
  const t = useT();
  const date = dateTime(takenAt(result));
  if (compact) {
    return (
      <Card component="li">
        <CardActionArea component={RouterLink} to={href} aria-label={t('results.list.openLabel', { date })}>
          <CardContent>
            <Typography sx={{ fontWeight: 700 }}>{date}</Typography>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              <Tests result={result} />
            </Typography>
            <ResultVerdictSummary result={result} dob={dob} />
            <ResultHeadline result={result} />
          </CardContent>
        </CardActionArea>
      </Card>
    );
  }
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{date}</TableCell>
      <TableCell>
        <Tests result={result} />
      </TableCell>
      <TableCell>
        <ResultVerdictSummary result={result} dob={dob} />
        <ResultHeadline result={result} />
      </TableCell>
      <TableCell align="right">
        <Button
          component={RouterLink}
          to={href}
          endIcon={<ChevronRightIcon />}
          aria-label={t('results.list.openLabel', { date })}
        >
          {t('results.list.open')}
        </Button>
      </TableCell>
    </TableRow>
  );
});

/** The list of results, newest first, as a table on wide screens and as cards on a phone. */
function ResultRows({
  results,
  hrefOf,
  compact,
}: {
  results: StoredResult[];
  hrefOf: (result: StoredResult) => string;
  compact: boolean;
}) {
  const t = useT();
  // The verdicts depend on the person's age the day of each result (core's resultVerdicts).
  const dob = useCurrentUser().data?.dob ?? null;
  const rows = results.map((result) => (
    <ResultRow key={result._id} result={result} href={hrefOf(result)} compact={compact} dob={dob} />
  ));
  if (compact) {
    return (
      <Stack
        spacing={1.5}
        component="ol"
        sx={{ listStyle: 'none', p: 2, m: 0 }}
        aria-label={t('results.list.label')}
      >
        {rows}
      </Stack>
    );
  }
  return rows;
}

/** /{role}/results without a selected result: filters, trend chart, the paged list and the exports. */
export function ResultsList({ view, prefix }: ResultsListProps) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Cards below 900 px: the table's four columns squeeze the figures into a sliver and push "Open"
  // off the page at 640 px (a 1280 px screen at 200 % zoom), the more so in French and German.
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [fetchHistory] = useLazyResultHistoryQuery();
  const rangeError = view.from && view.to && view.from > view.to ? t('results.list.rangeError') : null;
  const filters = viewFilters(view);
  const filtered = Boolean(view.test || view.from || view.to);
  const { data, error, isLoading, isFetching, refetch } = useListResultsQuery(
    { ...filters, page: view.page, limit: view.limit },
    // A result saved since the last visit (a finished test) shows without a manual reload.
    { skip: rangeError !== null, refetchOnMountOrArgChange: STALE_AFTER_S },
  );
  const [chartShown, setChartShown] = useState(true);
  const results = data?.results ?? NO_RESULTS;
  // The rows are drawn from a deferred copy of the page: when a page arrives, React draws its rows in a
  // background render that gives the main thread back every few milliseconds, instead of one task of
  // 100-150 ms on a fast machine (20 cards with their notations and verdicts; 4-6 times that on a phone,
  // where a tap meanwhile would wait: Lighthouse's blocking time, issue 25 item 5). Until that render
  // is done, a first page keeps its skeleton and a later page keeps the rows shown before it.
  const shownResults = useDeferredValue(results);
  const drawing = shownResults !== results && shownResults.length === 0;

  const go = (change: Partial<ResultsView>) =>
    void navigate({ pathname, search: writeView({ ...view, ...change, id: null }).toString() });
  const hrefOf = (result: StoredResult) => `${pathname}?${writeView({ ...view, id: result._id }).toString()}`;

  let list;
  if (rangeError) {
    list = null;
  } else if (isLoading || drawing) {
    list = compact ? (
      <LoadingPlaceholder spacing={1.5} sx={{ p: 2 }} label={t('results.list.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={96} />
        ))}
      </LoadingPlaceholder>
    ) : (
      <SkeletonRows />
    );
  } else if (error && !data) {
    list = (
      <Box sx={{ p: 2 }}>
        <LoadErrorAlert error={error} onRetry={() => void refetch()} />
      </Box>
    );
  } else if (results.length === 0) {
    list = (
      <Box sx={{ py: 6, px: 2, textAlign: 'center' }}>
        {filtered ? (
          <>
            <Typography sx={{ mb: 2 }}>{t('results.list.noMatch')}</Typography>
            <Button
              variant="outlined"
              startIcon={<FilterAltOffIcon />}
              onClick={() => go({ test: null, from: null, to: null, page: 1 })}
            >
              {t('results.list.clearFilters')}
            </Button>
          </>
        ) : view.page > 1 ? (
          <>
            <Typography sx={{ mb: 2 }}>{t('results.list.noPage', { page: view.page })}</Typography>
            <Button variant="outlined" onClick={() => go({ page: 1 })}>
              {t('results.list.firstPage')}
            </Button>
          </>
        ) : (
          <>
            <Typography variant="h6" component="p" gutterBottom>
              {t('results.list.emptyTitle')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {t('results.list.emptyText')}
            </Typography>
            <Button component={RouterLink} to={`/${prefix}/tests`} variant="contained">
              {t('results.list.takeTest')}
            </Button>
          </>
        )}
      </Box>
    );
  } else {
    list = <ResultRows results={shownResults} hrefOf={hrefOf} compact={compact} />;
  }
  // Table rows need a table around them; every other state is a block in the paper.
  const tableBody = !compact && (isLoading || drawing || (results.length > 0 && !(error && !data)));

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end' }}>
        <Box sx={{ flex: '1 1 320px' }}>
          <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
            {prefix === 'admin' ? t('results.list.overlineAdmin') : t('results.list.overline')}
          </Typography>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' } }}>
            {t('results.list.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 760 }}>
            {t('results.list.intro')}
          </Typography>
        </Box>
        <ExportMenu
          label={filtered ? t('results.list.downloadFiltered') : t('results.list.downloadHistory')}
          kind="results"
          disabled={!data || data.total === 0}
          load={async () => (await fetchHistory(filters, true).unwrap()).results}
        />
      </Box>

      <Paper variant="outlined" component="section" aria-label={t('results.list.filters')} sx={{ p: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr auto' },
            alignItems: 'start',
          }}
        >
          <TextField
            select
            label={t('results.list.test')}
            value={view.test ?? ''}
            onChange={(event) => go({ test: (event.target.value || null) as ResultsView['test'], page: 1 })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('results.list.allTests')}</MenuItem>
            {TEST_IDS.map((id) => (
              <MenuItem key={id} value={id}>
                {testName(id)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label={t('results.list.from')}
            value={view.from ?? ''}
            onChange={(event) => go({ from: event.target.value || null, page: 1 })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            label={t('results.list.to')}
            value={view.to ?? ''}
            onChange={(event) => go({ to: event.target.value || null, page: 1 })}
            error={rangeError !== null}
            helperText={rangeError ?? ' '}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button
            onClick={() => go({ test: null, from: null, to: null, page: 1 })}
            disabled={!filtered}
            startIcon={<FilterAltOffIcon />}
            sx={{ mt: 1 }}
          >
            {t('results.list.clearFilters')}
          </Button>
        </Box>
      </Paper>

      {/* The chart's place is kept from the first paint, while the list loads too: a list that arrives
          with results then does not push the table down (CLS, issue 25). Only an empty list removes it. */}
      {rangeError === null && ((isLoading && !data) || (data && data.total > 0)) && (
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="trend-heading"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Box
            sx={{
              display: 'flex',
              alignItems: 'baseline',
              justifyContent: 'space-between',
              gap: 2,
              flexWrap: 'wrap',
            }}
          >
            <Typography id="trend-heading" variant="h5" component="h2">
              {t('results.list.trendTitle')}
            </Typography>
            <Link component="button" type="button" onClick={() => setChartShown(!chartShown)}>
              {chartShown ? t('results.list.hideChart') : t('results.list.showChart')}
            </Link>
          </Box>
          {chartShown && (
            <Suspense fallback={<TrendSkeleton />}>
              {data ? (
                <TrendSection filters={{ from: filters.from, to: filters.to }} test={view.test} />
              ) : (
                <TrendSkeleton />
              )}
            </Suspense>
          )}
        </Paper>
      )}

      <Paper variant="outlined" component="section" aria-label={t('results.list.listLabel')}>
        <ListRefreshState isFetching={isFetching} isLoading={isLoading} error={error} shown={Boolean(data)} />
        {rangeError && (
          <Alert severity="warning" sx={{ m: 2 }}>
            {rangeError} {t('results.list.changeDates')}
          </Alert>
        )}
        {tableBody ? (
          <ColumnsTable
            label={t('results.list.label')}
            columns={columnsOf(t)}
            busy={isFetching || shownResults !== results}
          >
            {list}
          </ColumnsTable>
        ) : (
          list
        )}
        {data && results.length > 0 && (
          <PageControls
            total={data.total}
            page={view.page}
            limit={view.limit}
            limits={ROWS_PER_PAGE}
            onPage={(page) => go({ page })}
            onLimit={(limit) => go({ limit, page: 1 })}
            limitLabel={t('results.list.perPage')}
          />
        )}
      </Paper>
      <ClinicSharingCard />
    </Stack>
  );
}
