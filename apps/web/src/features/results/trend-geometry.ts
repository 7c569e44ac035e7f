import { bisectCenter } from 'd3-array';
import { scaleLinear, type ScaleLinear } from 'd3-scale';
import { pointLogMar, type TrendEye, type TrendPoint } from './trend-data';

/**
 * The trend chart's geometry (trend-chart.tsx draws it): pure functions of the points and the chart's
 * size, so that they can be tested without a browser. The scales and the logMAR ticks are d3-scale's; the
 * x ticks are result times (a date between two results means nothing here).
 */

const DAY_MS = 86_400_000;

/** The space around the plot (px): the y axis' ticks and label on the left, the x axis' ticks below. */
export const PLOT_MARGIN = { top: 16, right: 16, bottom: 34, left: 60 } as const;
/** The axes' tick labels' font size (px). */
export const TICK_FONT_PX = 12;
/** The least room between two x-axis labels (px); a label that would come closer is left out. */
export const MIN_TICK_GAP = 16;

/** The y range in logMAR, padded to whole tenths around the values (bounds included). */
export function logMarDomain(points: readonly TrendPoint[]): [number, number] {
  const values = points
    .flatMap((p) => [pointLogMar(p, 'right'), pointLogMar(p, 'left')])
    .filter((v): v is number => v !== undefined);
  if (values.length === 0) throw new Error('logMarDomain needs at least one value');
  const low = Math.floor((Math.min(...values) - 0.05) * 10) / 10;
  const high = Math.ceil((Math.max(...values) + 0.05) * 10) / 10;
  return [low, high];
}

/** Up to `count` distinct result times, evenly spread from the first to the last, as x-axis ticks. */
export function timeTicks(points: readonly TrendPoint[], count = 6): number[] {
  const times = [...new Set(points.map((p) => p.time))];
  if (times.length <= count) return times;
  const step = (times.length - 1) / (count - 1);
  return [...new Set(Array.from({ length: count }, (_, i) => times[Math.round(i * step)]!))];
}

/** The x axis' range: the results' first and last times, a day either side of a single one. */
export function timeDomain(points: readonly TrendPoint[]): [number, number] {
  if (points.length === 0) throw new Error('timeDomain needs at least one point');
  const times = points.map((p) => p.time);
  const min = Math.min(...times);
  const max = Math.max(...times);
  return min === max ? [min - DAY_MS, max + DAY_MS] : [min, max];
}

/** The plot's box inside a chart of `width` × `height` px. */
export interface PlotBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export function plotBox(width: number, height: number): PlotBox {
  return {
    left: PLOT_MARGIN.left,
    right: Math.max(PLOT_MARGIN.left + 1, width - PLOT_MARGIN.right),
    top: PLOT_MARGIN.top,
    bottom: Math.max(PLOT_MARGIN.top + 1, height - PLOT_MARGIN.bottom),
  };
}

/** One result drawn: its index in the trend's points and its x (px). */
export interface PlacedPoint {
  index: number;
  x: number;
  point: TrendPoint;
}

/** A marker of one eye at one result: measured, or a bound (docs/adr/0010), at (x, y) px. */
export interface EyeMark {
  index: number;
  x: number;
  y: number;
  point: TrendPoint;
}

export interface TrendGeometry {
  box: PlotBox;
  x: ScaleLinear<number, number>;
  /** Reversed: the lowest logMAR (the best acuity) at the top. */
  y: ScaleLinear<number, number>;
  yTicks: number[];
  xTicks: number[];
  /** Every result, oldest first, with its x. */
  placed: PlacedPoint[];
  /** Per eye: its measured values (joined by its line) and its bounds (never joined). */
  measured: Record<TrendEye, EyeMark[]>;
  bounds: Record<TrendEye, EyeMark[]>;
}

/** Markers closer than this (px, vertically) would cover each other: an eye's marker is 8–10 px wide. */
export const MARKER_OVERLAP_PX = 10;
/** How far each eye's marker moves sideways when the two would cover each other (px). */
export const EYE_DODGE_PX = 5;

/**
 * The sideways shift of an eye's marker at one result: when both eyes were measured there at values drawn
 * closer than MARKER_OVERLAP_PX, the right eye's marker moves left and the left eye's right, so that
 * neither hides the other (with equal values the left eye's square covered the right eye's circle, and a
 * clinician saw one eye). Otherwise 0.
 */
export function eyeDodge(point: TrendPoint, eye: TrendEye, y: (value: number) => number): number {
  const mine = pointLogMar(point, eye);
  const theirs = pointLogMar(point, eye === 'right' ? 'left' : 'right');
  if (mine === undefined || theirs === undefined) return 0;
  if (Math.abs(y(mine) - y(theirs)) >= MARKER_OVERLAP_PX) return 0;
  return eye === 'right' ? -EYE_DODGE_PX : EYE_DODGE_PX;
}

/** The scales, ticks and every marker's place for a trend drawn at `width` × `height` px. */
export function trendGeometry(points: readonly TrendPoint[], width: number, height: number): TrendGeometry {
  const box = plotBox(width, height);
  const x = scaleLinear().domain(timeDomain(points)).range([box.left, box.right]);
  const y = scaleLinear().domain(logMarDomain(points)).range([box.top, box.bottom]);
  const placed = points.map((point, index) => ({ index, x: x(point.time), point }));
  const marks = (eye: TrendEye, bound: boolean): EyeMark[] =>
    placed.flatMap(({ index, x: px, point }) => {
      const value = bound ? point[`${eye}Bound`] : point[eye];
      return value === undefined ? [] : [{ index, x: px + eyeDodge(point, eye, y), y: y(value), point }];
    });
  return {
    box,
    x,
    y,
    yTicks: y.ticks(5),
    xTicks: timeTicks(points),
    placed,
    measured: { right: marks('right', false), left: marks('left', false) },
    bounds: { right: marks('right', true), left: marks('left', true) },
  };
}

