import { CoreInputError } from '../errors/core-input-error';
import {
  ACUITY_LEVELS,
  LEVEL_COUNT,
  LEVEL_STEP_LOGMAR,
  round4,
  SCALE_MAX_LOGMAR,
  SCALE_MIN_LOGMAR,
} from './scale';

/*
 * The public types of the adaptive acuity procedure (procedure.ts) and the checks of its inputs.
 */

/** Options of {@link createAcuityProcedure} (the public API of issue 3). */
export interface AcuityProcedureOptions {
  optotype: 'sloan' | 'landolt-c' | 'tumbling-e';
  /** Uniform [0, 1) source; default {@link defaultRng} (Math.random). Tests pass a seeded one. */
  rng?: () => number;
  /**
   * Smallest size the screen can render, logMAR (default −0.2). The procedure shows only levels within
   * [minLogMAR, maxLogMAR]; a screen that can do more than the scale (say −0.35) simply gets the scale's
   * end. NaN, min > max, or a range holding no level throw {@link CoreInputError}.
   */
  minLogMAR?: number;
  /** Largest size the screen can render, logMAR (default 1.8). */
  maxLogMAR?: number;
  /** Maximum number of trials (default 30, the test's loop length). */
  maxTrials?: number;
  /**
   * Trials already answered on this eye, in order (a display reloaded mid-test resumes after them). They
   * are applied as they were shown — level and whether the answer was right — before the first `next()`.
   * The posterior after a trial depends only on its level and outcome, not on why that level was chosen,
   * so on the same screen resuming gives exactly the run that never stopped; on a screen whose range
   * changed, what that screen's procedure makes of the same answers. At most `maxTrials − 1` of them (a
   * run that had ended was stored, not resumed).
   */
  replay?: readonly AcuityTrial[];
  /**
   * The caller stores and shows a bound ("0.5 or better"): `result()` then applies the variant's censoring
   * rule (docs/adr/0010-censored-acuity-results.md) instead of extrapolating beyond the screen's range.
   * Default false, the results before issue 16: a caller opts in once every view and export of its results
   * can say "or better" / "or worse".
   */
  reportBounds?: boolean;
  /**
   * The logMAR actually drawn for a nominal level (issue 16 item 3): the display snaps optotype heights to
   * whole device pixels, so a level of nominal logMAR L shows `drawnLogMar(L)` (the web panel passes
   * `(L) => optotypeSize(logMar(L), viewing).logMarShown`). The likelihood of each answer is then evaluated
   * at the drawn logMAR (the threshold grid is continuous), placement still picks levels, and each trial
   * keeps its `drawnLogMAR`. It is called once per shown level when the procedure is created and must
   * return a finite logMAR within {@link DRAWN_LOGMAR_LIMITS}. Default: the nominal level is what is drawn.
   */
  drawnLogMar?: (nominalLogMAR: number) => number;
}

/**
 * Where a drawn logMAR may lie: the scale (−0.2 … 1.8) widened by one level step each side, because
 * snapping to whole pixels moves an end level slightly beyond it (a 10-device-px letter by up to 0.02).
 */
export const DRAWN_LOGMAR_LIMITS = {
  min: round4(SCALE_MIN_LOGMAR - LEVEL_STEP_LOGMAR),
  max: round4(SCALE_MAX_LOGMAR + LEVEL_STEP_LOGMAR),
} as const;

/**
 * One answered trial: the level index shown (0 … 20, {@link ACUITY_LEVELS}), whether the answer was right,
 * and, when the caller said how levels are drawn ({@link AcuityProcedureOptions.drawnLogMar}), the logMAR
 * actually drawn. Trials saved before issue 16 have no `drawnLogMAR`; replay then uses the nominal level.
 */
export interface AcuityTrial {
  level: number;
  correct: boolean;
  drawnLogMAR?: number;
}

/** One stimulus: its nominal logMAR and the letter (Sloan) or rotation in degrees (Landolt C, Tumbling E). */
export interface AcuityStimulus {
  logMAR: number;
  optotype: string | number;
}

/**
 * The outcome of a run: estimate (logMAR), nearest Snellen label, trials used, 95 % credible interval;
 * and, when the threshold lies beyond what the screen could draw, which side and the bound
 * (docs/adr/0010-censored-acuity-results.md).
 *
 * A measured result has no `censored` or `bound` key at all. A censored one reads:
 *  - `censored: 'better-than'`: the threshold is at or below `bound` ("0.5 or better", FHIR comparator
 *    `<=`); `'worse-than'`: at or above it (`>=`);
 *  - `bound`: the nominal logMAR of the end level (the smallest, or largest, level the screen could show);
 *  - `logMAR` equals `bound` and `snellen` is that level's label: a reader that ignores `censored` shows a
 *    number the screen drew and the answers reached, never an extrapolation beyond it;
 *  - `ci95` is one-sided: [{@link LOGMAR_LIMITS}.min, bound] or [bound, {@link LOGMAR_LIMITS}.max]; the
 *    open side is the widest logMAR core accepts, because the answers say nothing about how far beyond.
 */
export interface AcuityResult {
  logMAR: number;
  snellen: string;
  trials: number;
  ci95: [number, number];
  /** Present only when the threshold lies beyond the screen's range: on which side of `bound`. */
  censored?: 'better-than' | 'worse-than';
  /** Present only with `censored`: logMAR of the end level the procedure could show. */
  bound?: number;
}

