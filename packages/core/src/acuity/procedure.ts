import { CoreInputError, requireFinite, requireInteger } from '../errors/core-input-error';
import { defaultRng, draw, type Rng } from '../random/rng';
import { CENSOR_MASS, censoredEnd, censoredResult } from './censoring';
import {
  canonicalResponse,
  LANDOLT_C_ROTATIONS,
  requireOptotype,
  SLOAN_LETTERS,
  SPEC_GUESS_RATES,
  TUMBLING_E_ROTATIONS,
  type AcuityOptotype,
} from './optotypes';
import {
  activeRange,
  addLogLikelihood,
  argMax,
  expectedEntropy,
  logOf,
  massOutside,
  massWithin,
  mean,
  normalise,
  quantile,
} from './posterior';
import { checkModel, probabilityCorrect, type PsychometricModel } from './psychometric';
import { ACUITY_LEVELS, LEVEL_COUNT, LEVEL_STEP_LOGMAR, round4, SCALE_MIN_LOGMAR } from './scale';

/*
 * The adaptive acuity procedure (SPEC.md §4 "Adaptive procedure", §9 "Acuity scale").
 *
 * Shape kept from the spec, in both variants below:
 *  - 21 levels (scale.ts), capped at the smallest and largest level the screen can show;
 *  - trials 1–4 at the fixed levels 0, 4, 6, 10 (capped to the screen);
 *  - trial 19 is the special step: best level + 4, capped at the screen maximum;
 *  - every other trial: the next level comes from the likelihood over past results, clamped to 0..19;
 *  - stop when 95 % of the likelihood mass lies in a window around the estimate and the best level
 *    equals the inflection point (the level of the last reversal, correct ↔ incorrect), or after maxTrials;
 *  - counts [correct, incorrect] per level are kept (SPEC.md §3).
 *
 * `SPEC_PROCEDURE` reads §9 literally: likelihood on the 21 levels, next trial at the most likely level,
 * window half-width ceil(3.5 / 0.1) = 35 grid steps (wider than the whole scale, so the 95 % condition is
 * always met), result = score of the best level. bench/acuity shows it stops early and is imprecise.
 * `VISUS_PROCEDURE` keeps the shape and changes the numbers (docs/adr/0003-acuity-procedure.md): a 0.02
 * logMAR grid (0.01 measured the same and costs twice as much), the next level chosen to minimise the
 * expected posterior entropy, the result interpolated as the posterior mean, and a window of ±0.09 logMAR
 * that turns the 95 % rule into a precision rule.
 *
 * Both stop rules are checked only after the fixed trials (and, for Visus, from trial 8): the spec does
 * not say, and stopping in the middle of the fixed sequence would report a level never bracketed.
 */

/** How a variant of the procedure computes; see the comment at the top of this file. */
export interface ProcedureVariant {
  /** Name shown by the benchmark. */
  readonly name: string;
  /** Step of the likelihood grid (logMAR); 0.1 puts one grid point on each level. */
  readonly gridStep: number;
  /** How far the grid extends beyond the shown levels (logMAR), so "better than the smallest" can show. */
  readonly gridMargin: number;
  /** 'map-level': the most likely level; 'min-entropy': the level minimising expected posterior entropy. */
  readonly placement: 'map-level' | 'min-entropy';
  /** 'map-level': score of the most likely level (spec); 'posterior-mean': interpolated estimate. */
  readonly estimate: 'map-level' | 'posterior-mean';
  /** Half-width of the 95 % window in logMAR. */
  readonly stopHalfWidth: number;
  /** Whether stopping also needs the best level to equal the inflection point (last reversal). */
  readonly stopNeedsInflection: boolean;
  /** Fewest trials before the stop rule is checked (the fixed trials always run). */
  readonly minTrials: number;
  /** The psychometric function assumed by the likelihood, per optotype. */
  readonly model: (optotype: AcuityOptotype) => PsychometricModel;
  /**
   * Censoring at the screen's ends (docs/adr/0010-censored-acuity-results.md): `result()` reports a bound
   * instead of an estimate when more than this posterior mass lies beyond the smallest (or largest) shown
   * level. null: never (the literal spec, and the benchmark's "before" baseline).
   */
  readonly censorMass: number | null;
}

