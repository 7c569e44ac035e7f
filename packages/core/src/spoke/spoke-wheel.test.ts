import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { fillSpokeWheel, onSpoke, SPOKE_WHEELS, spokeWheel } from './spoke-wheel';

describe('spoke wheel backgrounds (SPEC.md §2 Spoke Circle / Ellipse)', () => {
  it('has three wheels, finer with each background index', () => {
    expect(SPOKE_WHEELS.map((w) => w.spokes)).toEqual([24, 36, 48]);
    expect(spokeWheel(2)).toBe(SPOKE_WHEELS[2]);
    expect(() => spokeWheel(3)).toThrow(CoreInputError);
  });

  it('alternates black wedges and white gaps around the circle, blank in the middle and outside', () => {
    const wheel = SPOKE_WHEELS[0];
    const period = (2 * Math.PI) / wheel.spokes;
    const at = (angle: number) => onSpoke(0.7 * Math.cos(angle), -0.7 * Math.sin(angle), wheel);
    expect(at(period * 0.25)).toBe(true);
    expect(at(period * 0.75)).toBe(false);
    expect(at(period * 5.25)).toBe(true);
    expect(onSpoke(0, 0.01, wheel)).toBe(false);
    expect(onSpoke(0.99, 0.99, wheel)).toBe(false);
  });

  it('fills half the wheel with black and anti-aliases the edges', () => {
    const size = 120;
    const buffer = new Uint8ClampedArray(size * size * 4);
    fillSpokeWheel(buffer, size, 1, { gamma: 1 });
    let dark = 0;
    let inWheel = 0;
    const greys = new Set<number>();
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const r = Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) / (size / 2);
        const v = buffer[(y * size + x) * 4]!;
        if (r < 0.95 && r > 0.2) {
          inWheel++;
          dark += 1 - v / 255;
          if (v > 0 && v < 255) greys.add(v);
        }
        if (r > 1.01) expect(v).toBe(255);
      }
    expect(dark / inWheel).toBeCloseTo(0.5, 1);
    expect(greys.size).toBeGreaterThan(3);
    expect(buffer[3]).toBe(255);
    expect(() => fillSpokeWheel(buffer, size + 1, 0)).toThrow(CoreInputError);
  });
});
