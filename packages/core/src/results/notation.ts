import { CoreInputError, requireFinite, requirePositive } from '../errors/core-input-error';
import { formatElapsed } from '../time/elapsed';
import { decimalFromLogMar, logMar, snellenDenominator } from '../optics/units';
import { lineRounding, snellenLine, type LineRounding } from '../optics/chart-lines';
import { ACUITY_CENSORING, type AcuityCensoring, type AcuityEyeResult } from './results';

/**
 * An acuity result as stored: the record of SPEC.md §3 (with our optional logMAR, ci95 and, for a
 * threshold beyond the screen's range, censored and bound) or a bare logMAR.
 */
export type StoredAcuity = AcuityEyeResult | number;

/** One acuity value in every notation people know. */
export interface AcuityNotation {
  /** logMAR (dimensionless; 0 = 6/6, higher is worse). */
  logMAR: number;
  /** Exact Snellen denominator for 6 m: 6 × 10^logMAR (the text is the nearest chart line). */
  snellen6: number;
  /** Snellen denominator for 20 ft: 20 × 10^logMAR. */
  snellen20: number;
  /** Decimal acuity 10^−logMAR (1.0 = 6/6). */
  decimal: number;
  /** Display strings by the notation rule: "0.30", "6/12" (nearest chart line), "20/40", "0.50". */
  text: { logMAR: string; snellen6: string; snellen20: string; decimal: string };
}

/**
 * What a bound says beside its value (docs/adr/0010-censored-acuity-results.md): the threshold lies
 * beyond the end of the range the screen could draw, `bound`, which is the notation's value.
 */
export interface AcuityBound {
  /** 'better-than': logMAR ≤ bound; 'worse-than': logMAR ≥ bound. */
  censored: AcuityCensoring;
  /**
   * Said after every notation of the bound. "or better" is the same claim in each: logMAR ≤ bound,
   * Snellen denominator ≤ the bound's (the fraction at least as good), decimal ≥ the bound's.
   */
  qualifier: 'or better' | 'or worse';
  /** The viewing distance the chart was drawn for (mm), null when the record does not keep it. */
  distanceMm: number | null;
  /** Why it is a bound: "the smallest line this screen can draw at 0.6 m". */
  reason: string;
}

/** An acuity result in every notation, with its 95 % interval (when stored) in each notation too. */
export interface AcuityNotations extends AcuityNotation {
  /**
   * The 95 % interval, ends in the order stored (`text`: each notation written low to high): `low` is the lower logMAR (better acuity, smaller
   * Snellen denominator, larger decimal), `high` the higher logMAR. Null for records without ci95, and
   * for a bound, which has no two-sided interval (its stored ci95 is one-sided to the scale's end).
   */
  interval: { low: AcuityNotation; high: AcuityNotation; text: AcuityNotation['text'] } | null;
  /** Set when the stored result is a bound ("0.50 or better"), whose value is the notation's; else null. */
  bound: AcuityBound | null;
  /** Rounds used and planned, null for a bare value. */
  rounds: number | null;
  loopLength: number | null;
}

/** Rounds to `digits` decimals and drops trailing zeros: 7.50 → "7.5", 12.0 → "12". */
function trimmed(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}

/** Text of a logMAR value: two decimals, "−" never shown as "-0.00". */
export function formatLogMar(value: number): string {
  const v = Number(value.toFixed(2));
  return (Object.is(v, -0) ? 0 : v).toFixed(2);
}

/*
 * THE notation rule (docs/results.md "Notations"), used by every view and export:
 * - logMAR: the exact value, two decimals.
 * - Snellen 6/x and 20/x: the standard chart line (one per 0.1 logMAR, the ISO 8596 progression with its conventional labels,
 *   6/3.8 … 6/6, 6/7.5, 6/9.5, 6/12 … 6/60 … 6/380, and 20/12.5 … 20/20, 20/25, 20/32 … 20/1250, repeated
 *   ×10 per decade) nearest the logMAR; halfway (0.15) goes to the worse line. A chart line is what a
 *   clinician reads; the exact logMAR is always shown beside it.
 * - Decimal: 10^−logMAR to two significant digits (1.0, 0.80, 0.79, 0.032, 0.025), so one chart line
 *   never looks like its neighbour.
 * - A 95 % interval is written low to high in every notation (logMAR 0.10 to 0.30, 6/7.5 to 6/12,
 *   decimal 0.50 to 0.79).
 * - A bound's Snellen line is the nearest one the bound implies (within 0.005 logMAR, the labels' own
 *   rounding): "or better" rounds to the worse line, "or worse" to the better one.
 */

/** Denominators of one decade of chart lines from 6/6 (20/20): ×10^(k/10), conventionally rounded. */
/** Decimal acuity as text: two significant digits, 1 → "1.0", 0.0251 → "0.025", 0.0316 → "0.032". */
export function formatDecimal(decimal: number): string {
  return requirePositive(decimal, 'decimal acuity').toPrecision(2);
}

/**
 * A logMAR value in every notation: the exact numbers from core/units (Snellen denominators 6 × 10^logMAR
 * and 20 × 10^logMAR, decimal 10^−logMAR) and their text by the rule above. `rounding` is for a bound.
 */
export function acuityNotation(logMARValue: number, rounding: LineRounding = 'nearest'): AcuityNotation {
  const value = logMar(requireFinite(logMARValue, 'logMAR'));
  const decimal = decimalFromLogMar(value);
  return {
    logMAR: value,
    snellen6: snellenDenominator(value, 6),
    snellen20: snellenDenominator(value, 20),
    decimal,
    text: {
      logMAR: formatLogMar(value),
      snellen6: snellenLine(value, 6, rounding),
      snellen20: snellenLine(value, 20, rounding),
      decimal: formatDecimal(decimal),
    },
  };
}

