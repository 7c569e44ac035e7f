import { GRATING_LUMINANCE_JITTER } from '../calibration/grating-luminance';
import { requireInteger } from '../errors/core-input-error';

/** Delay after each grating answer before the next target, ms (SPEC.md §4, §9). */
export const GRATING_ANSWER_DELAY_MS = 400;
/** Grating positions on screen (SPEC.md §3: 3 options). */
export const GRATING_POSITIONS = 3;

/** Michelson contrast of the Astigmatism Power grating: full contrast, so only the frequency limits seeing it. */
export const ASTIG_POWER_CONTRAST = 1;
/**
 * Mean luminance of the Astigmatism Power targets (fraction of white): the largest ℓ₀ whose grating still
 * fits under white at the highest jitter, ℓ₀ · (1 + J) · (1 + C) ≤ 1 ⇒ ℓ₀ ≤ 1 / (2 · 1.04) ≈ 0.4808
 * (calibration/grating-luminance.ts `GRATING_LUMINANCE_JITTER`), rounded down to 0.48.
 */
export const ASTIG_POWER_MEAN_LUMINANCE =
  Math.floor(100 / ((1 + GRATING_LUMINANCE_JITTER) * (1 + ASTIG_POWER_CONTRAST))) / 100;

/**
 * Astigmatism Power (SPEC.md §4): an answer is correct when it names the position (1 … 3) of the grating
 * target.
 */
export function isGratingAnswerCorrect(answerPosition: number, gratingPosition: number): boolean {
  return (
    requireInteger(answerPosition, 1, GRATING_POSITIONS, 'answer position') ===
    requireInteger(gratingPosition, 1, GRATING_POSITIONS, 'grating position')
  );
}

/**
 * Zero-pads a grating contrast or orientation for an image name when it is 9 or less (SPEC.md §5):
 * 5 → "05", 10 → "10". Non-negative integers only.
 */
export function padGratingValue(value: number): string {
  const v = requireInteger(value, 0, 100000, 'grating value');
  return v <= 9 ? `0${v}` : String(v);
}
