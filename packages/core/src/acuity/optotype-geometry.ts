import { CoreInputError, requireFinite } from '../errors/core-input-error';

/**
 * Optotype outlines as vector shapes on the 5 × 5 stroke grid (STIMULI.md "Optotypes", DESIGN.md §7).
 *
 * Units: one grid unit = one stroke width = 1/5 of the optotype height, so at logMAR L a unit subtends
 * 10^L arcmin. Coordinates are SVG-style: x to the right, y DOWN, origin at the top-left corner of the
 * 5 × 5 cell. Every shape touches all four sides of the cell (height = width = 5 units).
 *
 * A shape is a list of closed contours made of straight lines and circular/elliptical arcs. Filled parts
 * are wound clockwise on screen and holes counter-clockwise, so the shape is the same under the SVG
 * `nonzero` and `evenodd` fill rules.
 *
 * Rotation convention (fixed by flow/controller-keys.ts): degrees counter-clockwise ON SCREEN, 0 = the gap
 * or opening points right, 90 = up. Because y points down, a visual counter-clockwise turn of θ is the
 * SVG transform `rotate(−θ 2.5 2.5)`.
 */

/** Side of the optotype cell in stroke units. */
export const OPTOTYPE_GRID = 5;

/** A point in grid units (x right, y down). */
export interface GridPoint {
  readonly x: number;
  readonly y: number;
}

/** One piece of a contour, from the previous point to `to`. */
export type ContourSegment =
  | { readonly kind: 'line'; readonly to: GridPoint }
  | {
      /** An arc of the ellipse with radii rx, ry (grid units, axis-aligned) around `centre`. */
      readonly kind: 'arc';
      readonly to: GridPoint;
      readonly centre: GridPoint;
      readonly rx: number;
      readonly ry: number;
      /** Direction of travel as seen on screen. */
      readonly turn: 'clockwise' | 'counter-clockwise';
    };

/** A closed contour: start point and the segments back to it. */
export interface Contour {
  readonly start: GridPoint;
  readonly segments: readonly ContourSegment[];
}

/** A filled optotype outline in grid units. */
export interface OptotypeShape {
  readonly contours: readonly Contour[];
}

/** The ten Sloan letters (Sloan 1959; SPEC.md uses the nine without Z). */
export const SLOAN_SHAPE_LETTERS = ['C', 'D', 'H', 'K', 'N', 'O', 'R', 'S', 'V', 'Z'] as const;
/** One of {@link SLOAN_SHAPE_LETTERS}. */
export type SloanShapeLetter = (typeof SLOAN_SHAPE_LETTERS)[number];

const p = (x: number, y: number): GridPoint => ({ x, y });
const line = (x: number, y: number): ContourSegment => ({ kind: 'line', to: p(x, y) });
const arc = (
  x: number,
  y: number,
  centre: GridPoint,
  rx: number,
  ry: number,
  turn: 'clockwise' | 'counter-clockwise',
): ContourSegment => ({ kind: 'arc', to: p(x, y), centre, rx, ry, turn });

/** A straight-sided polygon; list the points clockwise on screen for a filled part. */
function polygon(points: readonly (readonly [number, number])[]): Contour {
  const [first, ...rest] = points;
  return { start: p(first![0], first![1]), segments: rest.map(([x, y]) => line(x, y)) };
}

/** A full circle (two half arcs), clockwise for a filled disc, counter-clockwise for a hole. */
function circle(centre: GridPoint, r: number, turn: 'clockwise' | 'counter-clockwise'): Contour {
  const right = p(centre.x + r, centre.y);
  const left = p(centre.x - r, centre.y);
  return {
    start: right,
    segments: [arc(left.x, left.y, centre, r, r, turn), arc(right.x, right.y, centre, r, r, turn)],
  };
}

/**
 * Horizontal thickness w of a slanted bar whose perpendicular width is 1 unit, when its parallel edges
 * each run `run` units sideways over a height `rise`: w = 1 / sin θ with tan θ = rise / run, so
 * w = √(rise² + run²) / rise.
 */
function barWidthForRun(run: number, rise: number): number {
  return Math.hypot(run, rise) / rise;
}

/**
 * The same when the sideways run itself depends on w: the bar spans `span` units from its left edge at
 * the top to its right edge at the bottom, so each edge runs span − w. From w·rise = √(rise² + (span − w)²):
 * (rise² − 1)·w² + 2·span·w − (span² + rise²) = 0, whose positive root is taken.
 */
function barWidthForSpan(span: number, rise: number): number {
  const a = rise * rise - 1;
  const b = 2 * span;
  const c = -(span * span + rise * rise);
  return (-b + Math.sqrt(b * b - 4 * a * c)) / (2 * a);
}

