import { GRATING_LUMINANCE_JITTER } from '../calibration/grating-luminance';
import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { createSeededRng } from '../random/rng';
import { probabilityCorrect } from '../acuity/psychometric';
import {
  createGratingProcedure,
  GRATING_PROCEDURE,
  gratingCyclesPerDegree,
  gratingLogMarRange,
} from './grating-procedure';
import { axisImagePair, wrapOrientation } from './axis-pair';

describe('grating frequency of a logMAR (bar width = MAR)', () => {
  it('logMAR 0 is 30 c/deg, logMAR 1 is 3 c/deg', () => {
    expect(gratingCyclesPerDegree(0)).toBe(30);
    expect(gratingCyclesPerDegree(1)).toBeCloseTo(3, 10);
    expect(() => gratingCyclesPerDegree(Number.NaN)).toThrow(CoreInputError);
  });
});

describe('gratingLogMarRange', () => {
  it('finest period is 3 device px, coarsest fits 2 periods in the target', () => {
    // ppd 40, dpr 1: log10(90 / 40) = 0.352; target 120 px: log10(15 × 120 / 40) = 1.653
    const r = gratingLogMarRange({ pixelsPerDegree: 40, devicePixelRatio: 1, targetSizePx: 120 });
    expect(r.minLogMAR).toBeCloseTo(0.3522, 4);
    expect(r.maxLogMAR).toBeCloseTo(1.6532, 4);
    // a 2× screen halves the finest period in CSS px
    const hi = gratingLogMarRange({ pixelsPerDegree: 40, devicePixelRatio: 2, targetSizePx: 120 });
    expect(hi.minLogMAR).toBeCloseTo(0.0512, 4);
  });
  it('clamps to the scale and rejects a geometry that shows no level', () => {
    const far = gratingLogMarRange({ pixelsPerDegree: 2000, devicePixelRatio: 2, targetSizePx: 100_000 });
    expect(far).toEqual({ minLogMAR: -0.2, maxLogMAR: 1.8 });
    expect(() => gratingLogMarRange({ pixelsPerDegree: 40, devicePixelRatio: 1, targetSizePx: 3 })).toThrow(
      CoreInputError,
    );
    expect(() => gratingLogMarRange({ pixelsPerDegree: 0, devicePixelRatio: 1, targetSizePx: 100 })).toThrow(
      CoreInputError,
    );
  });
});

