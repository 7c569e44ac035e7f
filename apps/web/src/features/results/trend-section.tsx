import { Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  acuityMeasure,
  acuityNotation,
  asEquivalent,
  formatLogMar,
  isAcuityTest,
  lineRounding,
  type TestId,
} from '@visus/core';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { shortDay, testName } from './result-format';
import { useResultHistoryQuery, type ResultFilters } from './results-api';
import { writeView } from './results-url';
import { EYE_STYLE, TrendChart } from './trend-chart';
import { acuityTrends, type TestTrend, type TrendFlag } from './trend-data';
import { TrendSkeleton } from './trend-skeleton';

function FlagText({ trend, flag }: { trend: TestTrend; flag: TrendFlag }) {
  const { pathname } = useLocation();
  const { verdict } = flag;
  const measure = acuityMeasure(trend.test);
  const notation = (end: TrendFlag['from']) => {
    const text = acuityNotation(end.logMAR, lineRounding(end.qualifier)).text;
    // A grating acuity's Snellen line is only its equivalent (core acuityMeasure).
    return { ...text, snellen6: asEquivalent(measure, text.snellen6) };
  };
  const before = notation(flag.from);
  const after = notation(flag.to);
  // A bound says so after each of its notations ("0.50 logMAR or better → 0.90 logMAR"); the change is then
  // the least the two results allow.
  const or = (end: TrendFlag['from']) => (end.qualifier ? ` ${end.qualifier}` : '');
  const values = verdict.bounded
    ? `${before.logMAR} logMAR${or(flag.from)} → ${after.logMAR} logMAR${or(flag.to)} (${before.snellen6}${or(flag.from)} → ${after.snellen6}${or(flag.to)})`
    : `${before.logMAR} → ${after.logMAR} logMAR (${before.snellen6} → ${after.snellen6})`;
  return (
    <Box component="li" sx={{ mb: 0.5 }}>
      <Box component="span" aria-hidden sx={{ fontWeight: 700, mr: 0.5 }}>
        {verdict.direction === 'better' ? '▲' : '▼'}
      </Box>
      <strong>
        {EYE_STYLE[flag.eye].name} {verdict.direction}
      </strong>{' '}
      on{' '}
      <Link component={RouterLink} to={{ pathname, search: writeView({ id: flag.to.id }).toString() }}>
        {shortDay(flag.to.time)}
      </Link>
      : {values}, a change of {verdict.bounded ? 'at least ' : ''}
      {formatLogMar(Math.abs(verdict.change))}, more than the {trend.name} test’s repeatability of ±
      {formatLogMar(verdict.limit ?? 0)}.
    </Box>
  );
}

function TrendBlock({ trend }: { trend: TestTrend }) {
  return (
    <Box component="figure" sx={{ m: 0 }} aria-labelledby={`trend-${trend.key}`}>
      <Typography id={`trend-${trend.key}`} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {trend.name}
        {acuityMeasure(trend.test).equivalent ? ': grating acuity (logMAR)' : ''}
      </Typography>
      <TrendChart trend={trend} />
      <Box component="figcaption" sx={{ mt: 1 }}>
        {trend.flags.length > 0 ? (
          <Alert severity="warning" icon={false} sx={{ '& ul': { m: 0, pl: 2.5 } }}>
            <Typography variant="body2" sx={{ fontWeight: 700, mb: 0.5 }}>
              {trend.flags.length === 1 ? 'A change' : `${trend.flags.length} changes`} beyond the test’s
              repeatability (marked ! on the chart):
            </Typography>
            <Box component="ul" aria-label={`${trend.name} changes`} sx={{ listStyle: 'none', p: 0 }}>
              {trend.flags.map((flag) => (
                <FlagText key={`${flag.eye}-${flag.to.id}`} trend={trend} flag={flag} />
              ))}
            </Box>
          </Alert>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {trend.points.length < 2
              ? 'One result so far: the trend appears after your next test.'
              : trend.limit === null
                ? 'No repeatability figure is known for this test, so no change is flagged.'
                : `No change beyond this test’s repeatability (±${formatLogMar(trend.limit)} logMAR).`}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/**
 * The trend chart block: every result in the date range (all pages), each acuity chart type's logMAR per
 * eye over time, and the changes beyond repeatability spelled out in text under each chart.
 */
export function TrendSection({ filters, test }: { filters: ResultFilters; test: TestId | null }) {
  const { data, error, isLoading, refetch } = useResultHistoryQuery(filters, {
    refetchOnMountOrArgChange: 30,
  });
  if (isLoading) return <TrendSkeleton />;
  if (error || !data)
    return (
      <Box sx={{ mt: 2 }}>
        <LoadErrorAlert error={error} onRetry={() => void refetch()} />
      </Box>
    );
  const trends = acuityTrends(data.results).filter((trend) => !test || trend.test === test);
  if (trends.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {test && !isAcuityTest(test)
          ? `${testName(test)} has no acuity figure to chart; the chart shows Sloan, Landolt C, Tumbling E and Astigmatism Power.`
          : 'No acuity results in this period yet.'}
      </Typography>
    );
  }
  return (
    <Stack spacing={3} sx={{ mt: 2 }}>
      <Typography variant="body2" color="text.secondary">
        Lower logMAR is sharper vision and is drawn higher. Right eye: solid line, circles; left eye: dashed
        line, squares.
        {trends.some((trend) => trend.points.some((p) => p.rightCensored || p.leftCensored)) &&
          ' An open marker with an arrow is a bound, not a measured value: arrow up, “or better” (the eye read ' +
            'the smallest line the screen could draw); arrow down, “or worse” (beyond the largest). The line ' +
            'joins measured values only.'}
        {trends.some((trend) => trend.crowded) &&
          ' Crowded results (bars around each letter) read worse than uncrowded ones and are not comparable ' +
            'with them, so they have their own chart.'}
      </Typography>
      {trends.map((trend) => (
        <TrendBlock key={trend.key} trend={trend} />
      ))}
    </Stack>
  );
}