const CENTRE = p(2.5, 2.5);
const OUTER_R = 2.5;
const INNER_R = 1.5;

/**
 * The ring (outer radius 2.5, inner 1.5) with an opening on the right between the horizontal cuts
 * y = 2.5 ± halfGap, traced clockwise on screen as a filled part.
 */
function openRing(halfGap: number): Contour {
  const outerX = CENTRE.x + Math.sqrt(OUTER_R ** 2 - halfGap ** 2);
  const innerX = CENTRE.x + Math.sqrt(INNER_R ** 2 - halfGap ** 2);
  const top = CENTRE.y - halfGap;
  const bottom = CENTRE.y + halfGap;
  // Clockwise on screen (a filled part): outer arc from the lower cut round the bottom and left up to the
  // upper cut, across the terminal, inner arc back the other way.
  return {
    start: p(outerX, bottom),
    segments: [
      arc(outerX, top, CENTRE, OUTER_R, OUTER_R, 'clockwise'),
      line(innerX, top),
      arc(innerX, bottom, CENTRE, INNER_R, INNER_R, 'counter-clockwise'),
    ],
  };
}

/** Landolt C (ISO 8596): outer diameter 5, stroke 1, a parallel-sided gap 1 unit wide, opening right. */
export const LANDOLT_C_SHAPE: OptotypeShape = { contours: [openRing(0.5)] };

/**
 * Tumbling E: 5 × 5, three bars 1 unit thick separated by gaps of 1 unit, spine 1 unit on the left; at
 * rotation 0 it is the letter E as written (bars pointing right, opening right).
 */
export const TUMBLING_E_SHAPE: OptotypeShape = {
  contours: [
    polygon([
      [0, 0],
      [5, 0],
      [5, 1],
      [1, 1],
      [1, 2],
      [5, 2],
      [5, 3],
      [1, 3],
      [1, 4],
      [5, 4],
      [5, 5],
      [0, 5],
    ]),
  ],
};

/** N's diagonal from the top-left to the bottom-right corner: 1.25 units across (exactly). */
const N_BAR = barWidthForSpan(5, 5);
/** Each arm of V runs 2 units sideways over the full height; they meet in a base 1 unit wide. */
const V_SPAN = 2;
const V_BAR = barWidthForRun(V_SPAN, 5);
/** Z's diagonal between its top and bottom bars (y 1 … 4). */
const Z_BAR = barWidthForSpan(5, 3);
/** R's leg from the bowl's bottom (x 2 at y 3) to the bottom-right corner. */
const R_BAR = barWidthForSpan(3, 2);
/** K's arms run from the stem's middle (1, 2.5) to the outer corners: slope 2.5 / 4. */
const K_SLOPE = 2.5 / 4;
const K_ARM_RUN = barWidthForRun(4, 2.5);

/**
 * The Sloan letters on the 5 × 5 grid, stroke 1 (STIMULI.md: height = width = 5 strokes). Curves are
 * circular arcs (C, D, O, R's bowl) or, for S, elliptical arcs whose horizontal and vertical strokes are
 * both 1 unit. Straight diagonals (K, N, V, Z, R's leg) have a perpendicular width of exactly 1 unit.
 * Design choices where Sloan's drawings leave room: C opens to the right between horizontal cuts 2 units
 * apart (twice the Landolt gap, so C and O stay distinguishable by their shape, not a 1-unit detail);
 * R's bowl spans y 0…3; K's arms meet the stem at mid-height.
 */
