import { CoreInputError, requireFinite, requireInRange } from '../errors/core-input-error';
import { greyLevelForLuminance, GAMMA_LIMITS } from './gamma';

/**
 * Procedural sine gratings (STIMULI.md "Luminance and contrast", DESIGN.md §7: generated on canvas,
 * gamma-corrected from the user's calibration; no image store).
 *
 * Luminance across the bars: ℓ(u) = ℓ₀ · (1 + C · sin(2π·u / P + φ)), with ℓ₀ the mean luminance (fraction
 * of white), C the Michelson contrast (0 … 1), P the period in pixels and u the distance across the bars
 * from the patch centre. Each sample is drawn as the 8-bit grey v = 255 · ℓ^(1/γ) (gamma.ts
 * `greyLevelForLuminance`), so the screen really emits ℓ.
 *
 * Orientation is the direction of the bars' long axis in degrees counter-clockwise on screen (the optometric
 * axis convention): 0 = horizontal bars, 90 = vertical bars, 45 = bars rising to the right.
 */

/** Largest period in pixels a grating is drawn with (a patch this big would show under one cycle). */
const MAX_PERIOD_PX = 100_000;

/**
 * Period of a grating in pixels: P = pixels per degree / cycles per degree (STIMULI.md). Give both in the
 * same pixel kind (CSS or device) to get the period in that kind.
 * @param pixelsPerDegree pixels per degree of visual angle (> 0)
 * @param cyclesPerDegree spatial frequency, cycles per degree (> 0)
 */
export function gratingPeriodPx(pixelsPerDegree: number, cyclesPerDegree: number): number {
  const ppd = requireFinite(pixelsPerDegree, 'pixels per degree');
  const cpd = requireFinite(cyclesPerDegree, 'cycles per degree');
  if (ppd <= 0) throw new CoreInputError(`pixels per degree must be greater than 0, got ${ppd}`);
  if (cpd <= 0) throw new CoreInputError(`cycles per degree must be greater than 0, got ${cpd}`);
  return ppd / cpd;
}

/**
 * Whether a grating can be drawn without aliasing: at least 2 pixels per cycle (the Nyquist limit). A
 * finer grating would show a coarser false pattern (moiré) instead of a uniform grey.
 */
export function gratingResolvable(periodPx: number): boolean {
  return requireFinite(periodPx, 'grating period in px') >= 2;
}

/** Luminance fraction at a position across the bars: ℓ₀ · (1 + C · sin(2π·u / P + φ)). */
export function gratingLuminance(
  u: number,
  spec: { meanLuminance: number; contrast: number; periodPx: number; phaseRad?: number },
): number {
  return (
    spec.meanLuminance *
    (1 + spec.contrast * Math.sin((2 * Math.PI * u) / spec.periodPx + (spec.phaseRad ?? 0)))
  );
}

/** Everything that defines a grating patch, in the pixels of the buffer it is drawn into. */
export interface GratingSpec {
  /** Period in buffer pixels (≥ 2 recommended, see {@link gratingResolvable}). */
  readonly periodPx: number;
  /** Bar orientation, degrees counter-clockwise on screen: 0 = horizontal bars, 90 = vertical bars. */
  readonly orientationDeg: number;
  /** Michelson contrast C, 0 … 1. */
  readonly contrast: number;
  /** Display gamma from Calibrate Colour (within GAMMA_LIMITS). */
  readonly gamma: number;
  /** Mean luminance ℓ₀ as a fraction of white; default 0.5. ℓ₀·(1 + C) must not exceed 1. */
  readonly meanLuminance?: number;
  /** Phase φ in radians at the patch centre; default 0 (mean luminance at the centre). */
  readonly phaseRad?: number;
  /** 'circle' leaves the corners outside the inscribed circle at the background luminance. */
  readonly shape?: 'square' | 'circle';
  /** Luminance outside the circle; default the mean luminance, so the edge shows no step. */
  readonly backgroundLuminance?: number;
  /**
   * Ordered (4 × 4 Bayer) dithering between the two nearest grey levels, so the average over a few pixels
   * reproduces the exact grey: low contrasts need more than 8 bits (STIMULI.md). Default true.
   */
  readonly dither?: boolean;
}

/** The checked, defaulted form of a {@link GratingSpec}. */
export interface ResolvedGratingSpec {
  readonly periodPx: number;
  readonly orientationDeg: number;
  readonly contrast: number;
  readonly gamma: number;
  readonly meanLuminance: number;
  readonly phaseRad: number;
  readonly shape: 'square' | 'circle';
  readonly backgroundLuminance: number;
  readonly dither: boolean;
}

