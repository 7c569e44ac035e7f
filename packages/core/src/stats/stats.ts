import { CoreInputError, requireFinite } from '../errors/core-input-error';

/** Rounds to 3 decimals, the precision SPEC.md §9 gives the statistics helper and ellipse averages. */
export function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/**
 * Mean and scaled deviation of a list of numbers, each to 3 decimals (SPEC.md §9 "Statistics helper").
 * The spec does not say how the deviation is scaled; we use the sample standard deviation (scaled by
 * n − 1, the unbiased variance), which is 0 for a single value. Units are those of the values.
 */
export function meanAndDeviation(values: readonly number[]): { mean: number; deviation: number } {
  if (!Array.isArray(values) || values.length === 0)
    throw new CoreInputError('statistics need at least one value');
  values.forEach((v, i) => requireFinite(v, `value ${i}`));
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance =
    values.length > 1 ? values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1) : 0;
  return { mean: round3(mean), deviation: round3(Math.sqrt(variance)) };
}
