import {
  createAcuityEngine,
  VISUS_PROCEDURE,
  type AcuityResult,
  type AcuityTrial,
  type ProcedureVariant,
} from '../acuity/procedure';
import { ACUITY_LEVELS, LEVEL_COUNT } from '../acuity/scale';
import { CoreInputError, requireFinite, requireInRange, requireInteger } from '../errors/core-input-error';
import { drawLuminanceJitter } from '../calibration/grating-luminance';
import { defaultRng, draw, type Rng } from '../random/rng';
import { GRATING_POSITIONS, isGratingAnswerCorrect } from './astigmatism-power';

/*
 * Astigmatism Power as a grating-acuity test (SPEC.md §3 "Astigmatism Power: Part B, Grating Method, loop 20,
 * 3 options"; §4 "an answer is correct when it matches the position of the grating target").
 *
 * Three round targets of the same mean luminance are shown; one holds a sine grating, the other two are
 * uniform grey. The person names the grating's position (1 … 3). The grating's spatial frequency follows the
 * same adaptive procedure as the letter charts, on the same 21-level logMAR scale, so the result is an
 * acuity-style `{ va, rounds, loopLength }` (SPEC.md §3).
 *
 * logMAR → spatial frequency: the minimum angle of resolution (MAR) of a grating is the width of one bar,
 * i.e. half a period. MAR = 10^L arcmin, so one period spans 2 × 10^L arcmin and
 *
 *   cycles per degree f = 60 / (2 × 10^L) = 30 / 10^L        (logMAR 0 ↔ 30 c/deg, logMAR 1 ↔ 3 c/deg)
 *   period in CSS px    P = pixelsPerDegree / f = pixelsPerDegree × 10^L / 30
 */

/** Cycles per degree of a grating whose bar width is the MAR of `logMAR`: f = 30 / 10^L (c/deg). */
export function gratingCyclesPerDegree(logMAR: number): number {
  return 30 / 10 ** requireFinite(logMAR, 'logMAR');
}

/** Diameter of each of the three targets, degrees of visual angle (wide enough for ≥ 2 cycles at 1.6 logMAR). */
export const GRATING_TARGET_DEGREES = 3;
/**
 * Smallest grating period drawn, device px. A sine sampled at 2 px per period (Nyquist) can vanish
 * entirely depending on phase, so 3 device px (a bar of 1.5 px) is the finest faithful grating
 * (STIMULI.md: a detail below one device pixel cannot be drawn faithfully).
 */
export const GRATING_MIN_PERIOD_DEVICE_PX = 3;
/** Fewest whole periods a target must hold so it still reads as a grating. */
export const GRATING_MIN_CYCLES_PER_TARGET = 2;

/**
 * The logMAR range a screen can show as gratings: the finest one has a period of
 * {@link GRATING_MIN_PERIOD_DEVICE_PX} device px, P·dpr = ppd·10^L/30·dpr ≥ 3 ⇒ L ≥ log10(90 / (ppd·dpr));
 * the coarsest still fits {@link GRATING_MIN_CYCLES_PER_TARGET} periods in the target,
 * 2·ppd·10^L/30 ≤ size ⇒ L ≤ log10(15·size / ppd). Both are clamped to the scale (−0.2 … 1.8).
 * Throws {@link CoreInputError} when no level of the scale fits (a target far too small for the distance).
 */
export function gratingLogMarRange(geometry: {
  /** CSS px per degree at the viewing distance. */
  pixelsPerDegree: number;
  devicePixelRatio: number;
  /** Target diameter, CSS px. */
  targetSizePx: number;
}): { minLogMAR: number; maxLogMAR: number } {
  const ppd = requireInRange(geometry.pixelsPerDegree, 1, 7000, 'pixels per degree');
  const dpr = requireInRange(geometry.devicePixelRatio, 0.25, 10, 'devicePixelRatio');
  const size = requireInRange(geometry.targetSizePx, 1, 100_000, 'target size (px)');
  const scaleMin = ACUITY_LEVELS[0]!.logMAR;
  const scaleMax = ACUITY_LEVELS[LEVEL_COUNT - 1]!.logMAR;
  const finest = Math.log10((GRATING_MIN_PERIOD_DEVICE_PX * 30) / (ppd * dpr));
  const coarsest = Math.log10((30 * size) / (GRATING_MIN_CYCLES_PER_TARGET * ppd));
  const minLogMAR = Math.max(scaleMin, finest);
  const maxLogMAR = Math.min(scaleMax, coarsest);
  const eps = 1e-9;
  if (!ACUITY_LEVELS.some((l) => l.logMAR >= minLogMAR - eps && l.logMAR <= maxLogMAR + eps)) {
    throw new CoreInputError(
      `no grating of the acuity scale can be drawn: finest ${finest.toFixed(2)}, coarsest ${coarsest.toFixed(2)} logMAR`,
      'grating-does-not-fit',
      { finest, coarsest },
    );
  }
  return { minLogMAR, maxLogMAR };
}

