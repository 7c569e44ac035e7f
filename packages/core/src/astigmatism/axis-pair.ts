import { requireInRange } from '../errors/core-input-error';
import { AXIS_STEP_DEGREES, type AxisState } from './astigmatism-axis';

/*
 * The Astigmatism Axis display (SPEC.md §2: "a pair of rotated images … answers same, left or right").
 * The two gratings straddle the current axis estimate: the left image is turned the way a 'left' answer
 * moves the axis (−), the right image the way 'right' moves it (+). An astigmatic eye sees the grating
 * whose bars lie nearer its blurred meridian less clearly, so the clearer image pulls the axis towards it;
 * 'same' means both are equally clear, i.e. the axis lies midway between them — the current estimate.
 */

/** Half the angle between the two images, degrees: twice the search step, so each step halves the bracket. */
export const AXIS_PAIR_HALF_ANGLE_DEGREES = 2 * AXIS_STEP_DEGREES;
/** Side of each image, degrees of visual angle (drawn at this physical size when the screen allows). */
export const AXIS_IMAGE_DEGREES = 5;

/** Wraps an orientation into [0, 180): a grating looks the same after half a turn. */
export function wrapOrientation(degrees: number): number {
  const d = requireInRange(degrees, -100_000, 100_000, 'orientation (degrees)');
  return (((d % 180) + 180) % 180) + 0;
}

/** Orientations of the left and right image (degrees, 0 … 180) for the current axis estimate. */
export function axisImagePair(state: Pick<AxisState, 'axis'>): { leftDeg: number; rightDeg: number } {
  const axis = requireInRange(state.axis, 0, 180, 'axis (degrees)');
  return {
    leftDeg: wrapOrientation(axis - AXIS_PAIR_HALF_ANGLE_DEGREES),
    rightDeg: wrapOrientation(axis + AXIS_PAIR_HALF_ANGLE_DEGREES),
  };
}
