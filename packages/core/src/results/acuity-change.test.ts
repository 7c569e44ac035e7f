import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { acuityChange, acuityRange } from './acuity-change';
import { repeatabilityLimit, significantChange } from './repeatability';
import type { AcuityEyeResult } from './results';

const measured = (v: number): AcuityEyeResult => ({ va: v, rounds: 20, loopLength: 30, logMAR: v });
const orBetter = (b: number): AcuityEyeResult => ({
  va: b,
  rounds: 12,
  loopLength: 30,
  logMAR: b,
  censored: 'better-than',
  bound: b,
  distanceMm: 600,
});
const orWorse = (b: number): AcuityEyeResult => ({ ...orBetter(b), censored: 'worse-than' });

describe('acuityRange', () => {
  it('is the value itself, or open on the side of the bound', () => {
    expect(acuityRange(0.2)).toEqual([0.2, 0.2]);
    expect(acuityRange(measured(0.1))).toEqual([0.1, 0.1]);
    expect(acuityRange(orBetter(0.5))).toEqual([-Infinity, 0.5]);
    expect(acuityRange(orWorse(1))).toEqual([1, Infinity]);
  });
});

describe('acuityChange: a bound is never compared as if it were a value', () => {
  it('flags "0.5 or better" then 0.9 measured as worse (the value is beyond the bound by more than the limit)', () => {
    expect(acuityChange(orBetter(0.5), measured(0.9), 'sloan')).toEqual({
      change: 0.4,
      limit: repeatabilityLimit('sloan'),
      significant: true,
      direction: 'worse',
      bounded: true,
    });
  });

  it('does not flag "0.5 or better" then 0.3, nor then 0.6 (within the limit of the bound)', () => {
    expect(acuityChange(orBetter(0.5), measured(0.3), 'sloan')).toMatchObject({
      change: 0,
      significant: false,
      direction: 'unchanged',
      bounded: true,
    });
    // As values, 0.5 → 0.6 would be a change of 0.1; here the bound allows at most that, and it is within.
    expect(acuityChange(orBetter(0.5), measured(0.6), 'sloan')).toMatchObject({
      change: 0.1,
      significant: false,
    });
  });

  it('flags a value that moved better than a worse-than bound, and a bound beyond an earlier value', () => {
    expect(acuityChange(orWorse(1), measured(0.3), 'landoltC')).toMatchObject({
      change: -0.7,
      significant: true,
      direction: 'better',
    });
    expect(acuityChange(measured(0.2), orWorse(0.5), 'tumblingE')).toMatchObject({
      change: 0.3,
      significant: true,
      direction: 'worse',
    });
    expect(acuityChange(measured(0.8), orBetter(0.5), 'sloan')).toMatchObject({
      change: -0.3,
      direction: 'better',
    });
  });

  it('never flags a bound that the value is on the allowed side of', () => {
    // 0.0 measured, then "0.5 or better": the eye may well still be 0.0.
    expect(acuityChange(measured(0), orBetter(0.5), 'sloan').significant).toBe(false);
    // "1.0 or worse", then 1.4 measured: consistent.
    expect(acuityChange(orWorse(1), measured(1.4), 'sloan').significant).toBe(false);
  });

  it('never flags two bounds on the same side, however far apart', () => {
    expect(acuityChange(orBetter(0.5), orBetter(-0.2), 'sloan')).toMatchObject({
      change: 0,
      significant: false,
    });
    expect(acuityChange(orBetter(-0.2), orBetter(1.2), 'sloan').significant).toBe(false);
    expect(acuityChange(orWorse(0.3), orWorse(1.5), 'landoltC').significant).toBe(false);
  });

  it('flags two bounds on opposite sides when the gap between them is beyond the limit', () => {
    expect(acuityChange(orBetter(0.3), orWorse(0.7), 'sloan')).toMatchObject({
      change: 0.4,
      significant: true,
      direction: 'worse',
    });
    expect(acuityChange(orBetter(0.3), orWorse(0.4), 'sloan').significant).toBe(false);
    expect(acuityChange(orWorse(1), orBetter(0.5), 'sloan')).toMatchObject({
      change: -0.5,
      direction: 'better',
    });
    // Opposite sides that overlap: "0.7 or better" then "0.3 or worse" allow the same 0.5.
    expect(acuityChange(orBetter(0.7), orWorse(0.3), 'sloan').significant).toBe(false);
  });

  it('is exactly significantChange for two measured values (records or bare numbers)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -0.5, max: 1.5, noNaN: true }),
        fc.double({ min: -0.5, max: 1.5, noNaN: true }),
        fc.constantFrom('sloan', 'landoltC', 'tumblingE', 'astigPower') as fc.Arbitrary<
          'sloan' | 'landoltC' | 'tumblingE' | 'astigPower'
        >,
        (a, b, test) => {
          const verdict = acuityChange(measured(a), b, test);
          expect(verdict).toEqual({ ...significantChange(a, b, test), bounded: false });
        },
      ),
    );
  });

  it('never flags when even the smallest change both results allow is within the limit', () => {
    const result = fc.oneof(
      fc.double({ min: -0.5, max: 1.5, noNaN: true }).map(measured),
      fc.double({ min: -0.5, max: 1.5, noNaN: true }).map(orBetter),
      fc.double({ min: -0.5, max: 1.5, noNaN: true }).map(orWorse),
    );
    fc.assert(
      fc.property(result, result, (prev, next) => {
        const [p0, p1] = acuityRange(prev);
        const [n0, n1] = acuityRange(next);
        const smallest = n0 > p1 ? n0 - p1 : n1 < p0 ? p0 - n1 : 0;
        const verdict = acuityChange(prev, next, 'sloan');
        if (smallest <= (repeatabilityLimit('sloan') ?? 0) - 1e-4) expect(verdict.significant).toBe(false);
        if (verdict.significant) expect(Math.abs(verdict.change)).toBeCloseTo(smallest, 3);
      }),
    );
  });
});
