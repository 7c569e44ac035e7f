import { memo, useCallback, useMemo } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
  type DotItemDotProps,
  type TooltipContentProps,
} from 'recharts';
import { acuityMeasure, acuityNotation, formatLogMar, lineRounding, type AcuityMeasure } from '@visus/core';
import { shortDay, trendName } from './result-format';
import { localNumber, logMarWords } from './result-words';
import { t, useLocale, useT, type MessageId } from '@/lib/i18n/i18n';
import { pointLogMar, type TestTrend, type TrendEye, type TrendPoint } from './trend-data';
import { TREND_CHART_HEIGHT } from './trend-skeleton';

/** Each eye has its own colour, line pattern and marker shape, so the lines differ without colour too. */
export const EYE_STYLE: Record<TrendEye, { name: MessageId; colour: string; dash?: string }> = {
  right: { name: 'results.eye.right', colour: '#1d5f7a' },
  left: { name: 'results.eye.left', colour: '#a34a1f', dash: '6 4' },
};
/** Marker colours of a flagged change (the triangle's direction says better or worse without colour). */
const FLAG_COLOUR = { better: '#2e7d32', worse: '#c62828', unchanged: '#555' } as const;

const DAY_MS = 86_400_000;

/** A result's marker: circle (right) or square (left); a large triangle with "!" where a change is flagged. */
function marker(eye: TrendEye) {
  return function Marker(props: DotItemDotProps) {
    const { cx, cy } = props;
    const payload = props.payload as TrendPoint;
    if (typeof cx !== 'number' || typeof cy !== 'number' || payload[eye] === undefined) return null;
    const flag = payload[`${eye}Flag`];
    const colour = EYE_STYLE[eye].colour;
    if (flag) {
      // Better (lower logMAR) is up on this chart: the triangle points the way the acuity moved.
      const up = flag === 'better';
      const points = up
        ? `${cx},${cy - 11} ${cx - 10},${cy + 7} ${cx + 10},${cy + 7}`
        : `${cx},${cy + 11} ${cx - 10},${cy - 7} ${cx + 10},${cy - 7}`;
      return (
        <g key={`${eye}-${payload.id}`} data-flag={`${eye}-${flag}`}>
          <polygon points={points} fill={FLAG_COLOUR[flag]} stroke="#fff" strokeWidth={1.5} />
          <text
            x={cx}
            y={up ? cy + 5 : cy + 1}
            textAnchor="middle"
            fontSize={11}
            fontWeight={700}
            fill="#fff"
          >
            !
          </text>
        </g>
      );
    }
    return eye === 'right' ? (
      <circle
        key={`${eye}-${payload.id}`}
        cx={cx}
        cy={cy}
        r={4}
        fill={colour}
        stroke="#fff"
        strokeWidth={1}
      />
    ) : (
      <rect
        key={`${eye}-${payload.id}`}
        x={cx - 4}
        y={cy - 4}
        width={8}
        height={8}
        fill={colour}
        stroke="#fff"
        strokeWidth={1}
      />
    );
  };
}

/** The side of an eye's bound on a point, or null when the value there was measured. */
function qualifierOf(point: TrendPoint, eye: TrendEye) {
  const censored = point[`${eye}Censored`];
  return censored === undefined ? null : censored;
}

/**
 * A bound's marker (docs/adr/0010): the eye's shape drawn open (white inside) with an arrow towards
 * better (up: lower logMAR is drawn higher) for "or better", or worse (down) for "or worse". It is its own
 * series without a line, so the eye's line never joins it as if it were measured. A flagged change to it
 * adds a "!" badge in the colour of the change.
 */