/** The public procedure object of issue 3. */
export interface AcuityProcedure {
  next(): AcuityStimulus | null;
  answer(response: string | number): boolean;
  readonly finished: boolean;
  /** The trials answered so far, replayed ones included (what {@link AcuityProcedureOptions.replay} takes). */
  readonly trials: readonly AcuityTrial[];
  result(): AcuityResult;
}

/** The procedure with its internals visible, for the benchmark, tests and a results view. */
export interface AcuityEngine extends AcuityProcedure {
  /** Per-level counts [correct, incorrect], 21 pairs (SPEC.md §3). */
  readonly levelCounts: readonly (readonly [number, number])[];
  /** Level index of each trial so far, in order. */
  readonly levelsShown: readonly number[];
  /** Level of the most recent reversal (correct ↔ incorrect), or null before the first. */
  readonly inflectionLevel: number | null;
  /** Lowest and highest level the screen can show. */
  readonly levelRange: readonly [number, number];
  /**
   * Posterior mass of thresholds beyond the screen's range: strictly better than the smallest shown level
   * and strictly worse than the largest (what the censoring rule of `result()` reads).
   */
  readonly massBeyond: readonly [number, number];
}

/** Levels whose nominal logMAR lies within [min, max] (a tolerance absorbs float noise such as 0.30000004). */
export function shownLevelRange(minLogMAR: number, maxLogMAR: number): [number, number] {
  const eps = 1e-9;
  const levels = ACUITY_LEVELS.filter((l) => l.logMAR >= minLogMAR - eps && l.logMAR <= maxLogMAR + eps);
  if (levels.length === 0) {
    throw new CoreInputError(
      `no level of the acuity scale (−0.2 … 1.8 in 0.1 steps) lies between minLogMAR ${minLogMAR} and maxLogMAR ${maxLogMAR}`,
    );
  }
  return [levels[0]!.index, levels[levels.length - 1]!.index];
}

/** Whether `x` is a finite logMAR within {@link DRAWN_LOGMAR_LIMITS}. */
function isDrawnLogMar(x: unknown): x is number {
  return (
    typeof x === 'number' &&
    Number.isFinite(x) &&
    x >= DRAWN_LOGMAR_LIMITS.min &&
    x <= DRAWN_LOGMAR_LIMITS.max
  );
}

/**
 * Whether `value` is an {@link AcuityTrial}: a whole level index on the scale (0 … 20), a boolean, and
 * either no `drawnLogMAR` or a finite one within {@link DRAWN_LOGMAR_LIMITS}.
 */
export function isAcuityTrial(value: unknown): value is AcuityTrial {
  if (typeof value !== 'object' || value === null) return false;
  const { level, correct, drawnLogMAR } = value as Partial<AcuityTrial>;
  return (
    Number.isInteger(level) &&
    level! >= 0 &&
    level! < LEVEL_COUNT &&
    typeof correct === 'boolean' &&
    (drawnLogMAR === undefined || isDrawnLogMar(drawnLogMAR))
  );
}

/** Checks {@link AcuityProcedureOptions.replay}: trials ({@link isAcuityTrial}), fewer than maxTrials. */
export function requireReplay(replay: unknown, maxTrials: number): readonly AcuityTrial[] {
  if (replay === undefined) return [];
  if (!Array.isArray(replay)) throw new CoreInputError('replay must be a list of { level, correct } trials');
  if (replay.length >= maxTrials) {
    throw new CoreInputError(`replay holds ${replay.length} trials; at most ${maxTrials - 1} can be resumed`);
  }
  return replay.map((trial: unknown, i) => {
    if (!isAcuityTrial(trial)) {
      throw new CoreInputError(
        `replay[${i}] must be { level: 0 … ${LEVEL_COUNT - 1}, correct: true or false, drawnLogMAR?: ${DRAWN_LOGMAR_LIMITS.min} … ${DRAWN_LOGMAR_LIMITS.max} }`,
      );
    }
    return trial.drawnLogMAR === undefined
      ? { level: trial.level, correct: trial.correct }
      : { level: trial.level, correct: trial.correct, drawnLogMAR: trial.drawnLogMAR };
  });
}

/** The logMAR drawn for each level the screen shows (the nominal level without `drawnLogMar`). */
export function drawnLevels(drawnLogMar: unknown, lo: number, hi: number): number[] {
  if (drawnLogMar === undefined) return ACUITY_LEVELS.map((l) => l.logMAR);
  if (typeof drawnLogMar !== 'function') {
    throw new CoreInputError('drawnLogMar must be a function from a nominal logMAR to the logMAR drawn');
  }
  return ACUITY_LEVELS.map((l) => {
    if (l.index < lo || l.index > hi) return l.logMAR; // never shown
    const drawn: unknown = drawnLogMar(l.logMAR);
    if (!isDrawnLogMar(drawn)) {
      throw new CoreInputError(
        `drawnLogMar(${l.logMAR}) returned ${String(drawn)}; a drawn logMAR must be finite and within ${DRAWN_LOGMAR_LIMITS.min} … ${DRAWN_LOGMAR_LIMITS.max}`,
      );
    }
    return drawn;
  });
}
