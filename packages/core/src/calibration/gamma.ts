import { CoreInputError, requireFinite, requireInRange } from '../errors/core-input-error';

/** Display gammas the calibration accepts (dimensionless); real displays are ≈ 1.8 to 2.6, 1 is linear. */
export const GAMMA_LIMITS = { min: 0.5, max: 4 } as const;

/** Gamma before any calibration (SPEC.md §9). */
export const DEFAULT_GAMMA = 1;

/** Mean luminance fraction of a fine black/white stripe pattern (STIMULI.md "Luminance and contrast"). */
export const STRIPE_MEAN_LUMINANCE = 0.5;

/**
 * Gamma from the grey level whose solid patch matches the stripes: γ = log(0.5) / log(v / 255).
 * E.g. v = 186 → γ ≈ 2.2; v = 127.5 → γ = 1.
 * @param greyLevel the matched 8-bit grey level, strictly between 0 and 255
 */
export function gammaFromMatchedGrey(greyLevel: number): number {
  const v = requireFinite(greyLevel, 'grey level');
  if (v <= 0 || v >= 255)
    throw new CoreInputError(`grey level must be between 0 and 255 (exclusive), got ${v}`);
  return Math.log(STRIPE_MEAN_LUMINANCE) / Math.log(v / 255);
}

/**
 * The 8-bit grey level (unrounded) that shows a luminance fraction on a display of gamma γ:
 * v = 255 × ℓ^(1/γ). E.g. ℓ = 0.5 at γ = 2.2 → 186.1.
 * @param luminance target luminance as a fraction of white, 0 … 1
 * @param gamma the display's gamma, within {@link GAMMA_LIMITS}
 */
export function greyLevelForLuminance(luminance: number, gamma: number): number {
  const l = requireInRange(luminance, 0, 1, 'luminance fraction');
  const g = requireInRange(gamma, GAMMA_LIMITS.min, GAMMA_LIMITS.max, 'gamma');
  return 255 * l ** (1 / g);
}

/** The grey level range of the matching control: the levels whose gamma lies within {@link GAMMA_LIMITS}. */
export function matchingGreyRange(): { min: number; max: number } {
  return {
    min: greyLevelForLuminance(STRIPE_MEAN_LUMINANCE, GAMMA_LIMITS.min),
    max: greyLevelForLuminance(STRIPE_MEAN_LUMINANCE, GAMMA_LIMITS.max),
  };
}
