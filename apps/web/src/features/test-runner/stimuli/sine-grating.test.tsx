import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CoreInputError, greyLevelForLuminance } from '@visus/core';
import { mockCanvas, pixel } from './canvas-mock';
import { SineGrating } from './sine-grating';

describe('SineGrating', () => {
  it('paints at device-pixel resolution with CSS size sizePx and alt text "grating"', () => {
    const painted = mockCanvas();
    render(
      <SineGrating
        sizePx={100}
        cyclesPerDegree={4}
        pixelsPerDegree={40}
        orientationDeg={90}
        contrast={1}
        gamma={1}
        devicePixelRatio={2}
      />,
    );
    const canvas = screen.getByRole('img', { name: 'grating' }) as HTMLCanvasElement;
    expect(canvas.width).toBe(200);
    expect(canvas.height).toBe(200);
    expect(canvas.style.width).toBe('100px');
    expect(painted).toHaveLength(1);
    const image = painted[0]!;
    expect(image.width).toBe(200);
    // 40 CSS px/deg × 2 / 4 c/deg = a period of 20 device px: vertical bars repeat every 20 columns.
    expect(pixel(image, 3, 10)).toBe(pixel(image, 23, 10));
    expect(pixel(image, 3, 10)).toBe(pixel(image, 3, 150));
    const row = Array.from({ length: 20 }, (_, x) => pixel(image, x, 0));
    expect(Math.max(...row)).toBeGreaterThan(240);
    expect(Math.min(...row)).toBeLessThan(15);
    expect(canvas.parentElement).toHaveAttribute('data-resolvable', 'true');
  });

  it('gamma-corrects the mean grey', () => {
    const painted = mockCanvas();
    render(
      <SineGrating
        sizePx={16}
        cyclesPerDegree={1}
        pixelsPerDegree={16}
        orientationDeg={0}
        contrast={0}
        gamma={2.2}
        devicePixelRatio={1}
      />,
    );
    const data = painted[0]!.data;
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) sum += data[i]!;
    expect(sum / (16 * 16)).toBeCloseTo(greyLevelForLuminance(0.5, 2.2), 0);
  });

  it('shows the uniform mean grey when the period is under 2 device pixels', () => {
    const painted = mockCanvas();
    render(
      <SineGrating
        sizePx={20}
        cyclesPerDegree={30}
        pixelsPerDegree={40}
        orientationDeg={90}
        contrast={1}
        gamma={1}
        devicePixelRatio={1}
      />,
    );
    const image = painted[0]!;
    const values = new Set(Array.from({ length: 20 }, (_, x) => pixel(image, x, 0)));
    expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
    expect(screen.getByRole('img', { name: 'grating' }).parentElement).toHaveAttribute(
      'data-resolvable',
      'false',
    );
  });

  it('repaints when the orientation changes, and refuses a contrast above 1', () => {
    const painted = mockCanvas();
    const props = {
      sizePx: 10,
      cyclesPerDegree: 2,
      pixelsPerDegree: 20,
      contrast: 0.5,
      gamma: 1,
      devicePixelRatio: 1,
    };
    const { rerender } = render(<SineGrating {...props} orientationDeg={0} />);
    rerender(<SineGrating {...props} orientationDeg={90} />);
    expect(painted).toHaveLength(2);
    expect(pixel(painted[1]!, 0, 0)).not.toBe(pixel(painted[1]!, 2, 0));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<SineGrating {...props} orientationDeg={0} contrast={20} />)).toThrow(CoreInputError);
  });
});