describe('createGratingProcedure', () => {
  it('shows the same trial until answered, positions 1 … 3, frequency from the level', () => {
    const p = createGratingProcedure({ rng: createSeededRng(1) });
    const t = p.next()!;
    expect(p.next()).toEqual(t);
    expect([1, 2, 3]).toContain(t.position);
    expect(t.cyclesPerDegree).toBeCloseTo(gratingCyclesPerDegree(t.logMAR), 10);
    // the first trial is the fixed level 0 (logMAR −0.2)
    expect(t.logMAR).toBe(-0.2);
  });
  it('draws a fresh luminance jitter per target and per trial, kept while the trial is on screen', () => {
    const p = createGratingProcedure({ rng: createSeededRng(3) });
    const seen: (readonly number[])[] = [];
    for (let i = 0; i < 6; i++) {
      const t = p.next()!;
      expect(p.next()!.luminanceFactors).toEqual(t.luminanceFactors);
      expect(t.luminanceFactors).toHaveLength(3);
      for (const k of t.luminanceFactors) {
        expect(k).toBeGreaterThanOrEqual(1 - GRATING_LUMINANCE_JITTER);
        expect(k).toBeLessThan(1 + GRATING_LUMINANCE_JITTER);
      }
      expect(new Set(t.luminanceFactors).size).toBe(3);
      seen.push(t.luminanceFactors);
      p.answer(t.position);
    }
    expect(new Set(seen.map((f) => f.join())).size).toBe(6);
  });
  it('answers are correct only at the grating position', () => {
    const p = createGratingProcedure({ rng: createSeededRng(2) });
    const t = p.next()!;
    expect(p.answer(t.position)).toBe(true);
    const u = p.next()!;
    expect(p.answer((u.position % 3) + 1)).toBe(false);
    expect(p.result().trials).toBe(2);
  });
  it('positions are spread uniformly over the three targets', () => {
    const p = createGratingProcedure({ rng: createSeededRng(3), maxTrials: 300 });
    const counts = [0, 0, 0];
    for (let i = 0; i < 300 && !p.finished; i++) {
      const t = p.next()!;
      counts[t.position - 1]!++;
      p.answer(t.position);
    }
    const n = counts.reduce((a, b) => a + b, 0);
    for (const c of counts) expect(c / n).toBeGreaterThan(0.2);
  });
  it('converges on a simulated observer with a 0.5 logMAR grating threshold', () => {
    const rng = createSeededRng(7);
    const observer = createSeededRng(8);
    const model = GRATING_PROCEDURE.model('tumbling-e');
    const estimates: number[] = [];
    for (let run = 0; run < 20; run++) {
      const p = createGratingProcedure({ rng, maxTrials: 40 });
      for (let trial = p.next(); trial; trial = p.next()) {
        const seen = observer() < probabilityCorrect(model, trial.logMAR, 0.5);
        p.answer(seen ? trial.position : (trial.position % 3) + 1);
      }
      estimates.push(p.result().logMAR);
    }
    const mean = estimates.reduce((a, b) => a + b, 0) / estimates.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.1);
  });
  it('resumes from its trials after a reload and ends as the uninterrupted run', () => {
    const observer = createSeededRng(8);
    const model = GRATING_PROCEDURE.model('tumbling-e');
    const whole = createGratingProcedure({ rng: createSeededRng(7) });
    for (let trial = whole.next(); trial; trial = whole.next()) {
      const seen = observer() < probabilityCorrect(model, trial.logMAR, 0.5);
      whole.answer(seen ? trial.position : (trial.position % 3) + 1);
    }
    const resumed = createGratingProcedure({ rng: createSeededRng(70), replay: whole.trials.slice(0, 8) });
    expect(resumed.trials).toEqual(whole.trials.slice(0, 8));
    for (const { correct } of whole.trials.slice(8)) {
      const t = resumed.next()!;
      resumed.answer(correct ? t.position : (t.position % 3) + 1);
    }
    expect(resumed.finished).toBe(true);
    expect(resumed.trials).toEqual(whole.trials);
    expect(resumed.result()).toEqual(whole.result());
    expect(() => createGratingProcedure({ replay: [{ level: 30, correct: true }] })).toThrow(CoreInputError);
  });
  it('stops at maxTrials and rejects bad calls', () => {
    const p = createGratingProcedure({ rng: createSeededRng(4), maxTrials: 3 });
    expect(() => p.answer(1)).toThrow(CoreInputError);
    for (let i = 0; i < 3; i++) p.answer(p.next()!.position);
    expect(p.finished).toBe(true);
    expect(p.next()).toBeNull();
    expect(() => p.answer(1)).toThrow(CoreInputError);
    const q = createGratingProcedure({ rng: createSeededRng(5) });
    q.next();
    expect(() => q.answer(4)).toThrow(CoreInputError);
    expect(q.next()).not.toBeNull(); // a rejected answer leaves the trial on screen
    expect(() => createGratingProcedure({ minLogMAR: 2, maxLogMAR: 1 })).toThrow(CoreInputError);
  });
});

describe('axis image pair', () => {
  it('straddles the axis by ±20°, wrapping into 0 … 180', () => {
    expect(axisImagePair({ axis: 90 })).toEqual({ leftDeg: 70, rightDeg: 110 });
    expect(axisImagePair({ axis: 10 })).toEqual({ leftDeg: 170, rightDeg: 30 });
    expect(axisImagePair({ axis: 170 })).toEqual({ leftDeg: 150, rightDeg: 10 });
    expect(wrapOrientation(-0)).toBe(0);
    expect(() => axisImagePair({ axis: 181 })).toThrow(CoreInputError);
  });
});
