import { CoreInputError, requireInRange } from '../errors/core-input-error';
import { draw, type Rng } from '../random/rng';
import { GAMMA_LIMITS } from './gamma';
import { checkBuffer, ditheredLevel, fillGrating, resolveGratingSpec, type GratingSpec } from './grating';

/*
 * Gratings that cannot be found by brightness (issue 17 item 3, docs/adr/0013).
 *
 * In a "which patch holds the lines" choice (Astigmatism Power, Diamond) the blank patches must emit the
 * same mean luminance as the grating, or the grating can be picked by brightness without resolving a bar.
 * A display emits L(v) = (v / 255)^γ for the 8-bit level v, and L is convex, so the luminance of a grating
 * is the mean of L over its DRAWN pixel values, not L(mean v), and not the nominal ℓ₀ either: each sample is
 * rounded/dithered to 8 bits and a round patch cuts its periods off at the edge. So the blanks are not drawn
 * at ℓ₀; their luminance is measured from the grating's own drawn pixels under the stored gamma:
 *
 *   M = (1 / N) Σ over the patch's N pixels of (vᵢ / 255)^γ          (drawnMeanLuminance)
 *
 * and a blank is drawn at exactly M by dithering between the two 8-bit levels a, a + 1 around it in
 * proportions that are linear in LUMINANCE (f = (M − L(a)) / (L(a+1) − L(a))), not in v: over each 4 × 4
 * Bayer block the mean of L is then (1 − f)·L(a) + f·L(a+1) = M within 1/32 of one level step
 * (≈ 0.04 % of mid-grey at γ 2.2).
 *
 * This makes the equality hold under the STORED gamma. With the true gamma γt ≠ stored γs the screen shows
 * ℓ^(γt/γs) instead of ℓ and the grating's mean drifts from the blanks' by ≈ r(r − 1)·C²/4 with r = γt/γs
 * (exact values in grating-luminance.test.ts): 65 % for an uncalibrated γ 1 on a γ 2.2 screen at C = 1,
 * still 2.2 – 3.6 % for a calibration off by ±0.2 at C = 1 (0.1 % at Diamond's C = 0.2). So the colour
 * calibration is required (flow/calibration-requirements.ts) and each patch's mean is jittered by more than
 * that residual ({@link GRATING_LUMINANCE_JITTER}).
 */

/** Luminance fraction a display of gamma γ emits for the 8-bit grey level v: L(v) = (v / 255)^γ. */
export function luminanceOfGreyLevel(greyLevel: number, gamma: number): number {
  const v = requireInRange(greyLevel, 0, 255, 'grey level');
  return (v / 255) ** requireInRange(gamma, GAMMA_LIMITS.min, GAMMA_LIMITS.max, 'gamma');
}

/**
 * The fractional level to dither (grating.ts `ditheredLevel`) so the drawn pixels EMIT luminance ℓ on
 * average: a + f with a the 8-bit level just at or below ℓ and f = (ℓ − L(a)) / (L(a+1) − L(a)), the
 * luminance-linear share of the level above. (Dithering v = 255·ℓ^(1/γ) instead would give the mean of L
 * at (1 − f′)·L(a) + f′·L(a+1) with f′ = v − a, off by the curvature of L within one level.)
 */
export function ditherLevelForLuminance(luminance: number, gamma: number): number {
  const l = requireInRange(luminance, 0, 1, 'luminance fraction');
  const g = requireInRange(gamma, GAMMA_LIMITS.min, GAMMA_LIMITS.max, 'gamma');
  if (l >= 1) return 255;
  let a = Math.min(254, Math.floor(255 * l ** (1 / g)));
  // Guard the floating-point edge: L(a) ≤ ℓ < L(a + 1).
  while (a > 0 && (a / 255) ** g > l) a--;
  while (a < 254 && ((a + 1) / 255) ** g <= l) a++;
  const low = (a / 255) ** g;
  const high = ((a + 1) / 255) ** g;
  return a + (l - low) / (high - low);
}

/** Which pixels make up a patch: all of a square, or those whose centre lies in the inscribed circle. */
export function insidePatch(x: number, y: number, width: number, height: number, shape: 'square' | 'circle') {
  if (shape === 'square') return true;
  const dx = x + 0.5 - width / 2;
  const dy = y + 0.5 - height / 2;
  return dx * dx + dy * dy <= (Math.min(width, height) / 2) ** 2;
}

/**
 * Mean luminance a drawn RGBA patch emits on a display of gamma γ: the mean of L(v) = (v / 255)^γ over the
 * patch's pixels (the inscribed circle for 'circle', the same pixels grating.ts `fillGrating` draws the
 * grating on), read from the red channel (the patches are grey).
 */
export function drawnMeanLuminance(
  buffer: Uint8ClampedArray,
  width: number,
  height: number,
  gamma: number,
  shape: 'square' | 'circle' = 'square',
): number {
  checkBuffer(buffer, width, height);
  const table = Array.from({ length: 256 }, (_, v) => luminanceOfGreyLevel(v, gamma));
  let sum = 0;
  let n = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!insidePatch(x, y, width, height, shape)) continue;
      sum += table[buffer[(y * width + x) * 4]!]!;
      n++;
    }
  if (n === 0) throw new CoreInputError('the patch holds no pixel');
  return sum / n;
}