/**
 * Where the tooltip of the result drawn at `x`, with its markers at heights `ys`, goes inside the plot `box`:
 * beside its column on the side with more room, and against the plot's top or bottom edge, whichever leaves
 * more room between the tooltip and the markers. On a phone the tooltip is nearly as wide as the chart: at
 * the top it hid the very values it names whenever they were good (low logMAR is drawn high).
 */
export function tipPlace(
  box: PlotBox,
  x: number,
  ys: readonly number[],
): { side: 'left' | 'right'; edge: 'top' | 'bottom' } {
  const side = x < (box.left + box.right) / 2 ? 'right' : 'left';
  if (ys.length === 0) return { side, edge: 'top' };
  const roomAbove = Math.min(...ys) - box.top;
  const roomBelow = box.bottom - Math.max(...ys);
  return { side, edge: roomBelow > roomAbove ? 'bottom' : 'top' };
}

/** An SVG path through the marks in order ("M x,y L x,y …"), or null when fewer than two. */
export function linePath(marks: readonly { x: number; y: number }[]): string | null {
  if (marks.length < 2) return null;
  return marks.map((m, i) => `${i === 0 ? 'M' : 'L'}${round(m.x)},${round(m.y)}`).join('');
}

const round = (value: number) => Math.round(value * 10) / 10;

/** A label's width (px) in the app's sans-serif at `fontPx`, a little generous (a guess, not a measure). */
export function labelWidth(text: string, fontPx = TICK_FONT_PX): number {
  return Math.ceil(text.length * fontPx * 0.6);
}

/** An x-axis label: its tick's x and the label's centre, kept inside the chart. */
export interface XLabel {
  tick: number;
  /** The tick's x (px). */
  x: number;
  /** Where the label's centre goes (px): the tick's x, moved in when the label would leave the chart. */
  labelX: number;
}

/**
 * The x-axis labels that fit: each centred under its tick but kept within [0, width], the last always
 * shown, and, going back from it, every label that keeps `gap` px from the one after it (those that would
 * overlap are left out, the tick mark stays).
 */
export function fittingXLabels(
  ticks: readonly { tick: number; x: number; width: number }[],
  chartWidth: number,
  gap = MIN_TICK_GAP,
): XLabel[] {
  const kept: XLabel[] = [];
  let nextStart = Infinity;
  for (let i = ticks.length - 1; i >= 0; i--) {
    const { tick, x, width } = ticks[i]!;
    const half = width / 2;
    const labelX = Math.min(Math.max(x, half), Math.max(half, chartWidth - half));
    if (labelX + half + gap > nextStart) continue;
    kept.unshift({ tick, x, labelX });
    nextStart = labelX - half;
  }
  return kept;
}

/** The index of the result whose x is nearest to `px` (the column a pointer is on). */
export function nearestIndex(placed: readonly PlacedPoint[], px: number): number {
  if (placed.length === 0) throw new Error('nearestIndex needs at least one point');
  return bisectCenter(
    placed.map((p) => p.x),
    px,
  );
}

type Step = (current: number | null, last: number) => number;
const next: Step = (current, last) => (current === null ? 0 : Math.min(last, current + 1));
const previous: Step = (current, last) => (current === null ? last : Math.max(0, current - 1));
/** Where each stepping key moves from the result shown (null: none yet) among results 0…last. */
const STEPS: Record<string, Step> = {
  ArrowRight: next,
  ArrowUp: next,
  ArrowLeft: previous,
  ArrowDown: previous,
  Home: () => 0,
  End: (_current, last) => last,
};

/** Whether `key` steps through the results: the chart keeps these keys, even at the first or last. */
export function isStepKey(key: string): boolean {
  return Object.hasOwn(STEPS, key);
}

/** The next result's index for a key (arrows, Home, End) from `current` (null: none shown yet). */
export function steppedIndex(key: string, current: number | null, count: number): number | null {
  if (count === 0) return null;
  return isStepKey(key) ? STEPS[key]!(current, count - 1) : current;
}

/**
 * A flagged change's triangle (points attribute) at (cx, cy): pointing up for better (lower logMAR is drawn
 * higher) and down for worse, so that its direction says which way the acuity moved without colour.
 */
export function flagTriangle(cx: number, cy: number, up: boolean): string {
  return up
    ? `${cx},${cy - 11} ${cx - 10},${cy + 7} ${cx + 10},${cy + 7}`
    : `${cx},${cy + 11} ${cx - 10},${cy - 7} ${cx + 10},${cy - 7}`;
}

/**
 * A bound's arrow from its open marker at (cx, cy): up (towards better) for "or better", down for "or
 * worse": the shaft from the marker's edge to the tip, and the head (points attribute).
 */
export function boundArrow(cx: number, cy: number, up: boolean) {
  const tip = up ? cy - 18 : cy + 18;
  const start = up ? cy - 6 : cy + 6;
  const head = up
    ? `${cx},${tip - 2} ${cx - 4},${tip + 5} ${cx + 4},${tip + 5}`
    : `${cx},${tip + 2} ${cx - 4},${tip - 5} ${cx + 4},${tip - 5}`;
  return { start, tip, head };
}
