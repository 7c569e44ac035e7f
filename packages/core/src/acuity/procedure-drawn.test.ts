import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { measurableRange } from '../optics/drawable-range';
import { optotypeSize } from '../optics/optotype-size';
import { cssPx, logMar } from '../optics/units';
import { viewingFrom } from '../optics/viewing';
import { createSeededRng } from '../random/rng';
import {
  createAcuityEngine,
  createAcuityProcedure,
  isAcuityTrial,
  VISUS_PROCEDURE,
  type AcuityTrial,
} from './procedure';
import { createSimulatedObserver } from './simulated-observer';
import { ACUITY_LEVELS } from './scale';

/*
 * Issue 16 item 3: the logMAR drawn (after snapping to whole device pixels) is the one in the maths.
 * Likelihood P(correct | x, T) = γ + (1 − γ − λ)·F((x − T)/s) depends on x − T only, so answers to a level
 * drawn at x = L + d say about T exactly what answers drawn at L say about T − d: the posterior moves by d.
 */

/** Runs `engine` with an observer who sees the size `seen(L)` when the level L is asked for. */
function runWith(
  options: Parameters<typeof createAcuityProcedure>[0],
  truth: number,
  seed: number,
  seen: (nominal: number) => number,
) {
  const answer = createSimulatedObserver(
    options.optotype,
    {
      threshold: truth,
      spread: 0.06,
      lapse: 0.02,
      guessChoices: options.optotype === 'sloan' ? 9 : options.optotype === 'landolt-c' ? 8 : 4,
    },
    createSeededRng(seed),
  );
  const p = createAcuityProcedure({ ...options, rng: createSeededRng(seed ^ 0x5bd1e995) });
  for (let s = p.next(); s; s = p.next()) p.answer(answer({ ...s, logMAR: seen(s.logMAR) }));
  return p;
}

