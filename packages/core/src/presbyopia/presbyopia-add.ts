import { CoreInputError, requireInRange, requireInteger } from '../errors/core-input-error';

/** Reading-distance choices (SPEC.md §5); the default is the middle one. */
export const PRESBYOPIA_DISTANCES = ['Below 1.6m', 'Between 1.6m and 1.9m', 'Above 1.9m'] as const;
/** One of {@link PRESBYOPIA_DISTANCES}. */
export type PresbyopiaDistance = (typeof PRESBYOPIA_DISTANCES)[number];
/** Default distance choice (SPEC.md §5). */
export const DEFAULT_PRESBYOPIA_DISTANCE: PresbyopiaDistance = 'Between 1.6m and 1.9m';

/** Base add in dioptres by age, 44 to 60 (SPEC.md §9 "Presbyopia base add by age"). */
export const PRESBYOPIA_AGE_TABLE: readonly { readonly age: number; readonly baseAdd: number }[] = [
  { age: 44, baseAdd: 0.5 },
  { age: 45, baseAdd: 0.75 },
  { age: 46, baseAdd: 1 },
  { age: 47, baseAdd: 1.25 },
  { age: 48, baseAdd: 1.5 },
  { age: 49, baseAdd: 1.75 },
  ...[50, 51, 52, 53, 54].map((age) => ({ age, baseAdd: 2 })),
  ...[55, 56, 57, 58].map((age) => ({ age, baseAdd: 2.25 })),
  { age: 59, baseAdd: 2.5 },
  { age: 60, baseAdd: 2.5 },
];

/**
 * Near add estimate in dioptres (SPEC.md §9): the base add of the age table, then +0.25 D for a distance
 * below 1.6 m, −0.25 D above 1.9 m, +0.25 D for a prescription above +3 D, −0.25 D below −3 D.
 *
 * Outside the table (the spec gives none): under 44 the add is 0 D and no adjustment applies (no
 * presbyopic add is prescribed before presbyopia starts); over 60 the base add stays at 2.5 D, because
 * accommodation is gone by then and the add no longer grows with age. Age must be an integer 0 … 130,
 * the prescription (spherical equivalent, D) within ±30 D.
 */
export function presbyopiaAdd(input: {
  age: number;
  distance: PresbyopiaDistance;
  prescription: number;
}): number {
  if (typeof input !== 'object' || input === null) throw new CoreInputError('presbyopiaAdd needs an object');
  const age = requireInteger(input.age, 0, 130, 'age (years)', 'age');
  const prescription = requireInRange(input.prescription, -30, 30, 'prescription (dioptres)', 'prescription');
  if (!(PRESBYOPIA_DISTANCES as readonly string[]).includes(input.distance)) {
    throw new CoreInputError(`distance must be one of ${PRESBYOPIA_DISTANCES.join(', ')}`);
  }
  if (age < 44) return 0;
  let add = PRESBYOPIA_AGE_TABLE.find((row) => row.age === Math.min(age, 60))!.baseAdd;
  if (input.distance === 'Below 1.6m') add += 0.25;
  if (input.distance === 'Above 1.9m') add -= 0.25;
  if (prescription > 3) add += 0.25;
  if (prescription < -3) add -= 0.25;
  return add;
}

/** Dioptres as a prescription reads: '+1.25 D', '−3.00 D' (a true minus sign), '0.00 D' (never '−0.00 D'). */
export function formatDioptres(value: number): string {
  const v = Number(value.toFixed(2));
  return `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(2)} D`;
}
