import { SCALE_MAX_LOGMAR } from '../acuity/scale';
import { CALIBRATION_LIMITS } from '../calibration/calibration';
import { requireFinite, requirePositive } from '../errors/core-input-error';
import { distanceForFloorMm, measurableRange } from '../optics/drawable-range';
import { logMar, type CssPx, type LogMar, type Mm } from '../optics/units';
import type { Viewing } from '../optics/viewing';
import type { TestId } from './test-definitions';

/*
 * Before an acuity chart starts (Sloan, Landolt C, Tumbling E), the display checks what this screen can
 * measure at the calibrated distance (optics/drawable-range.ts `measurableRange`, the one range rule).
 * When the smallest level it can show is above ACUITY_FLOOR_TO_REACH (0.0 logMAR, 6/6, normal adult
 * vision), a person with normal vision would get a bound ("0.5 or better") instead of a number, so the
 * Ready screen asks them to move back (to distanceForFloorMm(0.0), calibrated in Setup) or to go on
 * knowing the limit. At 3 m on an ordinary screen (3.78 px/mm, dpr 1) the floor is −0.2: no prompt.
 */

/** The floor an acuity chart should reach without asking first: logMAR 0.0 (6/6). */
export const ACUITY_FLOOR_TO_REACH = 0 as LogMar;

/** The tests the check applies to: the acuity charts. */
const ACUITY_TESTS: ReadonlySet<TestId> = new Set(['sloan', 'landoltC', 'tumblingE']);

/** What the Ready screen of a test says about the screen's range. */
export type AcuityRangeCheck =
  | { readonly ask: false }
  | {
      readonly ask: true;
      /** The smallest level this screen shows at this distance (above {@link ACUITY_FLOOR_TO_REACH}). */
      readonly floor: LogMar;
      /** How far to stand so the floor is 0.0 (then calibrate that distance in Setup). */
      readonly distanceNeededMm: Mm;
    };

/** Floating-point slack when comparing levels of the 0.1 grid. */
const EPS = 1e-9;

/**
 * Whether starting `test` should first ask the person to move back: only for the acuity charts, and only
 * when the screen's smallest level at this distance (with the optotype fitting `availableHeight` CSS px)
 * is above 0.0 logMAR. A screen that fits no level at all is not asked about here: the chart reports it.
 */
export function acuityRangeCheck(test: TestId, viewing: Viewing, availableHeight: CssPx): AcuityRangeCheck {
  if (!ACUITY_TESTS.has(test)) return { ask: false };
  const range = measurableRange(viewing, availableHeight);
  if (!range.measurable || range.smallest <= ACUITY_FLOOR_TO_REACH + EPS) return { ask: false };
  return {
    ask: true,
    floor: range.smallest,
    distanceNeededMm: distanceForFloorMm(logMar(ACUITY_FLOOR_TO_REACH), viewing),
  };
}

/*
 * The other end: a result "1.0 or worse" (censored 'worse-than', bound 1.0) means the person could not
 * read the largest letter that fitted the screen at that distance. From half the distance every letter
 * subtends twice the angle, so the same screen height holds letters 2× larger in angle:
 *   largest level at distance d: d · tan(5′ · 10^L) ≤ H  ⇒  10^L ≈ H / (d · tan 5′)   (small angles)
 *   at d / 2:                    10^L′ ≈ 2 · 10^L        ⇒  L′ ≈ L + log10 2 = L + 0.301
 * so the range grows by 0.3 logMAR (three chart lines) per halving, up to the scale's end (1.8): a bound
 * of 1.8 is the scale's own limit and no distance helps. Setup accepts no distance under 250 mm.
 */

/** A retest from closer that extends a "worse than" bound into a measured value. */
export interface CloserRetest {
  /** Half the distance used (not under Setup's 250 mm). */
  readonly distanceMm: Mm;
  /** The largest level reachable from there: the bound + log10(d / d′) on the grid, at most 1.8. */
  readonly ceiling: LogMar;
}

/**
 * The retest to offer after a "worse than `bound`" acuity result taken from `distanceMm`: half the
 * distance, whose largest level is about 0.3 logMAR larger. Null when the bound is the scale's end (1.8)
 * or the distance cannot be shortened (already 250 mm).
 * @throws CoreInputError for a non-finite bound or a distance that is not positive
 */
export function closerRetest(bound: number, distanceMm: number): CloserRetest | null {
  const b = requireFinite(bound, 'bound in logMAR');
  const d = requirePositive(distanceMm, 'distance in mm');
  if (b >= SCALE_MAX_LOGMAR - EPS) return null;
  const closer = Math.max(CALIBRATION_LIMITS.distanceMm.min, d / 2);
  if (closer >= d - EPS) return null;
  // Levels are 0.1 apart: the gain rounded down to whole lines, from a level on the grid.
  const gain = Math.floor(Math.log10(d / closer) * 10 + EPS) / 10;
  if (gain <= 0) return null;
  const ceiling = Math.min(SCALE_MAX_LOGMAR, Math.round((b + gain) * 10) / 10);
  return { distanceMm: closer as Mm, ceiling: logMar(ceiling) };
}
