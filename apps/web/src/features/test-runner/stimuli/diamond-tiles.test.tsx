import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DIAMOND_ARRANGEMENTS, DIAMOND_TILE_ROTATIONS, greyLevelForLuminance } from '@visus/core';
import { mockCanvas, pixel } from './canvas-mock';
import { DiamondTiles } from './diamond-tiles';

describe('DiamondTiles', () => {
  it('shows four numbered tiles: one grating at the contrast, medium at its mean, light brighter', () => {
    const painted = mockCanvas();
    const arrangement = ['medium', 'grating', 'light', 'medium'] as const;
    render(
      <DiamondTiles
        arrangement={arrangement}
        rotations={DIAMOND_TILE_ROTATIONS}
        contrast={20}
        gamma={2.2}
        selected={3}
        pixelsPerDegree={40}
        devicePixelRatio={1}
      />,
    );
    const group = screen.getByRole('group', { name: 'Diamond tiles' });
    for (const n of [1, 2, 3, 4]) {
      const tile = within(group).getByTestId(`diamond-tile-${n}`);
      expect(tile).toHaveTextContent(String(n));
      expect(tile).toHaveAttribute('data-kind', arrangement[n - 1]);
    }
    expect(screen.getByTestId('diamond-tile-3')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('diamond-tile-1')).not.toHaveAttribute('aria-current');
    expect(screen.getAllByRole('img', { name: 'grating' })).toHaveLength(4);
    // Tiles are 3° = 120 px; painted in order 1 … 4.
    expect(painted.map((p) => p.width)).toEqual([120, 120, 120, 120]);
    const mean = (i: number) => {
      const d = painted[i]!.data;
      let s = 0;
      for (let k = 0; k < d.length; k += 4) s += d[k]!;
      return s / (d.length / 4);
    };
    expect(mean(0)).toBeCloseTo(greyLevelForLuminance(0.5, 2.2), 0);
    expect(mean(2)).toBeCloseTo(greyLevelForLuminance(0.6, 2.2), 0);
    // Tile 2 is the grating at 0°: horizontal bars, constant along a row, varying down a column.
    const grating = painted[1]!;
    // Dithering repeats every 4 px, so compare pixels 40 apart along the row.
    expect(pixel(grating, 4, 7)).toBe(pixel(grating, 44, 7));
    const column = Array.from({ length: 30 }, (_, y) => pixel(grating, 60, y));
    expect(Math.max(...column) - Math.min(...column)).toBeGreaterThan(20);
  });

  it('caps the tile size on a far screen and rejects a wrong arrangement', () => {
    const painted = mockCanvas();
    render(
      <DiamondTiles
        arrangement={DIAMOND_ARRANGEMENTS[0]!}
        rotations={DIAMOND_TILE_ROTATIONS}
        contrast={8}
        gamma={1}
        pixelsPerDegree={400}
        devicePixelRatio={1}
      />,
    );
    expect(painted[0]!.width).toBe(220);
  });

  it('fits its arrangement to the room, never the tiles: a lower diamond under a short room (issue 20)', () => {
    const painted = mockCanvas();
    const tiles = (room?: { width: number; height: number }) =>
      render(
        <DiamondTiles
          arrangement={DIAMOND_ARRANGEMENTS[0]!}
          rotations={DIAMOND_TILE_ROTATIONS}
          contrast={20}
          gamma={1}
          pixelsPerDegree={400}
          devicePixelRatio={1}
          room={room}
        />,
      );
    const place = (n: number) => {
      const style = screen.getByTestId(`diamond-tile-${n}`).style;
      return { x: parseFloat(style.left), y: parseFloat(style.top) };
    };
    // 1280 × 800 full screen less the question and buttons: 550 px high for 220 px tiles.
    const { unmount } = tiles({ width: 1200, height: 550 });
    const group = screen.getByRole('group', { name: 'Diamond tiles' });
    expect(group).toHaveAttribute('data-shape', 'wide');
    expect(group).toHaveAttribute('data-fits', 'true');
    expect(parseFloat(group.style.height)).toBeLessThanOrEqual(550);
    const [top, right, bottom, left] = [1, 2, 3, 4].map(place);
    expect(top!.x).toBe(bottom!.x);
    expect(left!.y).toBe(right!.y);
    expect(top!.y).toBeLessThan(left!.y);
    expect(bottom!.y).toBeGreaterThan(left!.y);
    expect(left!.x).toBeLessThan(top!.x);
    expect(right!.x).toBeGreaterThan(top!.x);
    expect(painted.every((p) => p.width === 220)).toBe(true);
    unmount();
    // A 480 px window cannot hold two 220 px tiles side by side with the gaps: it says so, same size.
    tiles({ width: 448, height: 700 });
    expect(screen.getByRole('group', { name: 'Diamond tiles' })).toHaveAttribute('data-fits', 'false');
    expect(painted.every((p) => p.width === 220)).toBe(true);
  });
});
