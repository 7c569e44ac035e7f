import { requireInteger } from '../errors/core-input-error';

/**
 * Which of the three background images a spoke round uses (SPEC.md §4 "Spoke Circle", "Spoke Ellipse"):
 * rounds under 3 → 0, over 4 → 2, otherwise (3 and 4) → 1. Rounds count from 1.
 */
export function spokeBackgroundIndex(round: number): 0 | 1 | 2 {
  const r = requireInteger(round, 1, 1000, 'round');
  return r < 3 ? 0 : r > 4 ? 2 : 1;
}
