import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { crowdingBars, crowdedExtent, CROWDING_GAP_STROKES } from './crowding-geometry';
import {
  flattenOptotype,
  LANDOLT_C_SHAPE,
  optotypeContains,
  optotypePathData,
  optotypeRotationTransform,
  polygonSignedArea,
  rotateGridPoint,
  SLOAN_SHAPE_LETTERS,
  SLOAN_SHAPES,
  sloanShape,
  TUMBLING_E_SHAPE,
  type GridPoint,
  type OptotypeShape,
} from './optotype-geometry';

function bounds(shape: OptotypeShape) {
  const pts = flattenOptotype(shape, Math.PI / 720).flat();
  return {
    minX: Math.min(...pts.map((q) => q.x)),
    maxX: Math.max(...pts.map((q) => q.x)),
    minY: Math.min(...pts.map((q) => q.y)),
    maxY: Math.max(...pts.map((q) => q.y)),
  };
}

function area(shape: OptotypeShape): number {
  return flattenOptotype(shape, Math.PI / 3600).reduce((s, poly) => s + polygonSignedArea(poly), 0);
}

/** Fraction of a fine sample grid inside the shape: checks `optotypeContains` against `area`. */
function sampledArea(shape: OptotypeShape): number {
  const n = 100;
  let inside = 0;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++)
      if (optotypeContains(shape, { x: ((i + 0.5) * 5) / n, y: ((j + 0.5) * 5) / n })) inside++;
  return (inside / (n * n)) * 25;
}

/** Thickness of the filled run through `from` along `dir` (grid units, 0.001 resolution). */
function runLength(shape: OptotypeShape, from: GridPoint, dir: GridPoint, reach = 3): number {
  let len = 0;
  for (let t = -reach; t <= reach; t += 0.001) {
    if (optotypeContains(shape, { x: from.x + dir.x * t, y: from.y + dir.y * t })) len += 0.001;
  }
  return len;
}

