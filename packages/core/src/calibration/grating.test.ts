import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { greyLevelForLuminance } from './gamma';
import {
  ditheredLevel,
  fillGrating,
  fillUniform,
  gratingLuminance,
  gratingPeriodPx,
  gratingResolvable,
  resolveGratingSpec,
} from './grating';

/** Luminance of a drawn 8-bit level on a display of gamma γ: (v / 255)^γ. */
const shown = (v: number, gamma: number) => (v / 255) ** gamma;

function draw(width: number, height: number, spec: Parameters<typeof fillGrating>[3]) {
  const buffer = new Uint8ClampedArray(width * height * 4);
  fillGrating(buffer, width, height, spec);
  const at = (x: number, y: number) => buffer[(y * width + x) * 4]!;
  return { buffer, at };
}

describe('sine gratings (STIMULI.md "Luminance and contrast")', () => {
  it('computes the period from pixels per degree and cycles per degree', () => {
    expect(gratingPeriodPx(40, 4)).toBe(10);
    expect(gratingResolvable(gratingPeriodPx(40, 4))).toBe(true);
    expect(gratingResolvable(gratingPeriodPx(40, 30))).toBe(false);
    expect(() => gratingPeriodPx(0, 4)).toThrow(CoreInputError);
    expect(() => gratingPeriodPx(40, -1)).toThrow(CoreInputError);
  });

  it('follows ℓ(u) = ℓ0(1 + C sin(2πu/P + φ))', () => {
    const spec = { meanLuminance: 0.5, contrast: 0.2, periodPx: 8 };
    expect(gratingLuminance(0, spec)).toBeCloseTo(0.5, 12);
    expect(gratingLuminance(2, spec)).toBeCloseTo(0.6, 12);
    expect(gratingLuminance(6, spec)).toBeCloseTo(0.4, 12);
  });

  it('shows the mean luminance and the Michelson contrast on a display of gamma 2.2', () => {
    const gamma = 2.2;
    // Vertical bars (90°), period 16 px, no dithering: one row holds every phase.
    const { at } = draw(64, 4, { periodPx: 16, orientationDeg: 90, contrast: 0.5, gamma, dither: false });
    const row = Array.from({ length: 64 }, (_, x) => shown(at(x, 1), gamma));
    const mean = row.reduce((a, b) => a + b, 0) / row.length;
    expect(mean).toBeCloseTo(0.5, 2);
    const max = Math.max(...row);
    const min = Math.min(...row);
    // Pixel centres sample the sine at ±sin(π/16·(2k+1)); the extreme sample is 0.9808 of the peak.
    expect((max - min) / (max + min)).toBeCloseTo(0.5 * Math.cos(Math.PI / 16), 2);
    // Gamma correction: the grey drawn for ℓ is 255·ℓ^(1/γ), not 255·ℓ.
    expect(at(0, 0)).toBe(
      Math.round(greyLevelForLuminance(0.5 * (1 + 0.5 * Math.sin((2 * Math.PI * -31.5) / 16)), gamma)),
    );
  });

  it('orients the bars: 90° vertical (constant down a column), 0° horizontal (constant along a row)', () => {
    const vertical = draw(32, 32, { periodPx: 8, orientationDeg: 90, contrast: 1, gamma: 1, dither: false });
    for (let y = 0; y < 32; y++) expect(vertical.at(5, y)).toBe(vertical.at(5, 0));
    expect(new Set(Array.from({ length: 8 }, (_, x) => vertical.at(x, 0))).size).toBeGreaterThan(2);
    const horizontal = draw(32, 32, { periodPx: 8, orientationDeg: 0, contrast: 1, gamma: 1, dither: false });
    for (let x = 0; x < 32; x++) expect(horizontal.at(x, 5)).toBe(horizontal.at(0, 5));
    // 45°: bars rise to the right, so luminance is constant along (x + 1, y − 1).
    const oblique = draw(32, 32, { periodPx: 8, orientationDeg: 45, contrast: 1, gamma: 1, dither: false });
    expect(oblique.at(10, 20)).toBe(oblique.at(11, 19));
    expect(oblique.at(10, 20)).toBe(oblique.at(14, 16));
    expect(oblique.at(10, 20)).not.toBe(oblique.at(12, 22));
  });

  it('dithers so the average of the drawn levels is the exact grey (needed below ~1 % contrast)', () => {
    const v = 127.3;
    let sum = 0;
    for (let y = 0; y < 4; y++) for (let x = 0; x < 4; x++) sum += ditheredLevel(v, x, y);
    expect(sum / 16).toBeCloseTo(v, 1);
    expect(ditheredLevel(v, 0, 0, false)).toBe(127);
    const buffer = new Uint8ClampedArray(8 * 8 * 4);
    fillUniform(buffer, 8, 8, 0.5, 2.2);
    let total = 0;
    for (let i = 0; i < buffer.length; i += 4) total += buffer[i]!;
    expect(total / 64).toBeCloseTo(greyLevelForLuminance(0.5, 2.2), 1);
  });

  it('leaves the corners of a circular patch at the background luminance', () => {
    const { at, buffer } = draw(20, 20, {
      periodPx: 5,
      orientationDeg: 0,
      contrast: 1,
      gamma: 1,
      shape: 'circle',
      backgroundLuminance: 1,
      dither: false,
    });
    expect(at(0, 0)).toBe(255);
    expect(at(19, 19)).toBe(255);
    expect(buffer[3]).toBe(255);
  });

  it('rejects bad specs and buffers', () => {
    const ok = { periodPx: 8, orientationDeg: 0, contrast: 0.2, gamma: 2.2 };
    expect(resolveGratingSpec(ok).meanLuminance).toBe(0.5);
    expect(() => resolveGratingSpec({ ...ok, contrast: 20 })).toThrow(CoreInputError);
    expect(() => resolveGratingSpec({ ...ok, gamma: 0 })).toThrow(CoreInputError);
    expect(() => resolveGratingSpec({ ...ok, periodPx: 0 })).toThrow(CoreInputError);
    expect(() => resolveGratingSpec({ ...ok, meanLuminance: 0.9 })).toThrow(/more than white/);
    expect(() => fillGrating(new Uint8ClampedArray(10), 2, 2, ok)).toThrow(CoreInputError);
    expect(() => fillGrating(new Uint8ClampedArray(16), 2.5, 2, ok)).toThrow(CoreInputError);
  });
});
