import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  CoreInputError,
  LANDOLT_C_SHAPE,
  logMar,
  optotypePathData,
  optotypeSize,
  SLOAN_SHAPES,
  viewingFrom,
} from '@visus/core';
import { LandoltC } from './landolt-c';
import { SloanLetter } from './sloan-letter';
import { TumblingE } from './tumbling-e';

const svgOf = (name: string) => screen.getByRole('img', { name }) as unknown as SVGSVGElement;

describe('optotype components', () => {
  it('draws a Sloan letter from its vector shape, exactly heightPx square, black', () => {
    render(<SloanLetter letter="K" heightPx={47} />);
    const svg = svgOf('Test letter');
    expect(svg.getAttribute('width')).toBe('47');
    expect(svg.getAttribute('height')).toBe('47');
    expect(svg.getAttribute('viewBox')).toBe('0 0 5 5');
    expect(svg.getAttribute('shape-rendering')).toBe('geometricPrecision');
    const path = svg.querySelector('path')!;
    expect(path.getAttribute('d')).toBe(optotypePathData(SLOAN_SHAPES.K));
    expect(path.getAttribute('fill')).toBe('#000');
    expect(svg.querySelector('text')).toBeNull();
  });

  it('names every optotype neutrally: the name never gives the letter or the direction away', () => {
    const names = new Set<string>();
    for (const letter of ['C', 'D', 'H', 'K', 'N', 'O', 'R', 'S', 'V', 'Z']) {
      const { unmount } = render(<SloanLetter letter={letter} heightPx={40} />);
      names.add(screen.getByRole('img').getAttribute('aria-label')!);
      unmount();
    }
    expect([...names]).toEqual(['Test letter']);
    names.clear();
    for (const rotation of [0, 45, 90, 135, 180, 225, 270, 315]) {
      const c = render(<LandoltC rotation={rotation} heightPx={40} />);
      names.add(screen.getByRole('img').getAttribute('aria-label')!);
      c.unmount();
      if (rotation % 90 === 0) {
        const e = render(<TumblingE rotation={rotation} heightPx={40} />);
        names.add(screen.getByRole('img').getAttribute('aria-label')!);
        e.unmount();
      }
    }
    expect([...names]).toEqual(['Test symbol']);
  });

  it('turns the Landolt C counter-clockwise and keeps the direction out of its label', () => {
    render(<LandoltC rotation={135} heightPx={20} />);
    const svg = svgOf('Test symbol');
    expect(svg.querySelector('path')!.getAttribute('d')).toBe(optotypePathData(LANDOLT_C_SHAPE));
    expect(svg.querySelector('path')!.getAttribute('transform')).toBe('rotate(-135 2.5 2.5)');
    expect(svg.getAttribute('aria-label')).not.toMatch(/\d|left|right|up|down/i);
  });

  it('draws Tumbling E with crisp edges at right angles when its strokes are whole device px', () => {
    const { rerender } = render(<TumblingE rotation={270} heightPx={10} />);
    const svg = svgOf('Test symbol');
    expect(svg.getAttribute('shape-rendering')).toBe('crispEdges');
    expect(svg.querySelector('path')!.getAttribute('transform')).toBe('rotate(-270 2.5 2.5)');
    rerender(<TumblingE rotation={45} heightPx={10} />);
    expect(svgOf('Test symbol').getAttribute('shape-rendering')).toBe('geometricPrecision');
    // 13 px: a 2.6 px stroke that crispEdges would draw as bars of 3, 2, 3 px: anti-aliased instead.
    rerender(<TumblingE rotation={0} heightPx={13} />);
    expect(svgOf('Test symbol').getAttribute('shape-rendering')).toBe('geometricPrecision');
  });

  it('sizes Tumbling E in multiples of 5 device px so crispEdges draws every stroke exactly', () => {
    const dpr = window.devicePixelRatio;
    try {
      for (const [ratio, pxPerMm, distanceMm] of [
        [1, 3.78, 3000],
        [1, 3.78, 600],
        [2, 3.78, 600],
        [1.25, 4.2, 2500],
        [3, 6, 4000],
      ] as const) {
        Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: ratio });
        const viewing = viewingFrom({ pixelsPerMm: pxPerMm, distanceMm }, ratio, 2.2);
        for (const l of [-0.2, 0, 0.3, 0.5, 1]) {
          const s = optotypeSize(logMar(l), viewing, 'tumbling-e');
          const { unmount } = render(<TumblingE rotation={90} heightPx={s.heightCssPx} />);
          const svg = svgOf('Test symbol');
          const deviceHeight = Number(svg.getAttribute('height')) * ratio;
          expect(Math.abs(deviceHeight - s.heightDevicePx)).toBeLessThan(1e-6);
          expect(s.heightDevicePx % 5).toBe(0);
          // Stroke error 0: the 5 × 5 grid's unit is a whole number of device pixels.
          const stroke = deviceHeight / 5;
          expect(Math.abs(stroke - Math.round(stroke))).toBeLessThan(1e-6);
          expect(svg.getAttribute('shape-rendering')).toBe('crispEdges');
          unmount();
        }
      }
    } finally {
      Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: dpr });
    }
  });

  it('adds four crowding bars one stroke away, growing the drawing but not the optotype', () => {
    render(<SloanLetter letter="H" heightPx={50} crowding />);
    const svg = svgOf('Test letter');
    const bars = svg.querySelectorAll('[data-testid="crowding-bar"]');
    expect(bars).toHaveLength(4);
    // 5 strokes + 2 × (1 gap + 1 bar) = 9 strokes of 10 px.
    expect(svg.getAttribute('width')).toBe('90');
    expect(svg.getAttribute('viewBox')).toBe('-2 -2 9 9');
    expect(bars[0]!.getAttribute('y')).toBe('-2');
  });

  it('takes an explicit crowding gap', () => {
    render(<LandoltC rotation={0} heightPx={50} crowding={{ gapStrokes: 2.5 }} />);
    expect(svgOf('Test symbol').getAttribute('viewBox')).toBe('-3.5 -3.5 12 12');
  });

  it('refuses an unknown letter or a bad size', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<SloanLetter letter="E" heightPx={40} />)).toThrow(CoreInputError);
    expect(() => render(<TumblingE rotation={0} heightPx={0} />)).toThrow(RangeError);
  });

  it('sizes from the viewing through core (h = d·tan(5′·10^L), whole device px)', () => {
    // logMAR 1.0 at 600 mm: 600·tan(50′) = 8.727 mm × 3.78 px/mm × dpr 2 = 65.98 → 66 device px.
    const s = optotypeSize(logMar(1), viewingFrom({ pixelsPerMm: 3.78, distanceMm: 600 }, 2, 2.2));
    expect(s.heightDevicePx).toBe(66);
    expect(s.heightCssPx).toBe(33);
    expect(s.fits).toBe(true);
    expect(() => optotypeSize(logMar(0), viewingFrom({ pixelsPerMm: 0, distanceMm: 600 }, 1, 1))).toThrow(
      CoreInputError,
    );
  });
});
