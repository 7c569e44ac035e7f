import { CoreInputError, requireFinite } from '../errors/core-input-error';

/*
 * Crowding bars around an optotype's 5 × 5-stroke cell (SPEC.md §3 `crowding`, STIMULI.md "Crowding"),
 * in the grid units of ./optotype-geometry.
 */

/**
 * Gap between an optotype and its crowding bars, in strokes (STIMULI.md "Crowding": bars sit 1 stroke away
 * unless a config says otherwise; contour interaction is strongest within ~2.5 strokes, which is the point
 * of crowded presentation). Every optotype is drawn on the same 5 × 5-stroke cell (one stroke = 1/5 of the
 * letter height), so one gap in strokes is the same physical spacing for Sloan, Landolt C and Tumbling E:
 * at height h the gap is g · h / 5 and each bar is h / 5 thick and h long.
 */
export const CROWDING_GAP_STROKES = 1;

/** An axis-aligned rectangle in grid units (x right, y down). */
export interface GridRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The four crowding bars around the 5 × 5 cell: each 1 stroke thick and 5 strokes long, centred on a side,
 * `gapStrokes` away from the cell (top, right, bottom, left). They extend the drawing to
 * −(gap + 1) … 5 + gap + 1 on both axes.
 * @param gapStrokes distance from the cell edge to the bar in strokes, 0 … 10
 */
export function crowdingBars(gapStrokes: number = CROWDING_GAP_STROKES): GridRect[] {
  const g = requireFinite(gapStrokes, 'crowding gap in strokes');
  if (g < 0 || g > 10) throw new CoreInputError(`crowding gap must be between 0 and 10 strokes, got ${g}`);
  return [
    { x: 0, y: -g - 1, width: 5, height: 1 },
    { x: 5 + g, y: 0, width: 1, height: 5 },
    { x: 0, y: 5 + g, width: 5, height: 1 },
    { x: -g - 1, y: 0, width: 1, height: 5 },
  ];
}

/**
 * The square a crowded optotype occupies, in strokes: the 5 × 5 cell plus, on each side, the gap and the
 * bar's own stroke, so `margin` = g + 1 and `side` = 5 + 2 (g + 1) (9 strokes at the default gap of 1). The
 * drawing's viewBox is (−margin, −margin, side, side); uncrowded, margin is 0 and side 5.
 * @param gapStrokes the crowding gap in strokes, or null for an uncrowded optotype
 */
export function crowdedExtent(gapStrokes: number | null): { margin: number; side: number } {
  if (gapStrokes === null) return { margin: 0, side: 5 };
  crowdingBars(gapStrokes); // the same checks (finite, 0 … 10 strokes)
  const margin = gapStrokes + 1;
  return { margin, side: 5 + 2 * margin };
}
