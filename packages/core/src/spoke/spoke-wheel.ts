import { CoreInputError, requireInteger } from '../errors/core-input-error';
import { checkBuffer, ditheredLevel } from '../calibration/grating';
import { DEFAULT_GAMMA, greyLevelForLuminance } from '../calibration/gamma';

/**
 * The three procedural spoke-wheel ("fan chart") backgrounds of Spoke Circle and Spoke Ellipse, chosen by
 * round with `spokeBackgroundIndex` (SPEC.md §2, §4). Each is a Siemens star: `spokes` black wedges on white
 * filling the 400 × 400 box's inscribed circle, so every meridian is present and an astigmatic eye sees the
 * spokes along one meridian sharper than the others. Later rounds use finer wheels (more, narrower spokes),
 * so the judgement gets harder as the person settles on an answer. A white centre disc hides the middle,
 * where the wedges are narrower than a pixel and would alias.
 */
export interface SpokeWheel {
  /** Number of black wedges (each half of one angular period of 360° / spokes). */
  readonly spokes: number;
  /** Radius of the blank centre, as a fraction of the wheel radius. */
  readonly centreFraction: number;
}

/** Wheels for background index 0, 1, 2 (rounds 1–2, 3–4, 5–6). */
export const SPOKE_WHEELS: readonly [SpokeWheel, SpokeWheel, SpokeWheel] = [
  { spokes: 24, centreFraction: 0.08 },
  { spokes: 36, centreFraction: 0.1 },
  { spokes: 48, centreFraction: 0.12 },
];

/** The wheel for a background index 0 … 2. */
export function spokeWheel(backgroundIndex: number): SpokeWheel {
  return SPOKE_WHEELS[requireInteger(backgroundIndex, 0, 2, 'spoke background index') as 0 | 1 | 2];
}

/**
 * Whether a point (in units of the wheel radius, centre 0, y down) is on a black spoke: inside the wheel,
 * outside the centre disc, and in the first half of its angular period. Spokes are symmetric about the
 * horizontal: one wedge starts at 0°.
 */
export function onSpoke(x: number, y: number, wheel: SpokeWheel): boolean {
  const r = Math.hypot(x, y);
  if (r > 1 || r < wheel.centreFraction) return false;
  const turn = (Math.atan2(-y, x) / (2 * Math.PI) + 1) % 1; // 0 … 1 counter-clockwise from the right
  return (turn * wheel.spokes) % 1 < 0.5;
}

/**
 * Fills a square RGBA buffer of `sizePx` × `sizePx` pixels with the wheel for `backgroundIndex`,
 * anti-aliased by `samples` × `samples` sub-pixel coverage; the coverage (a luminance fraction between
 * white and black) is drawn through the display gamma so edge pixels have the right luminance.
 */
export function fillSpokeWheel(
  buffer: Uint8ClampedArray,
  sizePx: number,
  backgroundIndex: number,
  options: { gamma?: number; samples?: number } = {},
): void {
  checkBuffer(buffer, sizePx, sizePx);
  const wheel = spokeWheel(backgroundIndex);
  const samples = requireInteger(options.samples ?? 3, 1, 8, 'samples per pixel side');
  const gamma = options.gamma ?? DEFAULT_GAMMA;
  if (!Number.isFinite(gamma)) throw new CoreInputError('gamma must be a finite number');
  const half = sizePx / 2;
  const levels = Array.from({ length: samples * samples + 1 }, (_, k) =>
    greyLevelForLuminance(1 - k / (samples * samples), gamma),
  );
  for (let py = 0; py < sizePx; py++)
    for (let px = 0; px < sizePx; px++) {
      let dark = 0;
      for (let sy = 0; sy < samples; sy++)
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples - half) / half;
          const y = (py + (sy + 0.5) / samples - half) / half;
          if (onSpoke(x, y, wheel)) dark++;
        }
      const g = ditheredLevel(levels[dark]!, px, py, dark > 0 && dark < samples * samples);
      const i = (py * sizePx + px) * 4;
      buffer[i] = g;
      buffer[i + 1] = g;
      buffer[i + 2] = g;
      buffer[i + 3] = 255;
    }
}
