import { describe, expect, it } from 'vitest';
import { ASTIG_POWER_CONTRAST, ASTIG_POWER_MEAN_LUMINANCE } from '../astigmatism/astigmatism-power';
import { CoreInputError } from '../errors/core-input-error';
import { createSeededRng } from '../random/rng';
import { greyLevelForLuminance } from './gamma';
import { fillGrating, type GratingSpec } from './grating';
import {
  ditherLevelForLuminance,
  drawLuminanceJitter,
  drawnGratingMeanLuminance,
  drawnMeanLuminance,
  fillGratingChoicePatch,
  fillLuminance,
  GRATING_LUMINANCE_JITTER,
  gratingChoiceUniformLuminance,
  luminanceOfGreyLevel,
  type GratingChoicePatch,
} from './grating-luminance';

/** Draws one patch of a grating choice and returns its buffer. */
function patch(spec: GratingSpec, size: number, kind: GratingChoicePatch, factor = 1) {
  const buffer = new Uint8ClampedArray(size * size * 4);
  fillGratingChoicePatch(buffer, size, size, spec, kind, factor);
  return buffer;
}

/** Mean luminance of a drawn patch as a display of gamma `shownGamma` emits it. */
const emitted = (buffer: Uint8ClampedArray, size: number, shownGamma: number, spec: GratingSpec) =>
  drawnMeanLuminance(buffer, size, size, shownGamma, spec.shape ?? 'square');

const GAMMAS = [1.8, 2.2, 2.4];
/** The contrasts the tests draw (Astigmatism Power 1 at ℓ₀ 0.48; Diamond 0.2 and 0.08 at 0.5) and one between. */
const CONTRASTS: readonly (readonly [number, number])[] = [
  [1, ASTIG_POWER_MEAN_LUMINANCE],
  [0.5, 0.5],
  [0.2, 0.5],
  [0.08, 0.5],
];
const PHASES = [0, Math.PI / 3, Math.PI / 2, 2.1];
/** Periods in device px: the finest drawn (3), an awkward fraction, and 2 cycles across a 80 px target. */
const PERIODS = [3, 7.3, 40];

