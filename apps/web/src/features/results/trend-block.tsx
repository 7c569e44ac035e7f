import { memo } from 'react';
import { Link as RouterLink, type To } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { acuityMeasure, acuityNotation, formatLogMar, lineRounding } from '@visus/core';
import { useT } from '@/lib/i18n/i18n';
import { shortDay, trendHeading, trendName } from './result-format';
import { boundWords, localNumber, logMarWords } from './result-words';
import { TrendChart } from './trend-chart';
import { EYE_STYLE } from './trend-drawing';
import type { TestTrend, TrendFlag } from './trend-data';

/** Where a result of a trend opens. */
export type ResultHref = (resultId: string) => To;

/**
 * The legend above a set of trend charts: how they are drawn, and what bounds and crowded results look like
 * when any is drawn; `extra` adds the page's own line.
 */
export function TrendLegend({ trends, extra }: { trends: readonly TestTrend[]; extra?: string }) {
  const t = useT();
  return (
    <Typography variant="body2" color="text.secondary">
      {t('results.trend.legend')}
      {trends.some((trend) => trend.points.some((p) => p.rightCensored || p.leftCensored)) &&
        ` ${t('results.trend.boundLegend')}`}
      {trends.some((trend) => trend.crowded) && ` ${t('results.trend.crowdedLegend')}`}
      {extra && ` ${extra}`}
    </Typography>
  );
}

/** One change beyond the test's repeatability in words: which eye, when (a link), from what to what. */
function FlagText({ trend, flag, hrefOf }: { trend: TestTrend; flag: TrendFlag; hrefOf: ResultHref }) {
  const t = useT();
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
      <Link component={RouterLink} to={hrefOf(flag.to.id)}>
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
 * One chart type's chart and its changes in words, each change's date a link to its result (`hrefOf`: the
 * person's own results page, or a clinician's view of the patient's result). Memoised, as the charts are: a
 * list beside it re-renders as its queries change state, and a chart (an SVG of every result) need not be
 * drawn again then.
 */
export const TrendBlock = memo(function TrendBlock({
  trend,
  hrefOf,
  patient = false,
}: {
  trend: TestTrend;
  hrefOf: ResultHref;
  /** Read by a clinician about a patient ("after the patient's next test", not "your"). */
  patient?: boolean;
}) {
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
                <FlagText key={`${flag.eye}-${flag.to.id}`} trend={trend} flag={flag} hrefOf={hrefOf} />
              ))}
            </Box>
          </Alert>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {trend.points.length < 2
              ? t(patient ? 'results.trend.oneResultPatient' : 'results.trend.oneResult')
              : trend.limit === null
                ? t('results.trend.noRepeatability')
                : t('results.trend.noChange', { limit: localNumber(formatLogMar(trend.limit)) })}
          </Typography>
        )}
      </Box>
    </Box>
  );
});
