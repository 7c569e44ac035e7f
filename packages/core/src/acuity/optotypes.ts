import { CoreInputError } from '../errors/core-input-error';
import { CANNOT_SEE_ANSWER } from './cannot-see';

/** The three acuity charts of Part A (SPEC.md §4 "Acuity tests"). */
export const ACUITY_OPTOTYPES = ['sloan', 'landolt-c', 'tumbling-e'] as const;
/** One of {@link ACUITY_OPTOTYPES}. */
export type AcuityOptotype = (typeof ACUITY_OPTOTYPES)[number];

/** The 9 Sloan letters SPEC.md §9 uses (the 10 Sloan letters without Z). */
export const SLOAN_LETTERS = ['C', 'D', 'H', 'K', 'N', 'O', 'R', 'S', 'V'] as const;
/** Landolt C gap positions in degrees (SPEC.md §3: rotations 0 to 315 in steps of 45). */
export const LANDOLT_C_ROTATIONS = [0, 45, 90, 135, 180, 225, 270, 315] as const;
/** Tumbling E orientations in degrees (SPEC.md §9). */
export const TUMBLING_E_ROTATIONS = [0, 90, 180, 270] as const;

/**
 * Guess probabilities as SPEC.md §9 states them (Sloan 0.038462 = 1/26: the controller offers 26 letter
 * keys). The procedure itself assumes 1/9 for Sloan (see docs/adr/0003-acuity-procedure.md).
 */
export const SPEC_GUESS_RATES: Readonly<Record<AcuityOptotype, number>> = {
  sloan: 0.038462,
  'landolt-c': 0.125,
  'tumbling-e': 0.25,
};

/** Throws {@link CoreInputError} unless `value` names one of {@link ACUITY_OPTOTYPES}. */
export function requireOptotype(value: unknown): AcuityOptotype {
  if (!(ACUITY_OPTOTYPES as readonly unknown[]).includes(value)) {
    throw new CoreInputError(`optotype must be one of ${ACUITY_OPTOTYPES.join(', ')}, got ${String(value)}`);
  }
  return value as AcuityOptotype;
}

/**
 * Normalises an angle in degrees into (−180, 180] (SPEC.md §4: "Rotation is normalised into the range -180
 * to 180"), so 270 and −90 compare equal.
 */
export function normaliseRotation(degrees: number): number {
  if (typeof degrees !== 'number' || !Number.isFinite(degrees)) {
    throw new CoreInputError(`rotation must be a finite number of degrees, got ${String(degrees)}`);
  }
  const r = ((((degrees + 180) % 360) + 360) % 360) - 180;
  return r === -180 ? 180 : r + 0; // + 0 turns −0 into 0
}

/**
 * Checks a response for an optotype and returns it in canonical form: an upper-case letter A–Z for Sloan
 * (any of the controller's 26 keys), a rotation normalised to (−180, 180] that is a multiple of 45° (Landolt
 * C) or 90° (Tumbling E); {@link CANNOT_SEE_ANSWER} for every optotype, as itself (it matches no stimulus,
 * so the procedure scores it as a wrong answer). Throws {@link CoreInputError} for anything else.
 */
export function canonicalResponse(optotype: AcuityOptotype, response: unknown): string | number {
  // "I can't see it" stays itself: it equals no letter and no rotation, so it is scored as wrong.
  if (response === CANNOT_SEE_ANSWER) return CANNOT_SEE_ANSWER;
  if (optotype === 'sloan') {
    if (typeof response !== 'string' || !/^[A-Za-z]$/.test(response)) {
      throw new CoreInputError(`a Sloan answer must be one letter A–Z, got ${JSON.stringify(response)}`);
    }
    return response.toUpperCase();
  }
  const step = optotype === 'landolt-c' ? 45 : 90;
  if (typeof response !== 'number' || !Number.isFinite(response) || response % step !== 0) {
    throw new CoreInputError(
      `a ${optotype} answer must be a rotation in multiples of ${step}°, got ${String(response)}`,
    );
  }
  return normaliseRotation(response);
}
