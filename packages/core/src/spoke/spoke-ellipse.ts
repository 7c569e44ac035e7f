import { CoreInputError, requireFinite } from '../errors/core-input-error';
import { meanAndDeviation } from '../stats/stats';
import type { SpokeVisualAngle } from './spoke-angle';

/** Width the ellipse starts and resets to, canvas units (SPEC.md §9 "about 66.7": 200 / 3). */
export const ELLIPSE_WIDTH_START = 200 / 3;
/** Width limits and step, canvas units (SPEC.md §4/§5: "changes by 10, clamped 35 to 200"). */
export const ELLIPSE_WIDTH_MIN = 35; // smallest width, canvas units
/** Largest ellipse width, canvas units. */
export const ELLIPSE_WIDTH_MAX = 200;
/** Width change per button press, canvas units. */
export const ELLIPSE_WIDTH_STEP = 10;
/** Rotation start and step in degrees (SPEC.md §9). */
export const ELLIPSE_ROTATION_START = 90;
/** Rotation change per button press, degrees. */
export const ELLIPSE_ROTATION_STEP = 10;
/** Rounds per eye (SPEC.md §9). */
export const ELLIPSE_ROUNDS = 6;

/** The ellipse on screen: width (canvas units) and rotation (degrees, 0 … 180), plus recorded rounds. */
export interface SpokeEllipseState {
  readonly width: number;
  readonly rotation: number;
  readonly results: readonly { readonly width: number; readonly rotation: number }[];
}

/** Stored result (SPEC.md §3): spreads, averages to 3 decimals, and the 6 (width, rotation) pairs. */
export interface SpokeEllipseResult {
  readonly diffWidth: number;
  readonly diffRotation: number;
  readonly averageWidth: number;
  readonly averageRotation: number;
  readonly acuityResults: readonly { readonly width: number; readonly rotation: number }[];
  /**
   * The widths as visual angles (the ellipse's short axis, degrees) at the viewing distance, recorded
   * since issue 17 (core `withVisualAngle`); older records lack it.
   */
  readonly visualAngle?: SpokeVisualAngle;
}

/** What a result's figures are written from (the summary, the FHIR parts, the words in each language). */
export type SpokeEllipseFigures = Pick<
  SpokeEllipseResult,
  'averageWidth' | 'averageRotation' | 'diffWidth' | 'diffRotation' | 'visualAngle'
>;

/** A fresh eye. */
export const INITIAL_SPOKE_ELLIPSE: SpokeEllipseState = {
  width: ELLIPSE_WIDTH_START,
  rotation: ELLIPSE_ROTATION_START,
  results: [],
};

/** The controller's buttons (SPEC.md §4 "Spoke Ellipse"). */
export type SpokeEllipseControl = 'decrease' | 'increase' | 'clockwise' | 'counter-clockwise';

/**
 * Applies a control: width ±10 clamped to 35 … 200 (the spec says clamp); rotation ±10° with the spec's
 * wrap-around, 190 → 10 and −10 → 170 (an ellipse looks the same after 180°).
 */
export function controlSpokeEllipse(
  state: SpokeEllipseState,
  control: SpokeEllipseControl,
): SpokeEllipseState {
  switch (control) {
    case 'decrease':
    case 'increase': {
      const w = state.width + (control === 'increase' ? ELLIPSE_WIDTH_STEP : -ELLIPSE_WIDTH_STEP);
      return { ...state, width: Math.min(ELLIPSE_WIDTH_MAX, Math.max(ELLIPSE_WIDTH_MIN, w)) };
    }
    case 'clockwise':
    case 'counter-clockwise': {
      let r = state.rotation + (control === 'clockwise' ? ELLIPSE_ROTATION_STEP : -ELLIPSE_ROTATION_STEP);
      if (r > 180) r -= 180;
      if (r < 0) r += 180;
      return { ...state, rotation: r };
    }
    default:
      throw new CoreInputError(`unknown Spoke Ellipse control ${JSON.stringify(control)}`);
  }
}

/**
 * Records the round and resets width to ≈ 66.7 and rotation to 90 (SPEC.md §4). After the 6th round the
 * averages and spreads (3 decimals, via the statistics helper) come back as `result`.
 */
export function submitSpokeEllipse(state: SpokeEllipseState): {
  state: SpokeEllipseState;
  result: SpokeEllipseResult | null;
} {
  if (state.results.length >= ELLIPSE_ROUNDS) throw new CoreInputError('all 6 Spoke Ellipse rounds are done');
  requireFinite(state.width, 'ellipse width');
  requireFinite(state.rotation, 'ellipse rotation');
  const results = [...state.results, { width: state.width, rotation: state.rotation }];
  const next = { ...INITIAL_SPOKE_ELLIPSE, results };
  if (results.length < ELLIPSE_ROUNDS) return { state: next, result: null };
  const w = meanAndDeviation(results.map((r) => r.width));
  const r = meanAndDeviation(results.map((x) => x.rotation));
  return {
    state: next,
    result: {
      diffWidth: w.deviation,
      diffRotation: r.deviation,
      averageWidth: w.mean,
      averageRotation: r.mean,
      acuityResults: results,
    },
  };
}