/** Checks a grating spec and fills in its defaults; throws {@link CoreInputError} for anything invalid. */
export function resolveGratingSpec(spec: GratingSpec): ResolvedGratingSpec {
  if (typeof spec !== 'object' || spec === null) throw new CoreInputError('grating spec must be an object');
  const periodPx = requireInRange(spec.periodPx, 1e-6, MAX_PERIOD_PX, 'grating period in px');
  const orientationDeg = requireFinite(spec.orientationDeg, 'grating orientation in degrees');
  const contrast = requireInRange(spec.contrast, 0, 1, 'grating contrast');
  const gamma = requireInRange(spec.gamma, GAMMA_LIMITS.min, GAMMA_LIMITS.max, 'gamma');
  const meanLuminance = requireInRange(spec.meanLuminance ?? 0.5, 0, 1, 'mean luminance');
  if (meanLuminance * (1 + contrast) > 1 + 1e-12) {
    throw new CoreInputError(
      `mean luminance ${meanLuminance} with contrast ${contrast} would need more than white`,
    );
  }
  const shape = spec.shape ?? 'square';
  if (shape !== 'square' && shape !== 'circle')
    throw new CoreInputError(`grating shape must be square or circle, got ${String(shape)}`);
  return {
    periodPx,
    orientationDeg,
    contrast,
    gamma,
    meanLuminance,
    phaseRad: requireFinite(spec.phaseRad ?? 0, 'grating phase'),
    shape,
    backgroundLuminance: requireInRange(
      spec.backgroundLuminance ?? meanLuminance,
      0,
      1,
      'background luminance',
    ),
    dither: spec.dither ?? true,
  };
}

/** 4 × 4 Bayer thresholds in (0, 1): the average over any 4 × 4 block is exactly 1/2. */
const BAYER_4 = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map((v) => (v + 0.5) / 16);

/**
 * The 8-bit value that shows an exact (fractional) grey level `v` at pixel (x, y): floor(v + t) with the
 * Bayer threshold t, so over a 4 × 4 block the mean of the drawn values equals v within 1/16 of a level.
 * Without dithering it is round(v).
 */
export function ditheredLevel(v: number, x: number, y: number, dither = true): number {
  if (!dither) return Math.round(v);
  const t = BAYER_4[(y & 3) * 4 + (x & 3)]!;
  return Math.min(255, Math.max(0, Math.floor(v + t)));
}

/**
 * Fills an RGBA buffer (`ImageData.data` layout, 4 bytes per pixel, rows top to bottom) of `width` ×
 * `height` pixels with a gamma-corrected sine grating centred on the patch. Samples are taken at pixel
 * centres; alpha is 255.
 * @param buffer Uint8ClampedArray of length width × height × 4
 * @param width patch width in pixels (whole, > 0)
 * @param height patch height in pixels (whole, > 0)
 */
export function fillGrating(
  buffer: Uint8ClampedArray,
  width: number,
  height: number,
  spec: GratingSpec,
): void {
  checkBuffer(buffer, width, height);
  const s = resolveGratingSpec(spec);
  const t = (s.orientationDeg * Math.PI) / 180;
  // Bars run along (cos t, −sin t) on screen (y down); luminance varies along the normal (sin t, cos t).
  const nx = Math.sin(t);
  const ny = Math.cos(t);
  const cx = width / 2;
  const cy = height / 2;
  const r2 = (Math.min(width, height) / 2) ** 2;
  const k = (2 * Math.PI) / s.periodPx;
  const background = greyLevelForLuminance(s.backgroundLuminance, s.gamma);
  for (let y = 0; y < height; y++) {
    const dy = y + 0.5 - cy;
    for (let x = 0; x < width; x++) {
      const dx = x + 0.5 - cx;
      let v: number;
      if (s.shape === 'circle' && dx * dx + dy * dy > r2) v = background;
      else {
        const l = s.meanLuminance * (1 + s.contrast * Math.sin(k * (dx * nx + dy * ny) + s.phaseRad));
        v = greyLevelForLuminance(Math.min(1, Math.max(0, l)), s.gamma);
      }
      const g = ditheredLevel(v, x, y, s.dither);
      const i = (y * width + x) * 4;
      buffer[i] = g;
      buffer[i + 1] = g;
      buffer[i + 2] = g;
      buffer[i + 3] = 255;
    }
  }
}

/**
 * Fills an RGBA buffer with one uniform luminance (gamma-corrected, dithered like {@link fillGrating}), e.g.
 * the plain tiles of the Diamond test.
 */
export function fillUniform(
  buffer: Uint8ClampedArray,
  width: number,
  height: number,
  luminance: number,
  gamma: number,
  dither = true,
): void {
  checkBuffer(buffer, width, height);
  const v = greyLevelForLuminance(luminance, gamma);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const g = ditheredLevel(v, x, y, dither);
      const i = (y * width + x) * 4;
      buffer[i] = g;
      buffer[i + 1] = g;
      buffer[i + 2] = g;
      buffer[i + 3] = 255;
    }
}

/** Throws unless `buffer` is an RGBA buffer of exactly width × height pixels. */
export function checkBuffer(buffer: Uint8ClampedArray, width: number, height: number): void {
  if (!(buffer instanceof Uint8ClampedArray)) throw new CoreInputError('buffer must be a Uint8ClampedArray');
  for (const [n, what] of [
    [width, 'width'],
    [height, 'height'],
  ] as const) {
    if (!Number.isInteger(n) || n <= 0)
      throw new CoreInputError(`${what} must be a whole number > 0, got ${n}`);
  }
  if (buffer.length !== width * height * 4) {
    throw new CoreInputError(`buffer holds ${buffer.length} bytes, expected ${width * height * 4} (RGBA)`);
  }
}
