import { useCallback, useDeferredValue, useMemo } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAcuityTest, type TestId } from '@visus/core';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { testName } from './result-format';
import { useT } from '@/lib/i18n/i18n';
import { useResultHistoryQuery, type ResultFilters } from './results-api';
import { writeView } from './results-url';
import { TrendBlock, TrendLegend, type ResultHref } from './trend-block';
import { acuityTrends } from './trend-data';
import { TrendSkeleton } from './trend-skeleton';

/**
 * The trend chart block: every result in the date range (all pages), each acuity chart type's logMAR per
 * eye over time, and the changes beyond repeatability spelled out in text under each chart.
 */
export function TrendSection({ filters, test }: { filters: ResultFilters; test: TestId | null }) {
  const t = useT();
  const { pathname } = useLocation();
  // A change's date opens its result on this page (results-url.ts), memoised so the charts are not redrawn.
  const hrefOf = useCallback<ResultHref>(
    (id) => ({ pathname, search: writeView({ id }).toString() }),
    [pathname],
  );
  const {
    data: history,
    error,
    isLoading,
    refetch,
  } = useResultHistoryQuery(filters, {
    refetchOnMountOrArgChange: 30,
  });
  // Drawn from a deferred copy of the history, as the list's rows are (results-list.tsx): the charts
  // and their words render in the background, a few milliseconds at a time, and the skeleton stays
  // until they are ready.
  const data = useDeferredValue(history);
  // The trends of the same history and test are computed once (core's repeatability per point).
  const trends = useMemo(
    () => (data ? acuityTrends(data.results).filter((trend) => !test || trend.test === test) : []),
    [data, test],
  );
  if (isLoading || (history && !data)) return <TrendSkeleton />;
  if (error || !data)
    return (
      <Box sx={{ mt: 2 }}>
        <LoadErrorAlert error={error} onRetry={() => void refetch()} />
      </Box>
    );
  if (trends.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {test && !isAcuityTest(test)
          ? t('results.trend.noAcuity', { test: testName(test) })
          : t('results.trend.noResults')}
      </Typography>
    );
  }
  return (
    <Stack spacing={3} sx={{ mt: 2 }}>
      <TrendLegend trends={trends} />
      {trends.map((trend) => (
        <TrendBlock key={trend.key} trend={trend} hrefOf={hrefOf} />
      ))}
    </Stack>
  );
}