describe('the drawn logMAR in the likelihood (issue 16 item 3)', () => {
  it('answers to sizes drawn d larger move the posterior by d (replayed trials)', () => {
    const whole = runWith({ optotype: 'sloan' }, 0.4, 11, (l) => l);
    const d = 0.04; // two grid steps, so the shift is exact on the grid
    const shifted = whole.trials.map((t) => ({ ...t, drawnLogMAR: ACUITY_LEVELS[t.level]!.logMAR + d }));
    const a = createAcuityEngine({ optotype: 'sloan', replay: whole.trials.slice(0, 20) }, VISUS_PROCEDURE);
    const b = createAcuityEngine({ optotype: 'sloan', replay: shifted.slice(0, 20) }, VISUS_PROCEDURE);
    expect(b.result().logMAR - a.result().logMAR).toBeCloseTo(d, 3);
    expect(b.result().ci95[0] - a.result().ci95[0]).toBeCloseTo(d, 6);
    expect(b.result().ci95[1] - a.result().ci95[1]).toBeCloseTo(d, 6);
  });

  it('the identity changes nothing but the trials, which keep the drawn logMAR', () => {
    const plain = runWith({ optotype: 'landolt-c' }, 0.3, 5, (l) => l);
    const identity = runWith({ optotype: 'landolt-c', drawnLogMar: (l) => l }, 0.3, 5, (l) => l);
    expect(identity.result()).toEqual(plain.result());
    expect(identity.trials.map(({ level, correct }) => ({ level, correct }))).toEqual(plain.trials);
    expect(plain.trials.every((t) => !('drawnLogMAR' in t))).toBe(true);
    for (const t of identity.trials) expect(t.drawnLogMAR).toBe(ACUITY_LEVELS[t.level]!.logMAR);
  });

  it('an observer who sees the drawn size is measured without bias only when the procedure knows it', () => {
    // Every level drawn 0.05 logMAR larger than nominal (an exaggerated snap, to see the effect in 60 runs).
    const drawn = (l: number) => l + 0.05;
    let withBias = 0;
    let withoutBias = 0;
    const runs = 60;
    for (let r = 0; r < runs; r++) {
      const truth = 0.2 + 0.1 * (r % 5);
      withBias +=
        runWith({ optotype: 'sloan', drawnLogMar: drawn }, truth, 100 + r, drawn).result().logMAR - truth;
      withoutBias += runWith({ optotype: 'sloan' }, truth, 100 + r, drawn).result().logMAR - truth;
    }
    expect(Math.abs(withBias / runs)).toBeLessThan(0.02);
    expect(withoutBias / runs).toBeLessThan(-0.035); // the size was under-stated, so the acuity is over-stated
  });

  it('a run resumed from trials with their drawn logMAR goes on exactly as the run that never stopped', () => {
    // A 96-dpi screen at 3 m (a real snap: up to 0.5 device px of a 10–300 px letter).
    const viewing = viewingFrom({ pixelsPerMm: 3.78, distanceMm: 3000 }, 1, 1);
    const drawnLogMar = (l: number) => optotypeSize(logMar(l), viewing).logMarShown;
    const range = measurableRange(viewing, cssPx(700));
    if (!range.measurable) throw new Error('a 96-dpi screen at 3 m measures');
    const minLogMAR = range.smallest;
    const options = { optotype: 'tumbling-e' as const, drawnLogMar, minLogMAR };
    const whole = runWith(options, 0.15, 21, drawnLogMar);
    expect(whole.trials.some((t) => t.drawnLogMAR !== ACUITY_LEVELS[t.level]!.logMAR)).toBe(true);
    const resumed = createAcuityProcedure({
      ...options,
      rng: createSeededRng(1),
      replay: whole.trials.slice(0, whole.trials.length - 1),
    });
    const last = whole.trials[whole.trials.length - 1]!;
    const shown = resumed.next()!;
    expect(shown.logMAR).toBe(ACUITY_LEVELS[last.level]!.logMAR);
    resumed.answer(last.correct ? shown.optotype : (Number(shown.optotype) + 90) % 360);
    expect(resumed.trials).toEqual(whole.trials);
    expect(resumed.result()).toEqual(whole.result());
  });

  it('a bound is the logMAR the end level is drawn at, not the level meant', () => {
    // A 96-dpi screen at 0.6 m: the smallest Landolt C shown is level 0.5, drawn 10 device px tall.
    const viewing = viewingFrom({ pixelsPerMm: 3.78, distanceMm: 600 }, 1, 1);
    const range = measurableRange(viewing, cssPx(680));
    if (!range.measurable) throw new Error('a 96-dpi screen at 0.6 m measures');
    const drawnLogMar = (l: number) => optotypeSize(logMar(l), viewing, 'landolt-c').logMarShown;
    const options = {
      optotype: 'landolt-c' as const,
      drawnLogMar,
      minLogMAR: range.smallest,
      maxLogMAR: range.largest,
      reportBounds: true,
    };
    // An observer at −0.1, five lines beyond the end: every C is seen.
    const result = runWith(options, -0.1, 3, drawnLogMar).result();
    const drawnEnd = Math.round(drawnLogMar(range.smallest) * 1e4) / 1e4;
    expect(drawnEnd).not.toBe(range.smallest);
    expect(result.censored).toBe('better-than');
    expect(result.bound).toBe(drawnEnd);
    expect(result.logMAR).toBe(drawnEnd);
    expect(result.ci95[1]).toBe(drawnEnd);
  });

  it('replays a trial saved before issue 16 (no drawnLogMAR) at its nominal level', () => {
    const old: AcuityTrial[] = [
      { level: 0, correct: false },
      { level: 4, correct: true },
    ];
    const nominal = { ...old[0]!, drawnLogMAR: -0.2 };
    const a = createAcuityEngine(
      { optotype: 'sloan', replay: old, drawnLogMar: (l) => l + 0.01 },
      VISUS_PROCEDURE,
    );
    const b = createAcuityEngine(
      { optotype: 'sloan', replay: [nominal, { ...old[1]!, drawnLogMAR: 0.2 }] },
      VISUS_PROCEDURE,
    );
    expect(a.result()).toEqual(b.result());
    expect(a.trials).toEqual(old); // what was not known is not invented
  });

  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Infinity],
    ['beyond the scale', 2.0],
    ['below the scale', -0.35],
    ['a string', '0.1'],
  ])('isAcuityTrial refuses a drawnLogMAR that is %s', (_, drawnLogMAR) => {
    expect(isAcuityTrial({ level: 3, correct: true, drawnLogMAR })).toBe(false);
    expect(() =>
      createAcuityProcedure({
        optotype: 'sloan',
        replay: [{ level: 3, correct: true, drawnLogMAR } as AcuityTrial],
      }),
    ).toThrow(CoreInputError);
  });

  it('isAcuityTrial takes a trial with a drawn logMAR within the scale, or without one', () => {
    expect(isAcuityTrial({ level: 0, correct: true, drawnLogMAR: -0.2214 })).toBe(true);
    expect(isAcuityTrial({ level: 20, correct: false, drawnLogMAR: 1.81 })).toBe(true);
    expect(isAcuityTrial({ level: 20, correct: false })).toBe(true);
  });

  it('refuses a drawnLogMar that is not a function or returns a logMAR off the scale', () => {
    const make = (drawnLogMar: unknown) => () =>
      createAcuityProcedure({ optotype: 'sloan', drawnLogMar: drawnLogMar as (l: number) => number });
    expect(make(0.1)).toThrow(/drawnLogMar must be a function/);
    expect(make(() => Number.NaN)).toThrow(/drawnLogMar\(-0.2\) returned NaN/);
    expect(make((l: number) => (l > 1.5 ? 3 : l))).toThrow(CoreInputError);
    // Only the levels the screen shows are asked for.
    expect(() =>
      createAcuityProcedure({ optotype: 'sloan', maxLogMAR: 1.0, drawnLogMar: (l) => (l > 1.5 ? 3 : l) }),
    ).not.toThrow();
  });
});
