import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { diamondLayout, type DiamondLayout } from './diamond-layout';

// 220 px tiles (3° at a large distance, the display's cap), a 28 px number above each, 16 px gaps and an
// 8 px margin: a cell is 220 × 248.
const SIZES = { tilePx: 220, labelPx: 28, gapPx: 16, marginPx: 8 } as const;

/** Cells' rectangles (the tile and its number), to check they never overlap and stay inside the box. */
function rects(layout: DiamondLayout, tilePx: number) {
  return layout.cells.map(({ x, y }) => ({ x, y, w: tilePx, h: tilePx + SIZES.labelPx }));
}

function expectDiamond(layout: DiamondLayout, tilePx: number = SIZES.tilePx) {
  const cells = rects(layout, tilePx);
  const [top, right, bottom, left] = cells.map((c) => ({ x: c.x + c.w / 2, y: c.y + c.h / 2 })); // centres
  // 1 above 3 in the middle column; 4 left of 2 on the middle line; the middle line between 1 and 3.
  expect(top!.x).toBe(bottom!.x);
  expect(left!.y).toBe(right!.y);
  expect(top!.y).toBeLessThan(left!.y);
  expect(bottom!.y).toBeGreaterThan(left!.y);
  expect(left!.x).toBeLessThan(top!.x);
  expect(right!.x).toBeGreaterThan(top!.x);
  for (const a of cells) {
    expect(a.x).toBeGreaterThanOrEqual(SIZES.marginPx);
    expect(a.y).toBeGreaterThanOrEqual(SIZES.marginPx);
    expect(a.x + a.w).toBeLessThanOrEqual(layout.width - SIZES.marginPx);
    expect(a.y + a.h).toBeLessThanOrEqual(layout.height - SIZES.marginPx);
    for (const b of cells) {
      if (a === b) continue;
      // Apart by at least the gap along one axis (the selection outlines need it).
      const apartX = a.x + a.w + SIZES.gapPx <= b.x || b.x + b.w + SIZES.gapPx <= a.x;
      const apartY = a.y + a.h + SIZES.gapPx <= b.y || b.y + b.h + SIZES.gapPx <= a.y;
      expect(apartX || apartY).toBe(true);
    }
  }
}

describe('diamondLayout (issue 20)', () => {
  it('keeps the spec’s 3 × 3 diamond when it fits', () => {
    // W = 3·220 + 2·16 + 2·8 = 708; H = 3·248 + 2·16 + 2·8 = 792.
    const layout = diamondLayout({ ...SIZES, room: { width: 1280, height: 800 } });
    expect(layout).toMatchObject({ shape: 'diamond', width: 708, height: 792, fits: true });
    expectDiamond(layout);
  });

  it('at 1280 × 800 full screen, under a question and buttons, lays 2 and 4 beside 1 over 3', () => {
    // 800 px less ≈ 250 px of question and buttons: 550 px, less than the diamond's 792.
    const layout = diamondLayout({ ...SIZES, room: { width: 1280, height: 550 } });
    // H = 2·248 + 16 + 16 = 528 ≤ 550.
    expect(layout).toMatchObject({ shape: 'wide', width: 708, height: 528, fits: true });
    expectDiamond(layout);
  });

  it('in a narrow window puts 4 and 2 side by side between 1 and 3', () => {
    // 160 px tiles in 448 px: the diamond needs 3·160 + 32 + 16 = 528; 'tall' 2·160 + 16 + 16 = 352.
    const layout = diamondLayout({ ...SIZES, tilePx: 160, room: { width: 448, height: 700 } });
    expect(layout).toMatchObject({ shape: 'tall', width: 352, height: 612, fits: true });
    expectDiamond(layout, 160);
  });

  it('says so when 220 px tiles cannot fit a 480 px window at all', () => {
    // 'tall' is 472 px wide and 792 tall: more than 480 × 700 allows, and so is every other shape.
    const layout = diamondLayout({ ...SIZES, room: { width: 480, height: 700 } });
    expect(layout.fits).toBe(false);
    expect(layout.shape).toBe('tall');
  });

  it('never needs to choose between the compact shapes: when both fit, the diamond fits', () => {
    for (let width = 400; width <= 800; width += 8) {
      for (let height = 500; height <= 820; height += 8) {
        const room = { width, height };
        const wide = width >= 708 && height >= 528;
        const tall = width >= 472 && height >= 792;
        if (wide && tall) expect(diamondLayout({ ...SIZES, room }).shape).toBe('diamond');
      }
    }
  });

  it('never shrinks the tiles: when nothing fits it says so and keeps the least overflowing shape', () => {
    const layout = diamondLayout({ ...SIZES, room: { width: 400, height: 400 } });
    expect(layout.fits).toBe(false);
    expectDiamond(layout);
    // Every cell is still 220 px: the box is at least two tiles wide and tall.
    expect(layout.width).toBeGreaterThanOrEqual(2 * 220);
    expect(layout.height).toBeGreaterThanOrEqual(2 * 248);
  });

  it('puts every cell on a whole CSS pixel', () => {
    const layout = diamondLayout({ ...SIZES, tilePx: 117, labelPx: 27, room: { width: 1000, height: 420 } });
    for (const c of layout.cells) {
      expect(Number.isInteger(c.x)).toBe(true);
      expect(Number.isInteger(c.y)).toBe(true);
    }
  });

  it('takes an unlimited room as the spec’s diamond', () => {
    const layout = diamondLayout({ ...SIZES, room: { width: Infinity, height: Infinity } });
    expect(layout).toMatchObject({ shape: 'diamond', fits: true });
    expect(() => diamondLayout({ ...SIZES, tilePx: Infinity, room: { width: 1, height: 1 } })).toThrow(
      CoreInputError,
    );
  });

  it('refuses sizes that are not sizes', () => {
    expect(() => diamondLayout({ ...SIZES, tilePx: 0, room: { width: 1, height: 1 } })).toThrow(
      CoreInputError,
    );
    expect(() => diamondLayout({ ...SIZES, gapPx: -1, room: { width: 1, height: 1 } })).toThrow(
      CoreInputError,
    );
    expect(() => diamondLayout({ ...SIZES, room: { width: NaN, height: 1 } })).toThrow(CoreInputError);
  });
});