export const SLOAN_SHAPES: Readonly<Record<SloanShapeLetter, OptotypeShape>> = {
  C: { contours: [openRing(1)] },
  D: {
    contours: [
      {
        start: p(0, 0),
        segments: [line(2.5, 0), arc(2.5, 5, CENTRE, OUTER_R, OUTER_R, 'clockwise'), line(0, 5), line(0, 0)],
      },
      {
        start: p(1, 1),
        segments: [line(1, 4), line(2.5, 4), arc(2.5, 1, CENTRE, INNER_R, INNER_R, 'counter-clockwise')],
      },
    ],
  },
  H: {
    contours: [
      polygon([
        [0, 0],
        [1, 0],
        [1, 2],
        [4, 2],
        [4, 0],
        [5, 0],
        [5, 5],
        [4, 5],
        [4, 3],
        [1, 3],
        [1, 5],
        [0, 5],
      ]),
    ],
  },
  K: {
    contours: [
      polygon([
        [0, 0],
        [1, 0],
        [1, (5 - K_ARM_RUN - 1) * K_SLOPE],
        [5 - K_ARM_RUN, 0],
        [5, 0],
        [1, 2.5],
        [5, 5],
        [5 - K_ARM_RUN, 5],
        [1, 5 - (5 - K_ARM_RUN - 1) * K_SLOPE],
        [1, 5],
        [0, 5],
      ]),
    ],
  },
  N: {
    contours: [
      polygon([
        [0, 0],
        [N_BAR, 0],
        [4, 5 - 5 * ((5 - 4) / (5 - N_BAR))],
        [4, 0],
        [5, 0],
        [5, 5],
        [5 - N_BAR, 5],
        [1, 5 * ((1 - 0) / (5 - N_BAR))],
        [1, 5],
        [0, 5],
      ]),
    ],
  },
  O: { contours: [circle(CENTRE, OUTER_R, 'clockwise'), circle(CENTRE, INNER_R, 'counter-clockwise')] },
  R: {
    contours: [
      {
        start: p(0, 0),
        segments: [
          line(3.5, 0),
          arc(3.5, 3, p(3.5, 1.5), 1.5, 1.5, 'clockwise'),
          line(2 + R_BAR, 3),
          line(5, 5),
          line(5 - R_BAR, 5),
          line(2, 3),
          line(1, 3),
          line(1, 5),
          line(0, 5),
          line(0, 0),
        ],
      },
      {
        start: p(1, 1),
        segments: [line(1, 2), line(3.5, 2), arc(3.5, 1, p(3.5, 1.5), 0.5, 0.5, 'counter-clockwise')],
      },
    ],
  },
  S: {
    contours: [
      {
        // Two stacked elliptical loops (centres y = 1.5 and 3.5; outer radii 2.5 × 1.5, inner 1.5 × 0.5)
        // sharing the middle stroke y 2…3; terminals are horizontal cuts at the loops' mid-height.
        start: p(4, 1.5),
        segments: [
          arc(2.5, 2, p(2.5, 1.5), 1.5, 0.5, 'counter-clockwise'),
          arc(0, 3.5, p(2.5, 3.5), 2.5, 1.5, 'clockwise'),
          line(1, 3.5),
          arc(2.5, 3, p(2.5, 3.5), 1.5, 0.5, 'counter-clockwise'),
          arc(5, 1.5, p(2.5, 1.5), 2.5, 1.5, 'clockwise'),
        ],
      },
    ],
  },
  V: {
    contours: [
      polygon([
        [0, 0],
        [V_BAR, 0],
        [2.5, ((2.5 - V_BAR) * 5) / V_SPAN],
        [5 - V_BAR, 0],
        [5, 0],
        [5 - V_SPAN, 5],
        [V_SPAN, 5],
      ]),
    ],
  },
  Z: {
    contours: [
      polygon([
        [0, 0],
        [5, 0],
        [5, 1],
        [Z_BAR, 4],
        [5, 4],
        [5, 5],
        [0, 5],
        [0, 4],
        [5 - Z_BAR, 1],
        [0, 1],
      ]),
    ],
  },
};

/** Throws {@link CoreInputError} unless `letter` is one of {@link SLOAN_SHAPE_LETTERS}. */
export function sloanShape(letter: string): OptotypeShape {
  if (!(SLOAN_SHAPE_LETTERS as readonly string[]).includes(letter)) {
    throw new CoreInputError(`a Sloan letter must be one of ${SLOAN_SHAPE_LETTERS.join(' ')}, got ${letter}`);
  }
  return SLOAN_SHAPES[letter as SloanShapeLetter];
}

const fmt = (n: number) => String(Math.round(n * 1e4) / 1e4 + 0);

/** Angle (radians, screen y down) of a point on the ellipse around `c` with radii rx, ry. */
function ellipseAngle(c: GridPoint, rx: number, ry: number, q: GridPoint): number {
  return Math.atan2((q.y - c.y) / ry, (q.x - c.x) / rx);
}

/** Sweep of an arc in radians as signed screen-space angle (positive = clockwise on screen). */
function arcSweep(from: GridPoint, seg: Extract<ContourSegment, { kind: 'arc' }>): number {
  const a0 = ellipseAngle(seg.centre, seg.rx, seg.ry, from);
  const a1 = ellipseAngle(seg.centre, seg.rx, seg.ry, seg.to);
  let d = a1 - a0;
  // With y down, increasing atan2 angle is clockwise on screen.
  if (seg.turn === 'clockwise') {
    while (d <= 1e-12) d += 2 * Math.PI;
  } else {
    while (d >= -1e-12) d -= 2 * Math.PI;
  }
  return d;
}

