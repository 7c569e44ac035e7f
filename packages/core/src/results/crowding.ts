import type { StoredAcuity } from './notation';

/**
 * How an acuity record was presented (SPEC.md §3 `crowding`): 'crowded' with bars around each optotype,
 * 'uncrowded' without, or 'not recorded' for a record stored before `crowded` was kept (issue 23) — those
 * were drawn uncrowded, as every chart was then, but the record itself does not say so, and a bare number
 * says nothing at all.
 */
export type AcuityCrowding = 'crowded' | 'uncrowded' | 'not recorded';

/** The presentation of one eye's stored acuity (see {@link AcuityCrowding}). */
export function acuityCrowding(value: StoredAcuity): AcuityCrowding {
  if (typeof value === 'number' || value.crowded === undefined) return 'not recorded';
  return value.crowded ? 'crowded' : 'uncrowded';
}

/**
 * Whether a test's results in one session were crowded: a session draws both eyes the same way, so any
 * crowded eye makes it crowded. Crowded acuity reads worse than uncrowded (contour interaction, STIMULI.md
 * "Crowding"), so the two are never compared or joined in a trend; 'not recorded' goes with uncrowded,
 * which is how those records were drawn.
 */
export function resultIsCrowded(perEye: {
  readonly right?: StoredAcuity;
  readonly left?: StoredAcuity;
}): boolean {
  return [perEye.right, perEye.left].some((v) => v !== undefined && acuityCrowding(v) === 'crowded');
}
