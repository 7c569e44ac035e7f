import { CoreInputError, requireFinite } from '../errors/core-input-error';
import { formatElapsed } from '../time/elapsed';
import { decimalFromLogMar, logMar, snellenDenominator } from '../optics/units';
import type { AcuityEyeResult } from './results';

/** An acuity result as stored: the record of SPEC.md §3 (with our optional logMAR and ci95) or a bare logMAR. */
export type StoredAcuity = AcuityEyeResult | number;

/** One acuity value in every notation people know. */
export interface AcuityNotation {
  /** logMAR (dimensionless; 0 = 6/6, higher is worse). */
  logMAR: number;
  /** Snellen denominator for 6 m: 6 × 10^logMAR (6/6 = normal, 6/12 = logMAR 0.3). */
  snellen6: number;
  /** Snellen denominator for 20 ft: 20 × 10^logMAR. */
  snellen20: number;
  /** Decimal acuity 10^−logMAR (1.0 = 6/6). */
  decimal: number;
  /** Display strings: "0.30", "6/12", "20/40", "0.50". */
  text: { logMAR: string; snellen6: string; snellen20: string; decimal: string };
}

/** An acuity result in every notation, with its 95 % interval (when stored) in each notation too. */
export interface AcuityNotations extends AcuityNotation {
  /**
   * The 95 % interval, ends in the order stored: `low` is the lower logMAR (better acuity, smaller
   * Snellen denominator, larger decimal), `high` the higher logMAR. Null for records without ci95.
   */
  interval: { low: AcuityNotation; high: AcuityNotation } | null;
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

/**
 * A logMAR value in every notation, with the conversions of core/units: Snellen 6/x and 20/x with
 * x = numerator × 10^logMAR, decimal = 10^−logMAR. Snellen denominators are shown to one decimal below
 * 10 (6/7.5) and whole above (6/12, 20/40); decimal to two decimals.
 */
export function acuityNotation(logMARValue: number): AcuityNotation {
  const value = logMar(requireFinite(logMARValue, 'logMAR'));
  const snellen6 = snellenDenominator(value, 6);
  const snellen20 = snellenDenominator(value, 20);
  const decimal = decimalFromLogMar(value);
  const denominator = (d: number) => (d < 10 ? trimmed(d, 1) : String(Math.round(d)));
  return {
    logMAR: value,
    snellen6,
    snellen20,
    decimal,
    text: {
      logMAR: formatLogMar(value),
      snellen6: `6/${denominator(snellen6)}`,
      snellen20: `20/${denominator(snellen20)}`,
      decimal: decimal.toFixed(2),
    },
  };
}

/** The logMAR value of a stored acuity result: `logMAR` when present, else `va`, or the bare number. */
export function acuityLogMar(result: StoredAcuity): number {
  if (typeof result === 'number') return requireFinite(result, 'acuity');
  if (result === null || typeof result !== 'object')
    throw new CoreInputError('acuity result must be a number or a record');
  return requireFinite(result.logMAR ?? result.va, 'acuity va');
}

/** A stored acuity result (SPEC.md §3 record or bare value) in every notation, with its 95 % interval. */
export function acuityNotations(result: StoredAcuity): AcuityNotations {
  const main = acuityNotation(acuityLogMar(result));
  if (typeof result === 'number') return { ...main, interval: null, rounds: null, loopLength: null };
  const ci = result.ci95;
  let interval: AcuityNotations['interval'] = null;
  if (ci) {
    const lo = requireFinite(ci[0], 'ci95 low');
    const hi = requireFinite(ci[1], 'ci95 high');
    if (lo > hi) throw new CoreInputError(`ci95 low (${lo}) exceeds high (${hi})`);
    interval = { low: acuityNotation(lo), high: acuityNotation(hi) };
  }
  return { ...main, interval, rounds: result.rounds, loopLength: result.loopLength };
}

/** Duration of a test from its start and end timestamps (ms) as HH:MM:SS (SPEC.md §9), via core/time. */
export function durationHms(startMs: number, endMs: number): string {
  return formatElapsed(startMs, endMs);
}