/** Mean luminance {@link drawnMeanLuminance} of the grating `spec` drawn at width × height pixels. */
export function drawnGratingMeanLuminance(spec: GratingSpec, width: number, height: number): number {
  const s = resolveGratingSpec(spec);
  const buffer = new Uint8ClampedArray(width * height * 4);
  fillGrating(buffer, width, height, s);
  return drawnMeanLuminance(buffer, width, height, s.gamma, s.shape);
}

/**
 * Fills an RGBA buffer with one uniform luminance ℓ that the drawn pixels really emit on average under
 * `gamma` (luminance-linear dithering, {@link ditherLevelForLuminance}); alpha 255.
 */
export function fillLuminance(
  buffer: Uint8ClampedArray,
  width: number,
  height: number,
  luminance: number,
  gamma: number,
): void {
  checkBuffer(buffer, width, height);
  const v = ditherLevelForLuminance(luminance, gamma);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const g = ditheredLevel(v, x, y);
      const i = (y * width + x) * 4;
      buffer[i] = g;
      buffer[i + 1] = g;
      buffer[i + 2] = g;
      buffer[i + 3] = 255;
    }
}

/**
 * Half-width of the per-patch luminance jitter: each patch's mean is multiplied by a factor drawn uniformly
 * from [1 − J, 1 + J], independently per patch and per trial, J = 4 %.
 *
 * Why 4 %: it must exceed the residual a ±0.2 gamma error leaves between a full-contrast grating and the
 * blanks (2.2 – 3.6 % for stored gammas 1.8 … 2.6, grating-luminance.test.ts), so "the brightest patch" is
 * no reliable pointer to the grating: with J = 4 % and a 3.6 % residual even an observer who sees every
 * brightness step picks the grating of three by brightness 75 % of the time instead of 99 % at J = 2 %
 * (and 33 % at no residual); at a 2.2 % residual it is 60 %. It must also stay invisible as a pattern:
 * 4 % of luminance is ±1.3 % of lightness (L* ∝ Y^⅓), about one L* unit at mid-grey, at the
 * just-noticeable difference for ADJACENT patches and below it for patches a quarter of a diameter apart.
 */
export const GRATING_LUMINANCE_JITTER = 0.04;

/** `count` luminance factors drawn independently and uniformly from [1 − J, 1 + J) ({@link GRATING_LUMINANCE_JITTER}). */
export function drawLuminanceJitter(rng: Rng, count: number): number[] {
  if (!Number.isInteger(count) || count < 1 || count > 100)
    throw new CoreInputError(`jitter count must be a whole number 1 … 100, got ${count}`);
  return Array.from({ length: count }, () => 1 + GRATING_LUMINANCE_JITTER * (2 * draw(rng) - 1));
}

/** What a patch of a grating choice shows: the grating, a blank at its mean, or a light foil at its peak. */
export type GratingChoicePatch = 'grating' | 'blank' | 'light';

/**
 * The luminance of a uniform patch of a grating choice: M·k for a blank and M·(1 + C)·k for the light foil
 * (Diamond's "light" tile), with M the drawn mean luminance of the UNJITTERED grating (meanLuminance ℓ₀) at
 * this size and k the patch's jitter factor. With k = 1 a blank emits exactly what the grating emits.
 */
export function gratingChoiceUniformLuminance(
  grating: GratingSpec,
  width: number,
  height: number,
  patch: Exclude<GratingChoicePatch, 'grating'>,
  luminanceFactor = 1,
): number {
  const s = resolveGratingSpec(grating);
  const k = requireInRange(
    luminanceFactor,
    1 - GRATING_LUMINANCE_JITTER,
    1 + GRATING_LUMINANCE_JITTER,
    'jitter',
  );
  const mean = drawnGratingMeanLuminance(s, width, height);
  const l = (patch === 'light' ? mean * (1 + s.contrast) : mean) * k;
  if (l > 1 + 1e-12) throw new CoreInputError(`patch luminance ${l} would need more than white`);
  return Math.min(1, l);
}

/**
 * Fills one patch of a grating choice: `grating` draws the grating at mean ℓ₀·k; `blank` and `light` draw
 * {@link gratingChoiceUniformLuminance}. The grating spec is the same for every patch of the choice (same
 * size, period, orientation, phase, contrast, gamma) so the blanks are matched to the grating on screen.
 */
export function fillGratingChoicePatch(
  buffer: Uint8ClampedArray,
  width: number,
  height: number,
  grating: GratingSpec,
  patch: GratingChoicePatch,
  luminanceFactor = 1,
): void {
  const s = resolveGratingSpec(grating);
  if (patch === 'grating') {
    const k = requireInRange(
      luminanceFactor,
      1 - GRATING_LUMINANCE_JITTER,
      1 + GRATING_LUMINANCE_JITTER,
      'jitter',
    );
    const meanLuminance = s.meanLuminance * k;
    // Outside a round patch: the grating's own mean, so the (clipped) edge shows no step.
    fillGrating(buffer, width, height, { ...s, meanLuminance, backgroundLuminance: meanLuminance });
    return;
  }
  if (patch !== 'blank' && patch !== 'light') throw new CoreInputError(`unknown patch kind ${String(patch)}`);
  fillLuminance(
    buffer,
    width,
    height,
    gratingChoiceUniformLuminance(s, width, height, patch, luminanceFactor),
    s.gamma,
  );
}
