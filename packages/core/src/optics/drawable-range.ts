import { requirePositive } from '../errors/core-input-error';
import { ACUITY_LEVELS, SCALE_MAX_LOGMAR, SCALE_MIN_LOGMAR } from '../acuity/scale';
import {
  distanceForHeightMm,
  MIN_FAITHFUL_HEIGHT_DEVICE_PX,
  optotypeHeightMm,
  rawLogMarForHeightMm,
} from './optotype-size';
import type { CssPx, LogMar, Mm } from './units';
import { devicePxToMm, mmToDevicePx, type Viewing } from './viewing';

/*
 * One rule for the range of logMAR a screen can measure at a distance (STIMULI.md "Sizes", "Range and
 * censoring"; docs/adr/0012-one-range-rule.md). Setup's "smallest line", the Tests page, the guidance
 * before a test and the acuity procedure's min/max all come from `measurableRange`.
 *
 * The levels are the acuity scale's: L_i = −0.2 + 0.1·i, i = 0 … 20 (acuity/scale.ts); the procedure
 * shows no other (procedure.ts `shownLevelRange`).
 *
 *   smallest: the smallest level whose formula height h(L) = d·tan(5′·10^L) is at least
 *             MIN_FAITHFUL_HEIGHT_DEVICE_PX = 10 device px:  h(L) · pxPerMm · dpr ≥ 10
 *             (the faithful floor L_f = log10(atan(10 / (pxPerMm·dpr) / d) in arcmin / 5′) rounded up to
 *             the grid; when L_f lies below the scale, even below logMAR −1 on a dense screen far away,
 *             the smallest level is the scale's −0.2: limited by the scale, not the pixels)
 *   largest:  the largest level whose drawn optotype fits the available height H CSS px, for either
 *             snapping rule (optotype-size.ts): ceil(exact / 5)·5 device px ≤ H·dpr covers both (a
 *             crisp E rounds up by ≤ 2.5 px, an anti-aliased letter by ≤ 0.5); 1.8 when everything fits
 *   distance for a floor of L (the same 10 device px):
 *             d(L) = (10 / (pxPerMm · dpr)) mm / tan(5′ × 10^L)
 *
 * Worked (the example): 3.78 px/mm at dpr 1 and 0.6 m: 10 px = 2.646 mm subtends 15.16′, L_f =
 * log10(15.16 / 5) = 0.48, so the smallest level shown is 0.5 (6/19); the floor −0.1 needs d = 2.646 mm /
 * tan(5′ × 10^−0.1) = 2290 mm, 0.0 needs 1819 mm. At 3 m the same screen measures down to −0.2.
 */

/** What limits an end of the range: the screen (its pixels at the small end, its height at the large). */
export type RangeLimit = 'pixels' | 'height' | 'scale';

/** The levels this screen can measure at this distance, as the procedure shows them. */
export type MeasurableRange =
  | {
      readonly measurable: true;
      /** The smallest level shown (on the 0.1 grid, −0.2 … 1.8). */
      readonly smallest: LogMar;
      /** 'pixels' when a smaller level would be under 10 device px; 'scale' when it is the scale's −0.2. */
      readonly smallestLimit: 'pixels' | 'scale';
      /** The largest level shown (on the grid, ≥ smallest). */
      readonly largest: LogMar;
      /** 'height' when a larger level would not fit the available height; 'scale' when it is 1.8. */
      readonly largestLimit: 'height' | 'scale';
    }
  | {
      readonly measurable: false;
      /**
       * 'pixels': even the largest level (1.8) is under 10 device px at this distance (stand further
       * away); 'height': the levels large enough in pixels do not fit the available height.
       */
      readonly reason: 'pixels' | 'height';
    };

/** Floating-point slack: a height of 9.999999999 device px is 10. */
const EPS = 1e-9;

/**
 * The unclamped logMAR of an optotype {@link MIN_FAITHFUL_HEIGHT_DEVICE_PX} device px tall at this viewing
 * (dimensionless; may lie outside −1 … 2.5 for extreme setups, so it is a plain number): L_f above.
 */
export function faithfulFloorLogMar(viewing: Viewing): number {
  return rawLogMarForHeightMm(devicePxToMm(MIN_FAITHFUL_HEIGHT_DEVICE_PX, viewing), viewing.distanceMm);
}

/** Whether the level's formula height reaches the 10-device-px minimum. */
function reachesMinimum(level: LogMar, viewing: Viewing): boolean {
  const exact = mmToDevicePx(optotypeHeightMm(level, viewing.distanceMm), viewing);
  return exact >= MIN_FAITHFUL_HEIGHT_DEVICE_PX - EPS;
}

/** Whether the level, drawn by either snapping rule, fits `availableDevicePx`. */
function fitsHeight(level: LogMar, viewing: Viewing, availableDevicePx: number): boolean {
  const exact = mmToDevicePx(optotypeHeightMm(level, viewing.distanceMm), viewing);
  return Math.ceil(exact / 5 - EPS) * 5 <= availableDevicePx + EPS;
}

/**
 * The range of scale levels this screen measures at this distance with the optotype fitting in
 * `availableHeight` CSS px (> 0): see the rule above. Never throws for a valid viewing: a floor beyond
 * either end of the scale is clamped to the scale.
 * @throws CoreInputError when the available height is not a positive number
 */
export function measurableRange(viewing: Viewing, availableHeight: CssPx): MeasurableRange {
  const available = requirePositive(availableHeight, 'available height in px') * viewing.devicePixelRatio;
  const smallest = ACUITY_LEVELS.find((l) => reachesMinimum(l.logMAR, viewing));
  if (!smallest) return { measurable: false, reason: 'pixels' };
  const fitting = ACUITY_LEVELS.filter((l) => fitsHeight(l.logMAR, viewing, available));
  const largest = fitting[fitting.length - 1];
  if (!largest || largest.index < smallest.index) return { measurable: false, reason: 'height' };
  return {
    measurable: true,
    smallest: smallest.logMAR,
    smallestLimit: smallest.logMAR <= SCALE_MIN_LOGMAR + EPS ? 'scale' : 'pixels',
    largest: largest.logMAR,
    largestLimit: largest.logMAR >= SCALE_MAX_LOGMAR - EPS ? 'scale' : 'height',
  };
}

/**
 * Viewing distance from which the smallest level shown is `logMAR` or smaller, by the same 10-device-px
 * rule: d = (10 / (pxPerMm · dpr)) mm / tan(5′ × 10^L). Standing at least this far away (with the distance
 * calibrated in Setup) measures down to L. E.g. 3.78 px/mm at dpr 1 and L = −0.1 → 2290 mm.
 */
export function distanceForFloorMm(
  logMAR: LogMar,
  screen: Pick<Viewing, 'pxPerMm' | 'devicePixelRatio'>,
): Mm {
  return distanceForHeightMm(logMAR, devicePxToMm(MIN_FAITHFUL_HEIGHT_DEVICE_PX, screen));
}
