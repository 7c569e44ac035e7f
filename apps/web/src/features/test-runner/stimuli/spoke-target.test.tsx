import { render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockCanvas, pixel } from './canvas-mock';
import { SpokeTarget, useSpokeBoxPx } from './spoke-target';

function stubViewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = Number(/max-width:\s*(\d+)px/.exec(query)?.[1]);
    return {
      matches: width <= max,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      onchange: null,
      dispatchEvent: () => false,
    };
  });
}

describe('SpokeTarget', () => {
  it('sizes the box by viewport width: 400, 300 up to 1060 px, 250 up to 880 px', () => {
    stubViewport(1400);
    expect(renderHook(() => useSpokeBoxPx()).result.current).toBe(400);
    stubViewport(1000);
    expect(renderHook(() => useSpokeBoxPx()).result.current).toBe(300);
    stubViewport(800);
    expect(renderHook(() => useSpokeBoxPx()).result.current).toBe(250);
  });

  it('draws a circle of the given size over the round’s wheel, scaled to the box', () => {
    const painted = mockCanvas();
    render(
      <SpokeTarget variant="circle" boxPx={300} backgroundIndex={2} circleSize={150} devicePixelRatio={1} />,
    );
    const target = screen.getByRole('img', { name: 'Circle of size 150 over a wheel of 48 spokes' });
    const svg = target.querySelector('svg')!;
    expect(svg.getAttribute('viewBox')).toBe('0 0 400 400');
    expect(svg.getAttribute('width')).toBe('300');
    expect(screen.getByTestId('spoke-outline').getAttribute('r')).toBe('75');
    const wheel = painted[0]!;
    expect(wheel.width).toBe(300);
    // Corners are outside the wheel (white); the ring half-way out has black and white spokes.
    expect(pixel(wheel, 0, 0)).toBe(255);
    const ring = Array.from({ length: 48 }, (_, k) => {
      const a = ((k + 0.25) * 2 * Math.PI) / 48;
      return pixel(wheel, Math.round(150 + 100 * Math.cos(a)), Math.round(150 - 100 * Math.sin(a)));
    });
    expect(ring.filter((v) => v < 60).length).toBeGreaterThan(40);
  });

  it('turns the ellipse counter-clockwise from upright', () => {
    mockCanvas();
    render(
      <SpokeTarget
        variant="ellipse"
        boxPx={400}
        backgroundIndex={0}
        ellipseWidth={80}
        rotation={30}
        devicePixelRatio={1}
      />,
    );
    const outline = screen.getByTestId('spoke-outline');
    expect(outline.getAttribute('rx')).toBe('40');
    expect(outline.getAttribute('ry')).toBe('100');
    expect(outline.getAttribute('transform')).toBe('rotate(60 200 200)');
    expect(screen.getByRole('img', { name: /Ellipse 80 wide at 30°/ })).toBeInTheDocument();
  });
});