/** SPEC.md §4/§9 read literally (kept for comparison in the benchmark and tests). */
export const SPEC_PROCEDURE: ProcedureVariant = {
  name: 'spec (literal)',
  gridStep: LEVEL_STEP_LOGMAR,
  gridMargin: 0,
  placement: 'map-level',
  estimate: 'map-level',
  // ceil(3.5 / step) grid steps with step 0.1 = 35 steps = 3.5 logMAR: the whole scale.
  stopHalfWidth: Math.ceil(3.5 / LEVEL_STEP_LOGMAR) * LEVEL_STEP_LOGMAR,
  stopNeedsInflection: true,
  minTrials: 4,
  model: (optotype) => ({ guess: SPEC_GUESS_RATES[optotype], spread: 0.06, lapse: 0.04 }),
  // The spec has no censoring, and its grid has no threshold beyond the shown levels to put mass on.
  censorMass: null,
};

/**
 * The procedure Visus runs (docs/adr/0003-acuity-procedure.md). Guess rates are those of a person who
 * answers among the optotypes actually used (1/9, 1/8, 1/4); spread 0.06 logMAR is a typical letter-chart
 * psychometric function, and the lapse rate 0.04 is twice the observers' 2 % so that a slip far above
 * threshold does not drag the estimate (the benchmark checks 5 % lapses too).
 */
export const VISUS_PROCEDURE: ProcedureVariant = {
  name: 'visus',
  gridStep: 0.02,
  gridMargin: 0.2,
  placement: 'min-entropy',
  estimate: 'posterior-mean',
  stopHalfWidth: 0.09,
  stopNeedsInflection: true,
  minTrials: 8,
  model: (optotype) => ({
    guess: optotype === 'sloan' ? 1 / 9 : optotype === 'landolt-c' ? 1 / 8 : 1 / 4,
    spread: 0.06,
    lapse: 0.04,
  }),
  censorMass: CENSOR_MASS,
};

/** Levels of the first four trials (SPEC.md §4: "Trials 1 to 4 use fixed levels 0, 4, 6 and 10"). */
export const FIXED_FIRST_LEVELS = [0, 4, 6, 10] as const;
/** The special trial (SPEC.md §4/§9: trial 19, best level + 4, capped at the screen maximum). */
export const SPECIAL_TRIAL = 19;
/** How many levels the special trial adds to the best level. */
export const SPECIAL_TRIAL_LEVEL_OFFSET = 4;
/** Highest level the estimate step may choose (SPEC.md §4: "clamped to 0..19 in the estimate step"). */
export const ESTIMATE_STEP_MAX_LEVEL = 19;
/** How many levels either side of the estimate the entropy search considers. */
const ENTROPY_SEARCH_LEVELS = 5;
/** Likelihood mass the stop rule needs in its window (SPEC.md §9 "Stop threshold 0.95"). */
export const STOP_MASS = 0.95;
/** Default maximum number of trials: the acuity tests' loop length (SPEC.md §9). */
export const DEFAULT_MAX_TRIALS = 30;

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
}