describe('the grating and the blanks emit the same mean luminance under the stored gamma', () => {
  it('L(v) = (v / 255)^γ', () => {
    expect(luminanceOfGreyLevel(255, 2.2)).toBe(1);
    expect(luminanceOfGreyLevel(0, 2.2)).toBe(0);
    expect(luminanceOfGreyLevel(186, 2.2)).toBeCloseTo(0.4995, 4);
    expect(() => luminanceOfGreyLevel(256, 2.2)).toThrow(CoreInputError);
    expect(() => luminanceOfGreyLevel(100, 9)).toThrow(CoreInputError);
  });

  it('a uniform patch emits its luminance to within 1/32 of one 8-bit step (luminance-linear dithering)', () => {
    for (const gamma of GAMMAS)
      for (let l = 0.05; l <= 0.95; l += 0.0137) {
        const v = ditherLevelForLuminance(l, gamma);
        const a = Math.floor(v);
        expect(luminanceOfGreyLevel(a, gamma)).toBeLessThanOrEqual(l);
        expect(luminanceOfGreyLevel(a + 1, gamma)).toBeGreaterThan(l);
        const buffer = new Uint8ClampedArray(16 * 16 * 4);
        fillLuminance(buffer, 16, 16, l, gamma);
        const step = luminanceOfGreyLevel(a + 1, gamma) - luminanceOfGreyLevel(a, gamma);
        expect(Math.abs(drawnMeanLuminance(buffer, 16, 16, gamma) - l)).toBeLessThanOrEqual(
          step / 32 + 1e-12,
        );
      }
    expect(ditherLevelForLuminance(1, 2.2)).toBe(255);
    expect(ditherLevelForLuminance(0, 2.2)).toBe(0);
  });

  it('for γ 1.8, 2.2, 2.4, every contrast, phase, period, size and shape: |blank − grating| < 0.1 %', () => {
    let worst = 0;
    for (const gamma of GAMMAS)
      for (const [contrast, meanLuminance] of CONTRASTS)
        for (const phaseRad of PHASES)
          for (const periodPx of PERIODS)
            for (const shape of ['circle', 'square'] as const)
              for (const size of [80, 121]) {
                const spec: GratingSpec = {
                  periodPx,
                  orientationDeg: 90,
                  contrast,
                  gamma,
                  meanLuminance,
                  phaseRad,
                  shape,
                };
                const grating = emitted(patch(spec, size, 'grating'), size, gamma, spec);
                const blank = emitted(patch(spec, size, 'blank'), size, gamma, spec);
                worst = Math.max(worst, Math.abs(blank / grating - 1));
              }
    expect(worst).toBeLessThan(0.001);
  });

  it('matches the mean of L over the drawn pixels, not L(mean v) nor the nominal mean (those miss by > 1 %)', () => {
    const size = 80;
    const spec: GratingSpec = {
      periodPx: 40,
      orientationDeg: 0,
      contrast: 1,
      gamma: 2.2,
      meanLuminance: 0.48,
      phaseRad: Math.PI / 2,
      shape: 'circle',
    };
    const buffer = patch(spec, size, 'grating');
    const grating = emitted(buffer, size, 2.2, spec);
    // L(mean v): the grey of the average drawn level.
    let sumV = 0;
    let n = 0;
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const dx = x + 0.5 - size / 2;
        const dy = y + 0.5 - size / 2;
        if (dx * dx + dy * dy > (size / 2) ** 2) continue;
        sumV += buffer[(y * size + x) * 4]!;
        n++;
      }
    expect(Math.abs(luminanceOfGreyLevel(sumV / n, 2.2) / grating - 1)).toBeGreaterThan(0.1);
    // The nominal ℓ₀: two cycles cut off by the disc at a cosine phase leave the disc's mean off ℓ₀.
    expect(Math.abs(0.48 / grating - 1)).toBeGreaterThan(0.01);
    // The matched blank: within 0.1 %.
    expect(Math.abs(emitted(patch(spec, size, 'blank'), size, 2.2, spec) / grating - 1)).toBeLessThan(0.001);
  });

  it('without the colour calibration (stored γ 1 on a γ 2.2 screen) the grating is ≈ 65 % brighter', () => {
    const size = 120;
    const spec: GratingSpec = {
      periodPx: 7,
      orientationDeg: 90,
      contrast: 1,
      gamma: 1,
      meanLuminance: 0.5,
      shape: 'circle',
    };
    const ratio =
      emitted(patch(spec, size, 'grating'), size, 2.2, spec) /
      emitted(patch(spec, size, 'blank'), size, 2.2, spec);
    expect(ratio).toBeGreaterThan(1.6);
    expect(ratio).toBeLessThan(1.7);
  });

  it('a ±0.2 gamma error leaves a residual of 2 – 4 % at full contrast, under the jitter of 4 %', () => {
    const size = 120;
    const residuals: number[] = [];
    for (const stored of [1.8, 2.0, 2.2, 2.4, 2.6])
      for (const shown of [stored - 0.2, stored + 0.2]) {
        const spec: GratingSpec = {
          periodPx: 7,
          orientationDeg: 90,
          contrast: ASTIG_POWER_CONTRAST,
          gamma: stored,
          meanLuminance: ASTIG_POWER_MEAN_LUMINANCE,
          shape: 'circle',
        };
        const grating = emitted(patch(spec, size, 'grating'), size, shown, spec);
        const blank = emitted(patch(spec, size, 'blank'), size, shown, spec);
        residuals.push(Math.abs(grating / blank - 1));
      }
    expect(Math.min(...residuals)).toBeGreaterThan(0.02);
    expect(Math.max(...residuals)).toBeLessThan(GRATING_LUMINANCE_JITTER);
    // At Diamond's contrast the residual is negligible (< 0.2 %).
    const diamond: GratingSpec = {
      periodPx: 10,
      orientationDeg: 45,
      contrast: 0.2,
      gamma: 2.2,
      meanLuminance: 0.5,
    };
    const g = emitted(patch(diamond, size, 'grating'), size, 2.4, diamond);
    expect(Math.abs(g / emitted(patch(diamond, size, 'blank'), size, 2.4, diamond) - 1)).toBeLessThan(0.002);
  });
});

