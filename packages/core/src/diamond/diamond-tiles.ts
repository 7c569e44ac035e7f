import { CoreInputError, requireInRange } from '../errors/core-input-error';
import type { DiamondBox } from './diamond';

/**
 * How the Diamond test's four tiles look (SPEC.md §2 "a diamond of four numbered choices", §4 "light, two
 * medium, grating"). Diamond is the contrast test: one tile holds a sine grating of Michelson contrast 20 %
 * (then 8 %) around the mean luminance; the two 'medium' tiles are uniform at exactly that mean, so a grating
 * the eye cannot resolve looks just like them; the 'light' tile is uniform at the grating's peak luminance,
 * a foil for choosing "the tile that looks different" by brightness alone. On screen "that mean" is the
 * grating's DRAWN mean under the stored gamma and each tile carries its luminance jitter
 * (calibration/grating-luminance.ts `fillGratingChoicePatch`); {@link diamondUniformLuminance} gives the
 * nominal values the previews list.
 */

/** Mean luminance of the tiles (fraction of white): mid-grey, so ±20 % contrast stays inside 0 … 1. */
export const DIAMOND_MEAN_LUMINANCE = 0.5;
/**
 * Spatial frequency of the Diamond grating, cycles per degree: 4 c/deg lies at the peak of the human
 * contrast-sensitivity function (≈ 3–5 c/deg), where a contrast loss shows first.
 */
export const DIAMOND_CYCLES_PER_DEGREE = 4;
/** Side of one tile in degrees of visual angle: 3° holds 12 cycles at 4 c/deg. */
export const DIAMOND_TILE_DEGREES = 3;

/**
 * Luminance fraction of a uniform tile: medium = ℓ₀, light = ℓ₀ · (1 + C). The grating tile has no single
 * luminance (its mean is ℓ₀); asking for it is an error.
 * @param kind 'light' or 'medium'
 * @param contrastPercent Michelson contrast in percent, 0 … 100 (core DIAMOND_CONTRASTS: 20, then 8)
 */
export function diamondUniformLuminance(kind: DiamondBox, contrastPercent: number): number {
  const c = requireInRange(contrastPercent, 0, 100, 'Diamond contrast in percent') / 100;
  if (kind === 'medium') return DIAMOND_MEAN_LUMINANCE;
  if (kind === 'light') return Math.min(1, DIAMOND_MEAN_LUMINANCE * (1 + c));
  throw new CoreInputError(`a ${String(kind)} tile has no uniform luminance`);
}