/** One answered trial: the level index shown (0 … 20, {@link ACUITY_LEVELS}) and whether the answer was right. */
export interface AcuityTrial {
  level: number;
  correct: boolean;
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

/**
 * Creates the adaptive acuity procedure (SPEC.md §4) Visus runs: {@link VISUS_PROCEDURE}.
 * Call `next()` to get the stimulus, show it, then `answer()` with the response; repeat until `next()`
 * returns null. Throws {@link CoreInputError} for invalid options or calls out of order.
 */
export function createAcuityProcedure(options: AcuityProcedureOptions): AcuityProcedure {
  const engine = createAcuityEngine(options, VISUS_PROCEDURE);
  return {
    next: () => engine.next(),
    answer: (response) => engine.answer(response),
    get finished() {
      return engine.finished;
    },
    get trials() {
      return engine.trials;
    },
    result: () => engine.result(),
  };
}

/** Levels whose nominal logMAR lies within [min, max] (a tolerance absorbs float noise such as 0.30000004). */
function shownLevelRange(minLogMAR: number, maxLogMAR: number): [number, number] {
  const eps = 1e-9;
  const levels = ACUITY_LEVELS.filter((l) => l.logMAR >= minLogMAR - eps && l.logMAR <= maxLogMAR + eps);
  if (levels.length === 0) {
    throw new CoreInputError(
      `no level of the acuity scale (−0.2 … 1.8 in 0.1 steps) lies between minLogMAR ${minLogMAR} and maxLogMAR ${maxLogMAR}`,
    );
  }
  return [levels[0]!.index, levels[levels.length - 1]!.index];
}

/** Whether `value` is an {@link AcuityTrial}: a whole level index on the scale (0 … 20) and a boolean. */
export function isAcuityTrial(value: unknown): value is AcuityTrial {
  if (typeof value !== 'object' || value === null) return false;
  const { level, correct } = value as Partial<AcuityTrial>;
  return Number.isInteger(level) && level! >= 0 && level! < LEVEL_COUNT && typeof correct === 'boolean';
}

/** Checks {@link AcuityProcedureOptions.replay}: trials ({@link isAcuityTrial}), fewer than maxTrials. */
function requireReplay(replay: unknown, maxTrials: number): readonly AcuityTrial[] {
  if (replay === undefined) return [];
  if (!Array.isArray(replay)) throw new CoreInputError('replay must be a list of { level, correct } trials');
  if (replay.length >= maxTrials) {
    throw new CoreInputError(`replay holds ${replay.length} trials; at most ${maxTrials - 1} can be resumed`);
  }
  return replay.map((trial: unknown, i) => {
    if (!isAcuityTrial(trial)) {
      throw new CoreInputError(
        `replay[${i}] must be { level: 0 … ${LEVEL_COUNT - 1}, correct: true or false }`,
      );
    }
    return { level: trial.level, correct: trial.correct };
  });
}

interface LikelihoodTables {
  /** Threshold hypotheses (logMAR). */
  readonly grid: Float64Array;
  /** P(correct) per level × grid point, and its log; log P(wrong) likewise. */
  readonly pc: readonly Float64Array[];
  readonly logPc: readonly Float64Array[];
  readonly logPw: readonly Float64Array[];
}

// Tables depend only on the variant, optotype and shown range, so procedures share them: building them
// costs ~10 000 logarithms, more than a whole run of trials.
const tableCache = new WeakMap<ProcedureVariant, Map<string, LikelihoodTables>>();

function likelihoodTables(
  variant: ProcedureVariant,
  optotype: AcuityOptotype,
  model: PsychometricModel,
  lo: number,
  hi: number,
): LikelihoodTables {
  const key = `${optotype}|${lo}|${hi}`;
  let byKey = tableCache.get(variant);
  if (!byKey) tableCache.set(variant, (byKey = new Map()));
  const cached = byKey.get(key);
  if (cached) return cached;
  // Threshold hypotheses from the smallest to the largest shown level, widened by the variant's margin.
  // Index arithmetic instead of repeated addition keeps the points exact.
  const gridLo = ACUITY_LEVELS[lo]!.logMAR - variant.gridMargin;
  const gridPoints =
    Math.round((ACUITY_LEVELS[hi]!.logMAR + variant.gridMargin - gridLo) / variant.gridStep) + 1;
  const grid = Float64Array.from({ length: gridPoints }, (_, j) => round4(gridLo + j * variant.gridStep));
  const pc = ACUITY_LEVELS.map((l) => grid.map((t) => probabilityCorrect(model, l.logMAR, t)));
  const tables: LikelihoodTables = {
    grid,
    pc,
    logPc: pc.map((row) => row.map(Math.log)),
    logPw: pc.map((row) => row.map((p) => Math.log(1 - p))),
  };
  byKey.set(key, tables);
  return tables;
}

/**
 * Creates the procedure with a chosen {@link ProcedureVariant} (the benchmark compares
 * {@link SPEC_PROCEDURE} and {@link VISUS_PROCEDURE}). Same contract as {@link createAcuityProcedure}.
 */
export function createAcuityEngine(options: AcuityProcedureOptions, variant: ProcedureVariant): AcuityEngine {
  if (typeof options !== 'object' || options === null) throw new CoreInputError('options must be an object');
  const optotype = requireOptotype(options.optotype);
  if (options.rng !== undefined && typeof options.rng !== 'function') {
    throw new CoreInputError('rng must be a function returning numbers in [0, 1)');
  }
  const rng: Rng = options.rng ?? defaultRng;
  const minLogMAR = requireFinite(options.minLogMAR ?? -0.2, 'minLogMAR');
  const maxLogMAR = requireFinite(options.maxLogMAR ?? 1.8, 'maxLogMAR');
  if (minLogMAR > maxLogMAR) {
    throw new CoreInputError(`minLogMAR (${minLogMAR}) must not be greater than maxLogMAR (${maxLogMAR})`);
  }
  const maxTrials = requireInteger(options.maxTrials ?? DEFAULT_MAX_TRIALS, 1, 1000, 'maxTrials');
  const [lo, hi] = shownLevelRange(minLogMAR, maxLogMAR);
  const replay = requireReplay(options.replay, maxTrials);
  const model = checkModel(variant.model(optotype));

  const { grid, pc: pcTable, logPc, logPw } = likelihoodTables(variant, optotype, model, lo, hi);
  const gridPoints = grid.length;
  const logPost = new Float64Array(gridPoints); // uniform prior
  const post = new Float64Array(gridPoints).fill(1 / gridPoints);
  const logPostNow = new Float64Array(gridPoints);

  const counts: [number, number][] = Array.from({ length: LEVEL_COUNT }, () => [0, 0]);
  const levelsShown: number[] = [];
  const outcomes: boolean[] = [];
  let pending: { level: number; stimulus: AcuityStimulus } | null = null;
  let previousSloan: string | null = null;
  let lastCorrect: boolean | null = null;
  let inflectionLevel: number | null = null;
  let finished = false;

  const clampToScreen = (level: number) => Math.min(hi, Math.max(lo, level));

  /** The current threshold estimate in logMAR. */
  function estimate(): number {
    return variant.estimate === 'map-level' ? grid[argMax(post)]! : mean(post, grid);
  }

  /** The shown level nearest the estimate (the spec's "acuity level"). */
  function bestLevel(): number {
    return clampToScreen(Math.round((estimate() - SCALE_MIN_LOGMAR) / LEVEL_STEP_LOGMAR));
  }

  function chooseByEntropy(): number {
    // Grid points with negligible mass change nothing; skipping them keeps each trial cheap.
    const [from, to] = activeRange(post, 1e-6);
    logOf(post, logPostNow, from, to);
    // The most informative level is always within a few lines of the estimate; looking only ±5 levels
    // away saves work without changing the choice.
    const centre = bestLevel();
    const top = Math.min(hi, ESTIMATE_STEP_MAX_LEVEL, centre + ENTROPY_SEARCH_LEVELS);
    const bottom = Math.min(Math.max(lo, centre - ENTROPY_SEARCH_LEVELS), top);
    let best = clampToScreen(Math.min(centre, ESTIMATE_STEP_MAX_LEVEL));
    let bestH = Infinity;
    for (let level = bottom; level <= top; level++) {
      const h = expectedEntropy(post, logPostNow, pcTable[level]!, logPc[level]!, logPw[level]!, from, to);
      if (h < bestH - 1e-12) {
        bestH = h;
        best = level;
      }
    }
    return best;
  }

  function nextLevel(trial: number): number {
    if (trial <= FIXED_FIRST_LEVELS.length) return clampToScreen(FIXED_FIRST_LEVELS[trial - 1]!);
    if (trial === SPECIAL_TRIAL) return clampToScreen(bestLevel() + SPECIAL_TRIAL_LEVEL_OFFSET);
    const level =
      variant.placement === 'map-level' ? Math.min(bestLevel(), ESTIMATE_STEP_MAX_LEVEL) : chooseByEntropy();
    // The 0..19 clamp first, then the screen cap: on a screen that shows only level 20 that is all we have.
    return clampToScreen(Math.min(Math.max(level, 0), ESTIMATE_STEP_MAX_LEVEL));
  }

  function pickOptotype(): string | number {
    if (optotype === 'sloan') {
      // Uniform over the 8 letters that differ from the previous one (SPEC.md §4).
      const choices = SLOAN_LETTERS.filter((l) => l !== previousSloan);
      const letter = choices[Math.floor(draw(rng) * choices.length)]!;
      previousSloan = letter;
      return letter;
    }
    const rotations = optotype === 'landolt-c' ? LANDOLT_C_ROTATIONS : TUMBLING_E_ROTATIONS;
    return rotations[Math.floor(draw(rng) * rotations.length)]!;
  }

  function shouldStop(): boolean {
    const trials = levelsShown.length;
    if (trials >= maxTrials) return true;
    if (trials < Math.max(variant.minTrials, FIXED_FIRST_LEVELS.length)) return false;
    const centre = estimate();
    if (massWithin(post, grid, centre, variant.stopHalfWidth) < STOP_MASS) return false;
    return !variant.stopNeedsInflection || inflectionLevel === bestLevel();
  }

  /** Posterior mass strictly beyond the smallest and the largest shown level. */
  function massBeyond(): [number, number] {
    return massOutside(post, grid, ACUITY_LEVELS[lo]!.logMAR, ACUITY_LEVELS[hi]!.logMAR);
  }

  /** Bayes' rule for one answered trial: posterior ∝ prior × P(outcome | threshold) at the level shown. */
  function apply(level: number, correct: boolean): void {
    levelsShown.push(level);
    outcomes.push(correct);
    counts[level]![correct ? 0 : 1]++;
    if (lastCorrect !== null && lastCorrect !== correct) inflectionLevel = level;
    lastCorrect = correct;
    addLogLikelihood(logPost, correct ? logPc[level]! : logPw[level]!);
    normalise(logPost, post);
  }

  for (const trial of replay) apply(trial.level, trial.correct);
  // The stop rule is asked once, after the last replayed trial, as it was after that answer.
  if (replay.length > 0 && shouldStop()) finished = true;

  const engine: AcuityEngine = {
    next() {
      if (finished) return null;
      if (pending) return { ...pending.stimulus }; // asking twice shows the same optotype again
      const level = nextLevel(levelsShown.length + 1);
      const stimulus = { logMAR: ACUITY_LEVELS[level]!.logMAR as number, optotype: pickOptotype() };
      pending = { level, stimulus };
      return { ...stimulus };
    },
    answer(response) {
      if (finished) throw new CoreInputError('the acuity procedure has finished; no more answers are taken');
      if (!pending) throw new CoreInputError('answer() called before next(): there is no optotype on screen');
      const given = canonicalResponse(optotype, response);
      const shown = canonicalResponse(optotype, pending.stimulus.optotype);
      const correct = given === shown;
      const level = pending.level;
      pending = null;
      apply(level, correct);
      if (shouldStop()) finished = true;
      return correct;
    },
    get finished() {
      return finished;
    },
    get trials() {
      return levelsShown.map((level, i) => ({ level, correct: outcomes[i]! }));
    },
    result() {
      if (levelsShown.length === 0)
        throw new CoreInputError('no answers yet: result() needs at least one trial');
      const logMAR =
        variant.estimate === 'map-level' ? ACUITY_LEVELS[bestLevel()]!.score : round4(mean(post, grid));
      const end = censoredEnd(massBeyond(), options.reportBounds ? variant.censorMass : null);
      if (end !== null)
        return censoredResult(end, ACUITY_LEVELS[end === 'better-than' ? lo : hi]!, levelsShown.length);
      // The label names the shown level nearest the estimate; beyond the shown range it is that end level.
      return {
        logMAR,
        snellen: ACUITY_LEVELS[bestLevel()]!.snellen,
        trials: levelsShown.length,
        ci95: [round4(quantile(post, grid, 0.025)), round4(quantile(post, grid, 0.975))],
      };
    },
    get levelCounts() {
      return counts.map(([c, w]) => [c, w] as const);
    },
    get levelsShown() {
      return [...levelsShown];
    },
    get inflectionLevel() {
      return inflectionLevel;
    },
    levelRange: [lo, hi],
    get massBeyond() {
      return massBeyond();
    },
  };
  return engine;
}
