import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PxPerMm } from '@visus/core';
import { BlindSpotCheck } from './blind-spot-check';

/** 4 px/mm; the arena is 1000 px wide, so the cross sits 60 px (15 mm) from its right edge. */
const PX_PER_MM = 4 as PxPerMm;

describe('BlindSpotCheck', () => {
  let frames: FrameRequestCallback[] = [];
  beforeEach(() => {
    frames = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => {});
    vi.spyOn(performance, 'now').mockReturnValue(0);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  });
  afterEach(() => vi.restoreAllMocks());

  /** Runs the animation to `seconds` after the start: the dot is then 10 mm + 30 mm/s × t from the cross. */
  function advanceTo(seconds: number) {
    const pending = frames;
    frames = [];
    act(() => pending.forEach((callback) => callback(seconds * 1000)));
  }

  it('averages sweeps in both directions into a distance free of the reaction time', () => {
    const onUse = vi.fn();
    render(<BlindSpotCheck pxPerMm={PX_PER_MM} typedDistanceMm={600} onUse={onUse} />);
    fireEvent.click(
      screen.getByRole('button', { name: 'Check the distance with your blind spot (optional)' }),
    );
    // At 600 mm the blind spot spans 12.25°…17.75°: 130.3 … 192.1 mm from the cross. A 0.3 s reaction at
    // 30 mm/s presses 9 mm late: outward at 139.3 mm, inward at 183.1 mm.
    // Outward: 10 mm + 30 mm/s × t = 139.3 mm → t = 4.31 s. Inward: the dot starts at the arena's left
    // edge, (940 − 8) px / 4 = 233 mm, and 233 − 30 t = 183.1 mm → t = 1.663 s. The second pair is 1 mm
    // apart each way (t ± 1/30 s).
    const presses = [4.31, 1.663, 4.31 + 1 / 30, 1.663 - 1 / 30];
    for (const seconds of presses) {
      fireEvent.click(screen.getByRole('button', { name: 'Start sweep' }));
      advanceTo(0.5);
      advanceTo(seconds);
      fireEvent.keyDown(window, { code: 'Space' });
    }
    // ((139.3 + 183.1) / 2) / tan 15° = 601.6 mm: the reaction cancels (one direction alone: +3 %).
    expect(
      screen.getByText(/Your eyes are about 0.60 m from the screen \(you typed 0.60 m\)/),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Use this distance' }));
    expect(onUse.mock.calls[0]![0]).toBeGreaterThan(595);
    expect(onUse.mock.calls[0]![0]).toBeLessThan(610);
  });

  it('starts the second sweep from the far side, towards the cross', () => {
    render(<BlindSpotCheck pxPerMm={PX_PER_MM} typedDistanceMm={600} onUse={() => {}} />);
    fireEvent.click(
      screen.getByRole('button', { name: 'Check the distance with your blind spot (optional)' }),
    );
    expect(screen.getByText(/moves left, away from it/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Start sweep' }));
    advanceTo(4.31);
    fireEvent.keyDown(window, { code: 'Space' });
    expect(screen.getByText(/comes from the left edge towards it/)).toBeInTheDocument();
    expect(screen.getByText(/Sweep 2 of 4/)).toBeInTheDocument();
  });

  it('discards a sweep where the dot reached the edge', () => {
    render(<BlindSpotCheck pxPerMm={PX_PER_MM} typedDistanceMm={600} onUse={() => {}} />);
    fireEvent.click(
      screen.getByRole('button', { name: 'Check the distance with your blind spot (optional)' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start sweep' }));
    advanceTo(60);
    expect(screen.getByText(/The dot did not disappear on its way/)).toBeInTheDocument();
    expect(screen.getByText(/Sweep 1 of 4/)).toBeInTheDocument();
  });
});