/**
 * The procedure variant for gratings: Visus's procedure ({@link VISUS_PROCEDURE}) with the guess rate of a
 * three-position choice, 1/3. (SPEC.md §3 lists "guess variable 0.25" for Astigmatism Power; a person who
 * cannot see the grating still picks the right one of three targets a third of the time, and the
 * likelihood must use the real chance rate or it biases the estimate towards finer gratings.)
 */
export const GRATING_PROCEDURE: ProcedureVariant = {
  ...VISUS_PROCEDURE,
  name: 'visus (grating, 3 positions)',
  model: () => ({ guess: 1 / GRATING_POSITIONS, spread: 0.06, lapse: 0.04 }),
};

/**
 * One trial: the grating's logMAR, its frequency (c/deg), the target (1 … 3) that holds it and each
 * target's luminance jitter factor (index 0 = target 1; calibration/grating-luminance.ts
 * `drawLuminanceJitter`), drawn afresh for every trial so brightness points at no target.
 */
export interface GratingTrial {
  readonly logMAR: number;
  readonly cyclesPerDegree: number;
  readonly position: number;
  readonly luminanceFactors: readonly number[];
}

/** The Astigmatism Power procedure: `next()` → show the trial, `answer(position)` → correct or not. */
export interface GratingProcedure {
  /** The trial on screen (the same one until answered), or null when finished. */
  next(): GratingTrial | null;
  /** Answers the trial on screen with a position 1 … 3; returns whether it was correct. */
  answer(position: number): boolean;
  readonly finished: boolean;
  /** The trials answered so far (level, right or wrong), replayed ones included. */
  readonly trials: readonly AcuityTrial[];
  /** The estimate so far (logMAR), trials used and 95 % interval; throws before the first answer. */
  result(): AcuityResult;
}

/** Options of {@link createGratingProcedure}. */
export interface GratingProcedureOptions {
  /** Uniform [0, 1) source (positions and the procedure's own draws); default {@link defaultRng}. */
  rng?: Rng;
  /** Finest and coarsest grating the screen can draw, logMAR ({@link gratingLogMarRange}). */
  minLogMAR?: number;
  maxLogMAR?: number;
  /** Maximum trials: the test's loop length (SPEC.md §9: Astigmatism Power 20). */
  maxTrials?: number;
  /** Trials already answered on this eye, to resume after a reload (as the acuity procedure's `replay`). */
  replay?: readonly AcuityTrial[];
}

/**
 * Creates the adaptive grating procedure. The level sequence, likelihood and stop rule are those of the
 * acuity engine (`createAcuityEngine` with {@link GRATING_PROCEDURE}); this adapter only replaces the
 * optotype by a grating position drawn uniformly from 1 … 3 and feeds the engine whether the position
 * was named correctly. Throws {@link CoreInputError} for bad options or calls out of order.
 */
export function createGratingProcedure(options: GratingProcedureOptions = {}): GratingProcedure {
  if (typeof options !== 'object' || options === null) throw new CoreInputError('options must be an object');
  const rng: Rng = options.rng ?? defaultRng;
  // The engine draws a Tumbling E rotation per trial; it is never shown, only used to tell the engine
  // "correct" (the same rotation) or "wrong" (a different one).
  const engine = createAcuityEngine(
    {
      optotype: 'tumbling-e',
      rng,
      minLogMAR: options.minLogMAR,
      maxLogMAR: options.maxLogMAR,
      maxTrials: options.maxTrials ?? 20,
      replay: options.replay,
    },
    GRATING_PROCEDURE,
  );
  let pending: { readonly trial: GratingTrial; readonly rotation: number } | null = null;
  return {
    next() {
      if (pending) return pending.trial;
      const stimulus = engine.next();
      if (!stimulus) return null;
      const position = 1 + Math.floor(draw(rng) * GRATING_POSITIONS);
      pending = {
        trial: {
          logMAR: stimulus.logMAR,
          cyclesPerDegree: gratingCyclesPerDegree(stimulus.logMAR),
          position,
          luminanceFactors: drawLuminanceJitter(rng, GRATING_POSITIONS),
        },
        rotation: Number(stimulus.optotype),
      };
      return pending.trial;
    },
    answer(position) {
      if (engine.finished) throw new CoreInputError('the grating procedure has finished');
      if (!pending) throw new CoreInputError('answer() called before next(): there is no grating on screen');
      requireInteger(position, 1, GRATING_POSITIONS, 'grating answer position');
      const correct = isGratingAnswerCorrect(position, pending.trial.position);
      const rotation = pending.rotation;
      pending = null;
      engine.answer(correct ? rotation : (rotation + 90) % 360);
      return correct;
    },
    get finished() {
      return engine.finished;
    },
    get trials() {
      return engine.trials;
    },
    result: () => engine.result(),
  };
}