/**
 * SVG path data of a shape in grid units (use with `viewBox="0 0 5 5"`). Arcs become `A` commands with the
 * large-arc and sweep flags derived from the contour (SVG sweep 1 = clockwise on screen).
 */
export function optotypePathData(shape: OptotypeShape): string {
  return shape.contours
    .map((contour) => {
      let at = contour.start;
      const parts = [`M${fmt(at.x)} ${fmt(at.y)}`];
      for (const seg of contour.segments) {
        if (seg.kind === 'line') parts.push(`L${fmt(seg.to.x)} ${fmt(seg.to.y)}`);
        else {
          const sweep = arcSweep(at, seg);
          const large = Math.abs(sweep) > Math.PI + 1e-9 ? 1 : 0;
          parts.push(
            `A${fmt(seg.rx)} ${fmt(seg.ry)} 0 ${large} ${sweep > 0 ? 1 : 0} ${fmt(seg.to.x)} ${fmt(seg.to.y)}`,
          );
        }
        at = seg.to;
      }
      return `${parts.join('')}Z`;
    })
    .join('');
}

/**
 * The SVG transform that turns an optotype drawn in the 5 × 5 cell by `rotationDeg` degrees
 * counter-clockwise on screen about its centre (y points down, hence the minus sign).
 */
export function optotypeRotationTransform(rotationDeg: number): string {
  const r = requireFinite(rotationDeg, 'rotation in degrees');
  return `rotate(${fmt(-r)} 2.5 2.5)`;
}

/**
 * The contours as polygons (grid units), arcs replaced by chords of at most `maxStepRad` radians. For
 * measuring shapes (area, bounds, hit tests) and for renderers without arc support.
 */
export function flattenOptotype(shape: OptotypeShape, maxStepRad = Math.PI / 90): GridPoint[][] {
  if (!(maxStepRad > 0)) throw new CoreInputError('maxStepRad must be greater than 0');
  return shape.contours.map((contour) => {
    const out: GridPoint[] = [contour.start];
    let at = contour.start;
    for (const seg of contour.segments) {
      if (seg.kind === 'line') out.push(seg.to);
      else {
        const sweep = arcSweep(at, seg);
        const a0 = ellipseAngle(seg.centre, seg.rx, seg.ry, at);
        const n = Math.max(1, Math.ceil(Math.abs(sweep) / maxStepRad));
        for (let i = 1; i < n; i++) {
          const a = a0 + (sweep * i) / n;
          out.push(p(seg.centre.x + seg.rx * Math.cos(a), seg.centre.y + seg.ry * Math.sin(a)));
        }
        out.push(seg.to);
      }
      at = seg.to;
    }
    // The last segment returns to the start; drop the duplicate closing point.
    const last = out[out.length - 1]!;
    if (Math.hypot(last.x - contour.start.x, last.y - contour.start.y) < 1e-9) out.pop();
    return out;
  });
}

/** Signed area of a polygon in grid units² (positive when clockwise on screen, y down). */
export function polygonSignedArea(points: readonly GridPoint[]): number {
  let s = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    s += a.x * b.y - b.x * a.y;
  }
  return s / 2;
}

/** Rotates a grid point about the cell centre by `rotationDeg` counter-clockwise on screen. */
export function rotateGridPoint(point: GridPoint, rotationDeg: number): GridPoint {
  const t = (requireFinite(rotationDeg, 'rotation in degrees') * Math.PI) / 180;
  const dx = point.x - 2.5;
  const dy = point.y - 2.5;
  // Counter-clockwise on screen with y down: x' = x cos t + y sin t, y' = −x sin t + y cos t.
  return p(2.5 + dx * Math.cos(t) + dy * Math.sin(t), 2.5 - dx * Math.sin(t) + dy * Math.cos(t));
}

/**
 * Whether a grid point lies inside the shape turned by `rotationDeg` (nonzero winding of the flattened
 * contours). Used by tests and by the browser measurement to know where the gap must be.
 */
export function optotypeContains(shape: OptotypeShape, point: GridPoint, rotationDeg = 0): boolean {
  const q = rotateGridPoint(point, -rotationDeg);
  let winding = 0;
  for (const poly of flattenOptotype(shape)) {
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i]!;
      const b = poly[(i + 1) % poly.length]!;
      if (a.y <= q.y) {
        if (b.y > q.y && cross(a, b, q) > 0) winding++;
      } else if (b.y <= q.y && cross(a, b, q) < 0) winding--;
    }
  }
  return winding !== 0;
}

function cross(a: GridPoint, b: GridPoint, q: GridPoint): number {
  return (b.x - a.x) * (q.y - a.y) - (q.x - a.x) * (b.y - a.y);
}