function boundMarker(eye: TrendEye) {
  return function BoundMarker(props: DotItemDotProps) {
    const { cx, cy } = props;
    const payload = props.payload as TrendPoint;
    const censored = payload[`${eye}Censored`];
    if (typeof cx !== 'number' || typeof cy !== 'number' || censored === undefined) return null;
    const colour = EYE_STYLE[eye].colour;
    const up = censored === 'better-than';
    const tip = up ? cy - 18 : cy + 18;
    const start = up ? cy - 6 : cy + 6;
    const flag = payload[`${eye}Flag`];
    return (
      <g key={`${eye}-bound-${payload.id}`} data-bound={`${eye}-${censored}`}>
        <line x1={cx} y1={start} x2={cx} y2={tip} stroke={colour} strokeWidth={2} />
        <polygon
          points={
            up
              ? `${cx},${tip - 2} ${cx - 4},${tip + 5} ${cx + 4},${tip + 5}`
              : `${cx},${tip + 2} ${cx - 4},${tip - 5} ${cx + 4},${tip - 5}`
          }
          fill={colour}
        />
        {eye === 'right' ? (
          <circle cx={cx} cy={cy} r={5} fill="#fff" stroke={colour} strokeWidth={2} />
        ) : (
          <rect x={cx - 5} y={cy - 5} width={10} height={10} fill="#fff" stroke={colour} strokeWidth={2} />
        )}
        {flag && flag !== 'unchanged' && (
          <g data-flag={`${eye}-${flag}`}>
            <circle cx={cx + 12} cy={cy} r={7} fill={FLAG_COLOUR[flag]} stroke="#fff" strokeWidth={1.5} />
            <text x={cx + 12} y={cy + 4} textAnchor="middle" fontSize={11} fontWeight={700} fill="#fff">
              !
            </text>
          </g>
        )}
      </g>
    );
  };
}

function TrendTooltip({
  active,
  payload,
  measure,
}: Pick<TooltipContentProps, 'active' | 'payload'> & { measure: AcuityMeasure }) {
  const point = payload?.[0]?.payload as TrendPoint | undefined;
  if (!active || !point) return null;
  return (
    <Paper variant="outlined" sx={{ p: 1, fontSize: 13 }}>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {shortDay(point.time)}
      </Typography>
      {(['right', 'left'] as const).map((eye) => {
        const value = pointLogMar(point, eye);
        if (value === undefined) return null;
        const qualifier = qualifierOf(point, eye);
        const or = (text: string) =>
          qualifier
            ? t(qualifier === 'better-than' ? 'results.bound.orBetter' : 'results.bound.orWorse', {
                value: text,
              })
            : text;
        const snellen = acuityNotation(value, lineRounding(point[`${eye}Censored`])).text.snellen6;
        const flag = point[`${eye}Flag`];
        const text = t('results.trend.tooltipValue', {
          eye: t(EYE_STYLE[eye].name),
          logMar: or(logMarWords(formatLogMar(value))),
          snellen: or(measure.equivalent ? t('results.figure.equivalent', { value: snellen }) : snellen),
        });
        return (
          <Typography variant="body2" key={eye}>
            {text}
            {qualifier ? t('results.trend.tooltipBound') : ''}
            {flag
              ? ` · ${t(flag === 'better' ? 'results.trend.betterBeyond' : 'results.trend.worseBeyond')}`
              : ''}
          </Typography>
        );
      })}
    </Paper>
  );
}

/** The y range in logMAR, padded to whole tenths around the values (bounds included). */
function logMarDomain(points: readonly TrendPoint[]): [number, number] {
  const values = points
    .flatMap((p) => [pointLogMar(p, 'right'), pointLogMar(p, 'left')])
    .filter((v): v is number => v !== undefined);
  const low = Math.floor((Math.min(...values) - 0.05) * 10) / 10;
  const high = Math.ceil((Math.max(...values) + 0.05) * 10) / 10;
  return [low, high];
}

/** Up to `count` distinct result times, evenly spread from the first to the last, as x-axis ticks. */
function timeTicks(points: readonly TrendPoint[], count = 6): number[] {
  const times = [...new Set(points.map((p) => p.time))];
  if (times.length <= count) return times;
  const step = (times.length - 1) / (count - 1);
  return [...new Set(Array.from({ length: count }, (_, i) => times[Math.round(i * step)]!))];
}

/** The x axis' range: the results' first and last days, a day either side of a single one. */
const timeDomain = ([min, max]: readonly number[]): [number, number] =>
  min === max ? [min! - DAY_MS, max! + DAY_MS] : [min!, max!];