describe('per-patch luminance jitter', () => {
  it('draws factors uniformly in [1 − J, 1 + J), independently, from the seeded rng', () => {
    const rng = createSeededRng(17);
    const all = Array.from({ length: 4000 }, () => drawLuminanceJitter(rng, 3)).flat();
    expect(Math.min(...all)).toBeGreaterThanOrEqual(1 - GRATING_LUMINANCE_JITTER);
    expect(Math.max(...all)).toBeLessThan(1 + GRATING_LUMINANCE_JITTER);
    const mean = all.reduce((s, k) => s + k, 0) / all.length;
    expect(mean).toBeCloseTo(1, 3);
    // Uniform: variance J² / 3.
    const variance = all.reduce((s, k) => s + (k - 1) ** 2, 0) / all.length;
    expect(variance / (GRATING_LUMINANCE_JITTER ** 2 / 3)).toBeCloseTo(1, 1);
    expect(drawLuminanceJitter(createSeededRng(5), 4)).toEqual(drawLuminanceJitter(createSeededRng(5), 4));
    expect(() => drawLuminanceJitter(rng, 0)).toThrow(CoreInputError);
    expect(() => drawLuminanceJitter(() => 1, 2)).toThrow(CoreInputError);
  });

  it('each patch emits the matched mean times its own factor', () => {
    const size = 96;
    for (const gamma of GAMMAS)
      for (const [contrast, meanLuminance] of CONTRASTS) {
        const spec: GratingSpec = {
          periodPx: 9,
          orientationDeg: 30,
          contrast,
          gamma,
          meanLuminance,
          shape: 'circle',
        };
        const matched = emitted(patch(spec, size, 'blank'), size, gamma, spec);
        for (const k of [0.96, 0.985, 1.02, 1.04]) {
          const blank = emitted(patch(spec, size, 'blank', k), size, gamma, spec);
          const grating = emitted(patch(spec, size, 'grating', k), size, gamma, spec);
          expect(Math.abs(blank / matched / k - 1)).toBeLessThan(0.001);
          expect(Math.abs(grating / matched / k - 1)).toBeLessThan(0.003);
        }
      }
  });

  it("Diamond's light foil sits at the grating's peak, (1 + C) times the matched mean", () => {
    const spec: GratingSpec = {
      periodPx: 12,
      orientationDeg: 135,
      contrast: 0.2,
      gamma: 2.2,
      meanLuminance: 0.5,
    };
    const mean = drawnGratingMeanLuminance(spec, 64, 64);
    expect(gratingChoiceUniformLuminance(spec, 64, 64, 'light')).toBeCloseTo(mean * 1.2, 12);
    expect(gratingChoiceUniformLuminance(spec, 64, 64, 'blank', 1.03)).toBeCloseTo(mean * 1.03, 12);
  });

  it('the Astigmatism Power grating fits under white at the largest jitter; larger factors are refused', () => {
    const spec: GratingSpec = {
      periodPx: 5,
      orientationDeg: 90,
      contrast: ASTIG_POWER_CONTRAST,
      gamma: 2.2,
      meanLuminance: ASTIG_POWER_MEAN_LUMINANCE,
      shape: 'circle',
    };
    expect(ASTIG_POWER_MEAN_LUMINANCE * (1 + GRATING_LUMINANCE_JITTER) * 2).toBeLessThanOrEqual(1);
    expect(() => patch(spec, 40, 'grating', 1 + GRATING_LUMINANCE_JITTER)).not.toThrow();
    expect(() => patch(spec, 40, 'grating', 1.05)).toThrow(CoreInputError);
    expect(() => patch(spec, 40, 'blank', 0.9)).toThrow(CoreInputError);
    expect(() => patch(spec, 40, 'fog' as GratingChoicePatch)).toThrow(CoreInputError);
  });

  it('the grating drawn at ℓ₀ through fillGrating and as a choice patch are the same pixels', () => {
    const spec: GratingSpec = {
      periodPx: 6.5,
      orientationDeg: 60,
      contrast: 0.2,
      gamma: 2.4,
      meanLuminance: 0.5,
      shape: 'circle',
    };
    const direct = new Uint8ClampedArray(50 * 50 * 4);
    fillGrating(direct, 50, 50, spec);
    expect(patch(spec, 50, 'grating')).toEqual(direct);
    expect(greyLevelForLuminance(0.5, 2.4)).toBeGreaterThan(0); // the stored-gamma mapping the grating uses
  });
});
