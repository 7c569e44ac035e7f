import { CoreInputError } from '../errors/core-input-error';

/*
 * Where the Diamond display puts its four tiles (issue 20). The tiles' size is calibrated — each is
 * DIAMOND_TILE_DEGREES of visual angle (at most the display's cap) — so the arrangement fits the window, never
 * the tile: at 1280 × 800 a 3 × 3 grid of 220 px tiles (≈ 790 px tall with the numbers) left tile 3 off
 * the bottom, and in a 480 px window the three columns (≈ 700 px) put tile 4 off the left edge.
 *
 * Three arrangements, each still a diamond (1 top, 2 right, 3 bottom, 4 left, as the phone's pad):
 *
 *   'diamond'  3 × 3 cells        W = 3w + 2g, H = 3h + 2g   (the spec's picture, empty centre)
 *   'wide'     2 and 4 at mid-height beside 1 over 3
 *                                  W = 3w + 2g, H = 2h + g    (1 and 3 touch the centre line)
 *   'tall'     4 and 2 side by side between 1 and 3
 *                                  W = 2w + g,  H = 3h + 2g
 *
 * with w × h a tile's cell (the tile and its number above it), g the gap, and a margin m all round for
 * the selection outline. A diamond that fits is kept; else the compact one that fits; else none fits and
 * the caller must say so rather than shrink the tiles.
 */

/** One of the arrangements above. */
export type DiamondArrangementShape = 'diamond' | 'wide' | 'tall';

/** What {@link diamondLayout} needs, all in CSS px. */
export interface DiamondLayoutInput {
  /** A tile's side (its calibrated size). */
  readonly tilePx: number;
  /** Height of the number above a tile, with its gap to the tile. */
  readonly labelPx: number;
  /** Gap between two cells (it must hold both cells' selection outlines). */
  readonly gapPx: number;
  /** Margin all round the arrangement (a selected tile's outline lies outside it). */
  readonly marginPx: number;
  /** The room the arrangement may take (Infinity: no limit). */
  readonly room: { readonly width: number; readonly height: number };
}

/** Where the tiles go: the arrangement, its box and each cell's top-left corner (tiles 1 … 4), CSS px. */
export interface DiamondLayout {
  readonly shape: DiamondArrangementShape;
  readonly width: number;
  readonly height: number;
  readonly cells: readonly { readonly x: number; readonly y: number }[];
  /** False when not even the most compact arrangement fits the room at the tiles' true size. */
  readonly fits: boolean;
}

function requireSize(value: number, name: string, allowZero: boolean, allowInfinity = false): number {
  if (
    typeof value !== 'number' ||
    Number.isNaN(value) ||
    (!allowInfinity && !Number.isFinite(value)) ||
    value < 0 ||
    (!allowZero && value === 0)
  ) {
    throw new CoreInputError(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number of CSS px`);
  }
  return value;
}

/** The arrangement's box and cells; positions rounded to whole CSS px so no tile sits between pixels. */
function arrange(shape: DiamondArrangementShape, w: number, h: number, g: number, m: number): DiamondLayout {
  const r = Math.round;
  const at = (x: number, y: number) => ({ x: r(m + x), y: r(m + y) });
  switch (shape) {
    case 'diamond':
      return {
        shape,
        width: r(3 * w + 2 * g + 2 * m),
        height: r(3 * h + 2 * g + 2 * m),
        cells: [at(w + g, 0), at(2 * (w + g), h + g), at(w + g, 2 * (h + g)), at(0, h + g)],
        fits: true,
      };
    case 'wide':
      return {
        shape,
        width: r(3 * w + 2 * g + 2 * m),
        height: r(2 * h + g + 2 * m),
        cells: [at(w + g, 0), at(2 * (w + g), (h + g) / 2), at(w + g, h + g), at(0, (h + g) / 2)],
        fits: true,
      };
    case 'tall':
      return {
        shape,
        width: r(2 * w + g + 2 * m),
        height: r(3 * h + 2 * g + 2 * m),
        cells: [at((w + g) / 2, 0), at(w + g, h + g), at((w + g) / 2, 2 * (h + g)), at(0, h + g)],
        fits: true,
      };
  }
}

/**
 * The Diamond tiles' arrangement for a room (see the table above): the spec's 3 × 3 diamond when it fits,
 * else the compact diamond that fits, else the one that overflows the room least with `fits: false` (the
 * tiles keep their size; the display says the window is too small). Throws {@link CoreInputError} for
 * sizes that are not finite and non-negative (the tile's side must be positive).
 */
export function diamondLayout(input: DiamondLayoutInput): DiamondLayout {
  const w = requireSize(input.tilePx, 'tilePx', false);
  const h = w + requireSize(input.labelPx, 'labelPx', true);
  const g = requireSize(input.gapPx, 'gapPx', true);
  const m = requireSize(input.marginPx, 'marginPx', true);
  const room = {
    width: requireSize(input.room?.width, 'room.width', true, true),
    height: requireSize(input.room?.height, 'room.height', true, true),
  };
  // When both compact shapes fit, so does the diamond (it is as wide as 'wide' and as tall as 'tall'):
  // at most one compact shape is ever the answer, and their order does not matter.
  const shapes: readonly DiamondArrangementShape[] = ['diamond', 'wide', 'tall'];
  const candidates = shapes.map((shape) => arrange(shape, w, h, g, m));
  const fitting = candidates.find((c) => c.width <= room.width && c.height <= room.height);
  if (fitting) return fitting;
  // Nothing fits: the least overflow, as a share of the room (so a too-narrow phone and a too-short
  // laptop each get the arrangement that needs the least scrolling).
  const overflow = (c: DiamondLayout) =>
    Math.max(c.width / Math.max(room.width, 1), c.height / Math.max(room.height, 1));
  const least = candidates.reduce((best, c) => (overflow(c) < overflow(best) ? c : best));
  return { ...least, fits: false };
}
