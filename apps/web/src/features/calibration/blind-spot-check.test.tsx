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

  it('averages three sweeps into a distance and offers it', () => {
    const onUse = vi.fn();
    render(<BlindSpotCheck pxPerMm={PX_PER_MM} typedDistanceMm={600} onUse={onUse} />);
    fireEvent.click(
      screen.getByRole('button', { name: 'Check the distance with your blind spot (optional)' }),
    );
    for (let sweep = 0; sweep < 3; sweep += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Start sweep' }));
      advanceTo(0.5);
      // 10 mm + 30 mm/s × 4.467 s = 144 mm from the cross → 144 / tan 13.5° = 599.8 mm
      advanceTo(4.4667);
      fireEvent.keyDown(window, { code: 'Space' });
    }
    expect(
      screen.getByText(/Your eyes are about 0.60 m from the screen \(you typed 0.60 m\)/),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Use this distance' }));
    expect(onUse).toHaveBeenCalledWith(expect.closeTo(599.8, 0));
  });

  it('discards a sweep where the dot reached the edge', () => {
    render(<BlindSpotCheck pxPerMm={PX_PER_MM} typedDistanceMm={600} onUse={() => {}} />);
    fireEvent.click(
      screen.getByRole('button', { name: 'Check the distance with your blind spot (optional)' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start sweep' }));
    advanceTo(60);
    expect(screen.getByText(/The dot reached the edge without disappearing/)).toBeInTheDocument();
    expect(screen.getByText(/Sweep 1 of 3/)).toBeInTheDocument();
  });
});