/** An interval's text in each notation, low to high: "0.10 to 0.30", "6/7.5 to 6/12", "0.50 to 0.79". */
export function intervalText(low: AcuityNotation, high: AcuityNotation): AcuityNotation['text'] {
  return {
    logMAR: `${low.text.logMAR} to ${high.text.logMAR}`,
    snellen6: `${low.text.snellen6} to ${high.text.snellen6}`,
    snellen20: `${low.text.snellen20} to ${high.text.snellen20}`,
    // The higher logMAR is the lower decimal, so the decimal interval runs high end first.
    decimal: `${high.text.decimal} to ${low.text.decimal}`,
  };
}

/** The side a stored record is censored on, or null; throws on a record claiming one without a bound. */
function censoringOf(result: AcuityEyeResult): { censored: AcuityCensoring; bound: number } | null {
  if (result.censored === undefined && result.bound === undefined) return null;
  if (!(ACUITY_CENSORING as readonly unknown[]).includes(result.censored))
    throw new CoreInputError(`acuity censored must be one of ${ACUITY_CENSORING.join(', ')}`);
  return { censored: result.censored!, bound: logMar(requireFinite(result.bound, 'acuity bound')) };
}

/**
 * The logMAR value of a stored acuity result: the bound of a censored record, else `logMAR` when present,
 * else `va`, or the bare number. (A censored record's va and logMAR equal its bound; contracts check it.)
 */
export function acuityLogMar(result: StoredAcuity): number {
  if (typeof result === 'number') return requireFinite(result, 'acuity');
  if (result === null || typeof result !== 'object')
    throw new CoreInputError('acuity result must be a number or a record');
  return censoringOf(result)?.bound ?? requireFinite(result.logMAR ?? result.va, 'acuity va');
}

/** A distance in metres as people say it: 600 mm → "0.6 m", 3000 → "3 m", 2250 → "2.25 m". */
export function formatMetres(distanceMm: number): string {
  return `${trimmed(requirePositive(distanceMm, 'distance (mm)') / 1000, 2)} m`;
}

/**
 * Why a result is a bound, from the record: "the smallest line this screen can draw at 0.6 m" (better-
 * than: the eye read the smallest line there was) or "the largest line …" (worse-than). The distance is
 * the one the record keeps; "at the distance used" for a record without it.
 */
export function boundReason(censored: AcuityCensoring, distanceMm: number | null): string {
  const line = censored === 'better-than' ? 'smallest' : 'largest';
  const at = distanceMm === null ? 'the distance used' : formatMetres(distanceMm);
  return `the ${line} line this screen can draw at ${at}`;
}

/** A stored acuity result (SPEC.md §3 record or bare value) in every notation, with its 95 % interval. */
export function acuityNotations(result: StoredAcuity): AcuityNotations {
  if (typeof result === 'number')
    return {
      ...acuityNotation(acuityLogMar(result)),
      interval: null,
      bound: null,
      rounds: null,
      loopLength: null,
    };
  const censoring = censoringOf(result);
  // A bound's chart line is one the bound implies: "or better" rounds to the worse line.
  const main = acuityNotation(acuityLogMar(result), lineRounding(censoring?.censored));
  const ci = result.ci95;
  let interval: AcuityNotations['interval'] = null;
  if (ci) {
    const lo = requireFinite(ci[0], 'ci95 low');
    const hi = requireFinite(ci[1], 'ci95 high');
    if (lo > hi) throw new CoreInputError(`ci95 low (${lo}) exceeds high (${hi})`);
    const low = acuityNotation(lo);
    const high = acuityNotation(hi);
    interval = { low, high, text: intervalText(low, high) };
  }
  let bound: AcuityBound | null = null;
  if (censoring) {
    const distanceMm = result.distanceMm === undefined ? null : requireFinite(result.distanceMm, 'distance');
    bound = {
      censored: censoring.censored,
      qualifier: censoring.censored === 'better-than' ? 'or better' : 'or worse',
      distanceMm,
      reason: boundReason(censoring.censored, distanceMm),
    };
  }
  // A bound has no two-sided interval: its one-sided ci95 runs to the scale's end and is not shown.
  return {
    ...main,
    interval: bound ? null : interval,
    bound,
    rounds: result.rounds,
    loopLength: result.loopLength,
  };
}

/** A notation's text qualified as its result is: "0.50" → "0.50 or better" for a bound, as it is otherwise. */
export function qualified(notations: AcuityNotations, text: string): string {
  return notations.bound ? `${text} ${notations.bound.qualifier}` : text;
}

/**
 * The text of an acuity result, every notation at once: measured "0.10 logMAR (6/7.5, decimal 0.79)";
 * a bound "0.50 logMAR or better (6/19 or better, decimal 0.32 or better)". Snellen 20/x with units 'ft'.
 * Each notation of a bound is the bound's own conversion, rounded as every value is; "or better" means
 * logMAR ≤, Snellen fraction at least as good, decimal ≥ (see {@link AcuityBound.qualifier}).
 */
export function acuityText(result: StoredAcuity, units: string = 'm'): string {
  const n = acuityNotations(result);
  const snellen = units === 'ft' ? n.text.snellen20 : n.text.snellen6;
  return `${qualified(n, `${n.text.logMAR} logMAR`)} (${qualified(n, snellen)}, decimal ${qualified(n, n.text.decimal)})`;
}

/** Duration of a test from its start and end timestamps (ms) as HH:MM:SS (SPEC.md §9), via core/time. */
export function durationHms(startMs: number, endMs: number): string {
  return formatElapsed(startMs, endMs);
}
