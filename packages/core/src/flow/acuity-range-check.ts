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
