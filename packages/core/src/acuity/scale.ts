import { CoreInputError, requireInteger } from '../errors/core-input-error';
import type { LogMar } from '../optics/units';
import { snellenLine } from '../optics/chart-lines';

/*
 * The 21-level acuity scale (SPEC.md §9 "Acuity scale").
 *
 * The spec lists the levels smallest letter first: fractions 6/3.8 … 6/380, ratios (= decimal acuity
 * 6/x) 1.578945 … 0.0157894, sizes 2.75 … 275.47. So level 0 is the SMALLEST optotype and the index grows
 * with the letter, one ETDRS line (0.1 logMAR) per level:
 *
 *   logMAR(i) = −0.2 + 0.1 × i          i = 0 … 20   →  −0.2 … 1.8
 *   6/x:  x = 6 × 10^logMAR(i)          6/3.79 … 6/378.6, labelled with the usual rounded series
 *   20/y: y = 20 × 10^logMAR(i)         20/12.5 … 20/1250
 *   decimal = 10^(−logMAR(i))           1.6 … 0.016 (the spec's "ratio" is 6 / x of the label)
 *
 * Check: log10(3.8/6) = −0.198 ≈ −0.2 and log10(380/6) = 1.802 ≈ 1.8; every label is within 0.005 logMAR
 * of its nominal value, because the labels are the conventional rounding of 10^(0.1 k).
 * The spec's "result score" of a level is log10(denominator / numerator) of its label to 4 decimals
 * (e.g. 6/9.5 → 0.1996), which differs from the nominal logMAR by that rounding only.
 * The size list 2.75 … 275.47 (×100 over 20 steps = 10^0.1 per step) is the same ladder in pixel units.
 */

/** Metric denominators of the 21 levels (6/x), smallest optotype first (SPEC.md §9). */
export const FRACTION_DENOMINATORS_6 = [
  3.8, 4.8, 6, 7.5, 9.5, 12, 15, 19, 24, 30, 38, 48, 60, 75, 95, 120, 150, 190, 240, 300, 380,
] as const;

/** Imperial denominators (20/y) of the same levels. */
export const FRACTION_DENOMINATORS_20 = [
  12.5, 16, 20, 25, 32, 40, 50, 63, 80, 100, 125, 160, 200, 250, 320, 400, 500, 630, 800, 1000, 1250,
] as const;

/** Conventional decimal acuity labels of the same levels. */
export const DECIMAL_LABELS = [
  1.6, 1.25, 1, 0.8, 0.63, 0.5, 0.4, 0.32, 0.25, 0.2, 0.16, 0.125, 0.1, 0.08, 0.063, 0.05, 0.04, 0.032, 0.025,
  0.02, 0.016,
] as const;

/** Number of levels (SPEC.md §4: "21 size levels, index 0 to 20"). */
export const LEVEL_COUNT = 21;
/** logMAR of level 0, the smallest optotype (6/3.8). */
export const SCALE_MIN_LOGMAR = -0.2;
/** logMAR of level 20, the largest optotype (6/380). */
export const SCALE_MAX_LOGMAR = 1.8;
/** logMAR step between levels: one chart line. */
export const LEVEL_STEP_LOGMAR = 0.1;

/** One level of the scale with all its notations. */
export interface AcuityLevel {
  /** Index 0 … 20, 0 = smallest optotype. */
  readonly index: number;
  /** Nominal logMAR: −0.2 + 0.1 × index. */
  readonly logMAR: LogMar;
  /** Metric Snellen label, e.g. "6/9.5". */
  readonly snellen: string;
  /** Imperial Snellen label, e.g. "20/32". */
  readonly snellen20: string;
  /** Decimal acuity label, e.g. 0.63. */
  readonly decimal: number;
  /** The spec's ratio: 6 / denominator (dimensionless), e.g. 1.578947 for 6/3.8. */
  readonly ratio: number;
  /** The spec's result score: log10(denominator / 6) to 4 decimals (logMAR), e.g. 0.1996 for 6/9.5. */
  readonly score: LogMar;
}

/** Rounds to 4 decimals, the precision the spec gives results in. */
export function round4(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

/** The 21 levels, index 0 (6/3.8) to 20 (6/380). */
export const ACUITY_LEVELS: readonly AcuityLevel[] = FRACTION_DENOMINATORS_6.map((den, index) => ({
  index,
  // Built from the index (not the label) so every level is an exact multiple of the 0.1 step.
  logMAR: round4(SCALE_MIN_LOGMAR + LEVEL_STEP_LOGMAR * index) as LogMar,
  snellen: `6/${den}`,
  snellen20: `20/${FRACTION_DENOMINATORS_20[index]!}`,
  decimal: DECIMAL_LABELS[index]!,
  ratio: 6 / den,
  score: round4(Math.log10(den / 6)) as LogMar,
}));

/** The level at an index 0 … 20; throws {@link CoreInputError} otherwise. */
export function acuityLevel(index: number): AcuityLevel {
  return ACUITY_LEVELS[requireInteger(index, 0, LEVEL_COUNT - 1, 'acuity level index')]!;
}

/** Nominal logMAR of a level: −0.2 + 0.1 × index. */
export function levelToLogMar(index: number): LogMar {
  return acuityLevel(index).logMAR;
}

/**
 * The level nearest a logMAR value, within the scale (−0.25 … 1.85, i.e. half a step beyond the ends);
 * throws {@link CoreInputError} further out instead of silently clamping.
 */
export function nearestLevel(logMAR: number): number {
  if (typeof logMAR !== 'number' || !Number.isFinite(logMAR)) {
    throw new CoreInputError(`logMAR must be a finite number, got ${String(logMAR)}`);
  }
  const i = Math.round((logMAR - SCALE_MIN_LOGMAR) / LEVEL_STEP_LOGMAR);
  if (i < 0 || i > LEVEL_COUNT - 1) {
    throw new CoreInputError(
      `logMAR ${logMAR} is outside the acuity scale ${SCALE_MIN_LOGMAR}…${SCALE_MAX_LOGMAR}`,
    );
  }
  return i;
}

/**
 * The metric Snellen label ("6/x") of the level nearest a logMAR value, by the results' notation rule
 * (optics/chart-lines.ts `snellenLine`: halfway goes to the worse line); throws outside the scale as
 * {@link nearestLevel} does.
 */
export function snellenLabel(logMAR: number): string {
  nearestLevel(logMAR);
  return snellenLine(logMAR, 6);
}

/**
 * Parses a fraction label of the scale ("6/9.5", "20/32") and returns its level index; throws
 * {@link CoreInputError} for anything else.
 */
export function levelOfFraction(label: string): number {
  const m = typeof label === 'string' ? /^(6|20)\/(\d+(?:\.\d+)?)$/.exec(label.trim()) : null;
  const list: readonly number[] | undefined =
    m?.[1] === '6' ? FRACTION_DENOMINATORS_6 : m?.[1] === '20' ? FRACTION_DENOMINATORS_20 : undefined;
  const index = list && m ? list.indexOf(Number(m[2])) : -1;
  if (index < 0) throw new CoreInputError(`"${String(label)}" is not a fraction of the acuity scale`);
  return index;
}
