import { CoreInputError, requireInteger } from '../errors/core-input-error';
import { SPOKE_CANVAS, type SpokeCircleState } from './spoke-circle';

/**
 * Change of the circle size per increase/decrease press, canvas units of the 400 × 400 box. The spec gives
 * none for the circle; 10 matches the ellipse's width step (SPEC.md §4 "Spoke Ellipse") and keeps the size
 * an integer (SPEC.md §5 "Spoke Circle size is an integer").
 */
export const SPOKE_CIRCLE_STEP = 10;
/** Smallest circle size, canvas units (a circle below this no longer crosses the spokes visibly). */
export const SPOKE_CIRCLE_MIN = 10;
/** Largest circle size: the canvas side (SPEC.md §9 "canvas 400x400"). */
export const SPOKE_CIRCLE_MAX = SPOKE_CANVAS;

/** The Spoke Circle controls (controller keys 'increase' and 'decrease'). */
export type SpokeCircleControl = 'increase' | 'decrease';

/** Applies a control: size ±10, clamped to 10 … 400, always an integer. */
export function controlSpokeCircle(state: SpokeCircleState, control: SpokeCircleControl): SpokeCircleState {
  if (control !== 'increase' && control !== 'decrease') {
    throw new CoreInputError(`unknown Spoke Circle control ${JSON.stringify(control)}`);
  }
  const size = requireInteger(state.size, 0, SPOKE_CANVAS, 'Spoke Circle size');
  const next = size + (control === 'increase' ? SPOKE_CIRCLE_STEP : -SPOKE_CIRCLE_STEP);
  return { ...state, size: Math.min(SPOKE_CIRCLE_MAX, Math.max(SPOKE_CIRCLE_MIN, next)) };
}