describe('optotype shapes on the 5 × 5 stroke grid (STIMULI.md "Optotypes")', () => {
  it.each([...SLOAN_SHAPE_LETTERS])('Sloan %s fills exactly the 5 × 5 cell', (letter) => {
    const b = bounds(SLOAN_SHAPES[letter]);
    expect(b.minX).toBeCloseTo(0, 5);
    expect(b.minY).toBeCloseTo(0, 5);
    // C is open on the right: its terminals end on the outer circle at y = 2.5 ± 1, x = 2.5 + √(2.5² − 1).
    expect(b.maxX).toBeCloseTo(letter === 'C' ? 2.5 + Math.sqrt(2.5 ** 2 - 1) : 5, 5);
    expect(b.maxY).toBeCloseTo(5, 5);
  });

  it.each([...SLOAN_SHAPE_LETTERS])(
    'Sloan %s: filled parts wind clockwise, holes the other way, and the hit test agrees with the area',
    (letter) => {
      const shape = SLOAN_SHAPES[letter];
      const polys = flattenOptotype(shape);
      expect(polygonSignedArea(polys[0]!)).toBeGreaterThan(0);
      for (const hole of polys.slice(1)) expect(polygonSignedArea(hole)).toBeLessThan(0);
      const a = area(shape);
      expect(a).toBeGreaterThan(8);
      expect(a).toBeLessThan(20);
      expect(sampledArea(shape)).toBeCloseTo(a, 0);
    },
  );

  it('draws O as a ring of outer diameter 5 and stroke 1: area π(2.5² − 1.5²)', () => {
    expect(area(SLOAN_SHAPES.O)).toBeCloseTo(Math.PI * (2.5 ** 2 - 1.5 ** 2), 3);
    expect(optotypeContains(SLOAN_SHAPES.O, { x: 2.5, y: 2.5 })).toBe(false);
    expect(runLength(SLOAN_SHAPES.O, { x: 2.5, y: 2.5 }, { x: 1, y: 0 })).toBeCloseTo(2, 2); // two strokes
  });

  it('gives H, E and the straight letters strokes of exactly 1 unit', () => {
    expect(area(SLOAN_SHAPES.H)).toBeCloseTo(13, 9);
    expect(area(TUMBLING_E_SHAPE)).toBeCloseTo(17, 9);
    expect(area(SLOAN_SHAPES.Z)).toBeGreaterThan(10);
    // Perpendicular width of N's diagonal through the centre, measured along its normal.
    const n = { x: 5, y: -3.75 };
    const len = Math.hypot(n.x, n.y);
    expect(runLength(SLOAN_SHAPES.N, { x: 2.5, y: 2.5 }, { x: n.x / len, y: n.y / len }, 1)).toBeCloseTo(
      1,
      2,
    );
    // K's upper arm halfway up, measured perpendicular to the slope 2.5 / 4.
    const k = { x: 2.5, y: 4 };
    const kl = Math.hypot(k.x, k.y);
    const onArm = { x: 3, y: 2.5 - 2 * (2.5 / 4) - 0.5 / Math.cos(Math.atan(2.5 / 4)) };
    expect(runLength(SLOAN_SHAPES.K, onArm, { x: k.x / kl, y: k.y / kl }, 0.9)).toBeCloseTo(1, 2);
  });

  it('draws the Landolt C gap 1 unit wide, parallel-sided, at the right (ISO 8596)', () => {
    expect(optotypeContains(LANDOLT_C_SHAPE, { x: 4.5, y: 2.5 })).toBe(false);
    expect(optotypeContains(LANDOLT_C_SHAPE, { x: 0.5, y: 2.5 })).toBe(true);
    expect(optotypeContains(LANDOLT_C_SHAPE, { x: 4.5, y: 1.9 })).toBe(true);
    expect(optotypeContains(LANDOLT_C_SHAPE, { x: 4.5, y: 3.1 })).toBe(true);
    // The gap measured vertically through the ring's stroke at x = 4.5 is 1 unit.
    let gap = 0;
    for (let y = 1; y <= 4; y += 0.001) if (!optotypeContains(LANDOLT_C_SHAPE, { x: 4.5, y })) gap += 0.001;
    expect(gap).toBeCloseTo(1, 2);
  });

  it('turns counter-clockwise on screen: rotation 90 puts the gap / opening at the top', () => {
    expect(rotateGridPoint({ x: 5, y: 2.5 }, 90)).toEqual({ x: expect.closeTo(2.5), y: expect.closeTo(0) });
    expect(optotypeContains(LANDOLT_C_SHAPE, { x: 2.5, y: 0.5 }, 90)).toBe(false);
    expect(optotypeContains(LANDOLT_C_SHAPE, { x: 4.5, y: 2.5 }, 90)).toBe(true);
    expect(optotypeContains(LANDOLT_C_SHAPE, { x: 0.5, y: 2.5 }, 180)).toBe(false);
    expect(optotypeContains(LANDOLT_C_SHAPE, { x: 2.5, y: 4.5 }, 270)).toBe(false);
    // 45°: the gap sits up and to the right.
    const d = 2 / Math.SQRT2;
    expect(optotypeContains(LANDOLT_C_SHAPE, { x: 2.5 + d, y: 2.5 - d }, 45)).toBe(false);
    expect(optotypeContains(LANDOLT_C_SHAPE, { x: 2.5 + d, y: 2.5 + d }, 45)).toBe(true);
  });

  it('draws Tumbling E at 0 as the letter E: spine left, bars and gaps to the right', () => {
    expect(optotypeContains(TUMBLING_E_SHAPE, { x: 0.5, y: 1.5 })).toBe(true);
    expect(optotypeContains(TUMBLING_E_SHAPE, { x: 4.5, y: 1.5 })).toBe(false);
    expect(optotypeContains(TUMBLING_E_SHAPE, { x: 4.5, y: 3.5 })).toBe(false);
    expect(optotypeContains(TUMBLING_E_SHAPE, { x: 4.5, y: 2.5 })).toBe(true);
    // At 90 the bars point up: the spine is at the bottom.
    expect(optotypeContains(TUMBLING_E_SHAPE, { x: 1.5, y: 4.5 }, 90)).toBe(true);
    expect(optotypeContains(TUMBLING_E_SHAPE, { x: 1.5, y: 0.5 }, 90)).toBe(false);
  });

  it('writes SVG path data with arcs whose flags follow the winding', () => {
    expect(optotypePathData(TUMBLING_E_SHAPE)).toBe('M0 0L5 0L5 1L1 1L1 2L5 2L5 3L1 3L1 4L5 4L5 5L0 5Z');
    // Landolt C: outer arc the long way round clockwise (large 1, sweep 1), inner arc back (1, 0).
    expect(optotypePathData(LANDOLT_C_SHAPE)).toBe(
      'M4.9495 3A2.5 2.5 0 1 1 4.9495 2L3.9142 2A1.5 1.5 0 1 0 3.9142 3Z',
    );
    expect(optotypePathData(SLOAN_SHAPES.O)).toBe(
      'M5 2.5A2.5 2.5 0 0 1 0 2.5A2.5 2.5 0 0 1 5 2.5ZM4 2.5A1.5 1.5 0 0 0 1 2.5A1.5 1.5 0 0 0 4 2.5Z',
    );
    expect(optotypeRotationTransform(90)).toBe('rotate(-90 2.5 2.5)');
    expect(optotypeRotationTransform(0)).toBe('rotate(0 2.5 2.5)');
  });

  it('rejects unknown letters and bad numbers', () => {
    expect(() => sloanShape('E')).toThrow(CoreInputError);
    expect(sloanShape('K')).toBe(SLOAN_SHAPES.K);
    expect(() => optotypeRotationTransform(Number.NaN)).toThrow(CoreInputError);
    expect(() => flattenOptotype(LANDOLT_C_SHAPE, 0)).toThrow(CoreInputError);
  });
});

