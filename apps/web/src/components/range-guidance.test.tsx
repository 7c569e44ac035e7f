import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cssPx, viewingFrom } from '@visus/core';
import { metresUpText, RangeGuidance, rangeGuidance } from './range-guidance';

const viewing = (pixelsPerMm: number, distanceMm: number, devicePixelRatio = 1) =>
  viewingFrom({ pixelsPerMm, distanceMm }, devicePixelRatio, 2.2);
const H = cssPx(1080);

describe('rangeGuidance: what this screen measures here, from core’s one range rule', () => {
  it('96 dpi at 0.6 m: 0.5 and worse; 0.0 from 1.9 m, −0.2 from 2.9 m', () => {
    expect(rangeGuidance(viewing(3.78, 600), H)).toEqual({
      severity: 'warning',
      text: 'At 0.60 m this screen measures 0.5 logMAR (6/19) and worse. Stand at 1.9 m or more to measure down to 0.0 logMAR (6/6), or at 2.9 m or more for the chart’s finest line, −0.2 logMAR (6/3.8).',
    });
  });
  it('96 dpi at 2 m reaches 0.0: only the finest line needs more distance', () => {
    expect(rangeGuidance(viewing(3.78, 2000), H)).toEqual({
      severity: 'info',
      text: 'At 2.00 m this screen measures 0.0 logMAR (6/6) and worse. Stand at 2.9 m or more to measure down to −0.2 logMAR (6/3.8).',
    });
  });
  it('96 dpi at 3 m measures every line', () => {
    expect(rangeGuidance(viewing(3.78, 3000), H)).toEqual({
      severity: 'success',
      text: 'At 3.00 m this screen measures every line from −0.2 logMAR (6/3.8) to 1.8 logMAR (6/380).',
    });
  });
  it('says when the largest letters do not fit, and when nothing can be measured', () => {
    expect(rangeGuidance(viewing(3.614, 6000), cssPx(400)).text).toBe(
      'At 6.00 m this screen measures every line from −0.2 logMAR (6/3.8). Letters larger than 1.1 logMAR (6/75) do not fit on the screen.',
    );
    expect(rangeGuidance(viewing(3.78, 600), cssPx(8))).toMatchObject({
      severity: 'error',
      text: expect.stringContaining('too small for any chart line') as unknown,
    });
    expect(rangeGuidance(viewing(0.4, 250), H).text).toContain('Stand further away');
  });
  it('rounds distances up, so standing there is far enough', () => {
    expect(metresUpText(1818.9)).toBe('1.9 m');
    expect(metresUpText(1800)).toBe('1.8 m');
    expect(metresUpText(2289.9)).toBe('2.3 m');
  });
  it('renders as an alert', () => {
    render(<RangeGuidance viewing={viewing(3.78, 600)} availableHeight={H} />);
    expect(screen.getByTestId('range-guidance')).toHaveTextContent('0.5 logMAR (6/19) and worse');
  });
});