const timeTick = (time: number) => shortDay(time);
const logMarTick = (value: number) => localNumber(formatLogMar(value));
const rightFirst = (item: { dataKey?: unknown }) => (item.dataKey === 'right' ? 0 : 1);
const MARGIN = { top: 16, right: 16, bottom: 4, left: 4 };
const TICK = { fontSize: 12 };
const MARKERS = { right: marker('right'), left: marker('left') };
const BOUND_MARKERS = { right: boundMarker('right'), left: boundMarker('left') };
const ACTIVE_DOT = { r: 6 };

/**
 * One chart type's acuity per eye over time (recharts), better acuity (lower logMAR) at the top.
 * Memoised, with props that keep their identity between renders (module-level callbacks, ticks and
 * domain computed once per trend): recharts copies its children's props into its own store, and a new
 * function or array there recomputes its selectors and draws the chart again.
 */
export const TrendChart = memo(function TrendChart({ trend }: { trend: TestTrend }) {
  // Astigmatism Power is charted as what it is, a grating acuity in logMAR (core acuityMeasure).
  const measure = acuityMeasure(trend.test);
  const eyes = (['right', 'left'] as const).filter((eye) => trend.points.some((p) => p[eye] !== undefined));
  const t = useT();
  const language = useLocale();
  const boundEyes = (['right', 'left'] as const).filter((eye) =>
    trend.points.some((p) => p[`${eye}Bound`] !== undefined),
  );
  const tooltip = useCallback(
    (props: TooltipContentProps) => (
      <TrendTooltip active={props.active} payload={props.payload} measure={measure} />
    ),
    [measure],
  );
  const ticks = useMemo(() => timeTicks(trend.points), [trend.points]);
  const yDomain = useMemo(() => logMarDomain(trend.points), [trend.points]);
  const yLabel = useMemo(
    () => ({
      value: measure.equivalent ? t('results.outcome.gratingLogMar') : measure.logMarLabel,
      angle: -90,
      position: 'insideLeft' as const,
      offset: 10,
      fontSize: 12,
    }),
    // t's words change with the language (useT re-renders this chart then).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [measure.equivalent, measure.logMarLabel, language],
  );
  return (
    <Box sx={{ width: '100%', height: TREND_CHART_HEIGHT }}>
      <LineChart
        responsive
        style={{ width: '100%', height: '100%' }}
        data={trend.points}
        margin={MARGIN}
        title={t(measure.equivalent ? 'results.trend.gratingTitle' : 'results.trend.title', {
          name: trendName(trend),
        })}
        desc={t(measure.equivalent ? 'results.trend.gratingDesc' : 'results.trend.desc', {
          count: trend.points.length,
        })}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#d7dee3" />
        <XAxis
          dataKey="time"
          type="number"
          scale="time"
          ticks={ticks}
          domain={timeDomain}
          tickFormatter={timeTick}
          tick={TICK}
          minTickGap={16}
        />
        <YAxis reversed domain={yDomain} tickFormatter={logMarTick} tick={TICK} width={56} label={yLabel} />
        <Tooltip content={tooltip} />
        <Legend verticalAlign="top" height={28} iconType="plainline" itemSorter={rightFirst} />
        {eyes.map((eye) => (
          <Line
            key={eye}
            type="linear"
            dataKey={eye}
            name={t(EYE_STYLE[eye].name)}
            stroke={EYE_STYLE[eye].colour}
            strokeWidth={2}
            strokeDasharray={EYE_STYLE[eye].dash}
            dot={MARKERS[eye]}
            activeDot={ACTIVE_DOT}
            connectNulls
            isAnimationActive={false}
          />
        ))}
        {boundEyes.map((eye) => (
          <Line
            key={`${eye}-bound`}
            type="linear"
            dataKey={`${eye}Bound`}
            name={t('results.trend.boundSeries', { eye: t(EYE_STYLE[eye].name) })}
            stroke="none"
            legendType="none"
            dot={BOUND_MARKERS[eye]}
            activeDot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </Box>
  );
});
