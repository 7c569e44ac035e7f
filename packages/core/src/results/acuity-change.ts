import { CoreInputError } from '../errors/core-input-error';
import type { TestId } from '../flow/test-definitions';
import { acuityLogMar, acuityNotations, type StoredAcuity } from './notation';
import { repeatabilityLimit, significantChange, type ChangeVerdict } from './repeatability';

/*
 * The change flag between two stored acuity results of one eye when either may be a bound
 * (docs/adr/0010-censored-acuity-results.md): a bound is never compared as if it were a value.
 *
 * Each result is the set of logMAR values its answers allow:
 *   measured v        → [v, v]
 *   "b or better"     → (−∞, b]   (censored 'better-than': logMAR ≤ b)
 *   "b or worse"      → [b, +∞)   (censored 'worse-than':  logMAR ≥ b)
 * With the previous result's set P = [p₋, p₊] and the next one's N = [n₋, n₊], the change next − prev can
 * be any of { n − p : p ∈ P, n ∈ N } = [n₋ − p₊, n₊ − p₋]. Its smallest size is the gap between the sets:
 *   n₋ − p₊ when n₋ > p₊ (the next result is worse than anything the previous one allows),
 *   n₊ − p₋ when n₊ < p₋ (better than anything it allows), 0 when the sets overlap.
 * A change is flagged only when even that smallest change is beyond the test's repeatability, by the same
 * rule as two measured values (core `significantChange`, applied to the two nearest ends). So:
 *   - two measured values: the ends are the values, exactly `significantChange(prev, next)`;
 *   - "0.5 or better" then 0.9 measured: gap 0.4 > 0.12, worse; then 0.3: inside the bound, no change;
 *   - 0.2 measured then "0.5 or worse": gap 0.3, worse; then "0.1 or better": no change;
 *   - two bounds on the same side always overlap (both reach −∞, or +∞): never a change;
 *   - "0.3 or better" then "0.7 or worse": gap 0.4, worse.
 * The limit itself is the test's (`repeatabilityLimit`), unchanged.
 */

/** {@link ChangeVerdict} of two results of which either may be a bound. */
export interface AcuityChangeVerdict extends ChangeVerdict {
  /**
   * True when either result is a bound: `change` is then the smallest change both results allow (0 when
   * they overlap), not a difference of two measured values.
   */
  bounded: boolean;
}

/** The logMAR values a stored result allows, [low, high]; ±Infinity on a bound's open side. */
export function acuityRange(result: StoredAcuity): [number, number] {
  const n = acuityNotations(result);
  const value = acuityLogMar(result);
  if (!n.bound) return [value, value];
  return n.bound.censored === 'better-than' ? [-Infinity, value] : [value, Infinity];
}

/**
 * Whether an eye's acuity moved beyond the test's repeatability between two stored results (`prev` then
 * `next`), either of which may be a bound: flagged only when every pair of values the two results allow
 * differs by more than the limit (the rule above).
 */
export function acuityChange(prev: StoredAcuity, next: StoredAcuity, test: TestId): AcuityChangeVerdict {
  if (typeof test !== 'string') throw new CoreInputError('test must be a test id');
  const [p0, p1] = acuityRange(prev);
  const [n0, n1] = acuityRange(next);
  const bounded = !(p0 === p1 && n0 === n1);
  if (n0 >= p1) return { ...significantChange(p1, n0, test), bounded };
  if (n1 <= p0) return { ...significantChange(p0, n1, test), bounded };
  return { change: 0, limit: repeatabilityLimit(test), significant: false, direction: 'unchanged', bounded };
}