describe('crowdingBars', () => {
  it('puts four 1 × 5 bars one stroke outside the cell by default', () => {
    const bars = crowdingBars();
    expect(bars).toHaveLength(4);
    expect(bars[0]).toEqual({ x: 0, y: -2, width: 5, height: 1 });
    expect(bars[1]).toEqual({ x: 6, y: 0, width: 1, height: 5 });
    expect(crowdingBars(2.5)[3]).toEqual({ x: -3.5, y: 0, width: 1, height: 5 });
    expect(() => crowdingBars(-1)).toThrow(CoreInputError);
  });

  it('keeps the bars the same gap in strokes from every side of the 5 × 5 cell', () => {
    for (const gap of [0, 1, 2.5, 3.75]) {
      const [top, right, bottom, left] = crowdingBars(gap);
      // Distance from the cell edge to the bar's near edge, on each side: always `gap` strokes.
      expect(0 - (top!.y + top!.height)).toBe(gap);
      expect(right!.x - 5).toBe(gap);
      expect(bottom!.y - 5).toBe(gap);
      expect(0 - (left!.x + left!.width)).toBe(gap);
      // Each bar is one stroke thick and as long as the cell, centred on its side.
      for (const bar of [top!, bottom!]) expect([bar.x, bar.width, bar.height]).toEqual([0, 5, 1]);
      for (const bar of [left!, right!]) expect([bar.y, bar.width, bar.height]).toEqual([0, 1, 5]);
    }
  });
});

describe('crowdedExtent', () => {
  it('adds the gap and one bar stroke on each side: side = 5 + 2 (g + 1)', () => {
    expect(crowdedExtent(null)).toEqual({ margin: 0, side: 5 });
    expect(crowdedExtent(CROWDING_GAP_STROKES)).toEqual({ margin: 2, side: 9 });
    expect(crowdedExtent(2.5)).toEqual({ margin: 3.5, side: 12 });
    // The bars lie exactly inside that square.
    const { margin, side } = crowdedExtent(1);
    for (const bar of crowdingBars(1)) {
      expect(bar.x).toBeGreaterThanOrEqual(-margin);
      expect(bar.y).toBeGreaterThanOrEqual(-margin);
      expect(bar.x + bar.width).toBeLessThanOrEqual(side - margin);
      expect(bar.y + bar.height).toBeLessThanOrEqual(side - margin);
    }
    expect(Math.min(...crowdingBars(1).map((b) => b.x))).toBe(-margin);
  });

  it('refuses a gap the bars refuse', () => {
    expect(() => crowdedExtent(-1)).toThrow(CoreInputError);
    expect(() => crowdedExtent(Number.NaN)).toThrow(CoreInputError);
    expect(() => crowdedExtent(11)).toThrow(CoreInputError);
  });
});
