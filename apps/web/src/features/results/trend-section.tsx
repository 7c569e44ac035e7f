import { memo, useDeferredValue, useMemo } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  acuityMeasure,
  acuityNotation,
  formatLogMar,
  isAcuityTest,
  lineRounding,
  type TestId,
} from '@visus/core';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { shortDay, testName, trendHeading, trendName } from './result-format';
import { boundWords, localNumber, logMarWords } from './result-words';
import { useT } from '@/lib/i18n/i18n';
import { useResultHistoryQuery, type ResultFilters } from './results-api';
import { writeView } from './results-url';
import { TrendChart } from './trend-chart';
import { EYE_STYLE } from './trend-drawing';
import { acuityTrends, type TestTrend, type TrendFlag } from './trend-data';
import { TrendSkeleton } from './trend-skeleton';

function FlagText({ trend, flag }: { trend: TestTrend; flag: TrendFlag }) {
  const t = useT();
  const { pathname } = useLocation();
  const { verdict } = flag;
  const measure = acuityMeasure(trend.test);
  const notation = (end: TrendFlag['from']) => {
    const text = acuityNotation(end.logMAR, lineRounding(end.censored)).text;
    // A grating acuity's Snellen line is only its equivalent (core acuityMeasure).
    return {
      ...text,
      snellen6: measure.equivalent ? t('results.figure.equivalent', { value: text.snellen6 }) : text.snellen6,
    };
  };
  const before = notation(flag.from);
  const after = notation(flag.to);
  // A bound says so after each of its notations ("0.50 logMAR or better → 0.90 logMAR"); the change is then
  // the least the two results allow.
  const or = (end: TrendFlag['from'], text: string) => boundWords(end.censored, text);
  const values = verdict.bounded
    ? `${or(flag.from, logMarWords(before.logMAR))} → ${or(flag.to, logMarWords(after.logMAR))} (${or(flag.from, before.snellen6)} → ${or(flag.to, after.snellen6)})`
    : `${localNumber(before.logMAR)} → ${logMarWords(after.logMAR)} (${before.snellen6} → ${after.snellen6})`;
  const change = localNumber(formatLogMar(Math.abs(verdict.change)));
  return (
    <Box component="li" sx={{ mb: 0.5 }}>
      <Box component="span" aria-hidden sx={{ fontWeight: 700, mr: 0.5 }}>
        {verdict.direction === 'better' ? '▲' : '▼'}
      </Box>
      <strong>
        {t(verdict.direction === 'better' ? 'results.trend.eyeBetter' : 'results.trend.eyeWorse', {
          eye: t(EYE_STYLE[flag.eye].name),
        })}
      </strong>{' '}
      {t('results.trend.on')}{' '}
      <Link component={RouterLink} to={{ pathname, search: writeView({ id: flag.to.id }).toString() }}>
        {shortDay(flag.to.time)}
      </Link>
      {t(verdict.bounded ? 'results.trend.changeAtLeast' : 'results.trend.change', {
        values,
        change,
        test: trendName(trend),
        limit: localNumber(formatLogMar(verdict.limit ?? 0)),
      })}
    </Box>
  );
}

/**
 * One chart type's chart and its changes in words. Memoised, as the charts are: the list above re-renders
 * as its queries change state, and a chart (an SVG of every result) need not be drawn again then.
 */
const TrendBlock = memo(function TrendBlock({ trend }: { trend: TestTrend }) {
  const t = useT();
  return (
    <Box component="figure" sx={{ m: 0 }} aria-labelledby={`trend-${trend.key}`}>
      <Typography id={`trend-${trend.key}`} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {trendHeading(trend)}
      </Typography>
      <TrendChart trend={trend} />
      <Box component="figcaption" sx={{ mt: 1 }}>
        {trend.flags.length > 0 ? (
          <Alert severity="warning" icon={false} sx={{ '& ul': { m: 0, pl: 2.5 } }}>
            <Typography variant="body2" sx={{ fontWeight: 700, mb: 0.5 }}>
              {t('results.trend.changes', { count: trend.flags.length })}
            </Typography>
            <Box
              component="ul"
              aria-label={t('results.trend.changesLabel', { name: trendName(trend) })}
              sx={{ listStyle: 'none', p: 0 }}
            >
              {trend.flags.map((flag) => (
                <FlagText key={`${flag.eye}-${flag.to.id}`} trend={trend} flag={flag} />
              ))}
            </Box>
          </Alert>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {trend.points.length < 2
              ? t('results.trend.oneResult')
              : trend.limit === null
                ? t('results.trend.noRepeatability')
                : t('results.trend.noChange', { limit: localNumber(formatLogMar(trend.limit)) })}
          </Typography>
        )}
      </Box>
    </Box>
  );
});

/**
 * The trend chart block: every result in the date range (all pages), each acuity chart type's logMAR per
 * eye over time, and the changes beyond repeatability spelled out in text under each chart.
 */
export function TrendSection({ filters, test }: { filters: ResultFilters; test: TestId | null }) {
  const t = useT();
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
      <Typography variant="body2" color="text.secondary">
        {t('results.trend.legend')}
        {trends.some((trend) => trend.points.some((p) => p.rightCensored || p.leftCensored)) &&
          ` ${t('results.trend.boundLegend')}`}
        {trends.some((trend) => trend.crowded) && ` ${t('results.trend.crowdedLegend')}`}
      </Typography>
      {trends.map((trend) => (
        <TrendBlock key={trend.key} trend={trend} />
      ))}
    </Stack>
  );
}
