import { CoreInputError, requireFinite, requireInteger } from '../errors/core-input-error';
import { defaultRng, draw, type Rng } from '../random/rng';
import { snellenLine } from '../optics/chart-lines';
import { censoredEnd, censoredResult } from './censoring';
import { buildLikelihoodTables, type LikelihoodTables } from './likelihood';
import {
  canonicalResponse,
  LANDOLT_C_ROTATIONS,
  requireOptotype,
  SLOAN_LETTERS,
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
import {
  drawnLevels,
  requireReplay,
  shownLevelRange,
  type AcuityEngine,
  type AcuityProcedure,
  type AcuityProcedureOptions,
  type AcuityStimulus,
} from './procedure-api';
import { checkModel, type PsychometricModel } from './psychometric';
import { ACUITY_LEVELS, LEVEL_COUNT, LEVEL_STEP_LOGMAR, round4, SCALE_MIN_LOGMAR } from './scale';
import { VISUS_PROCEDURE, type ProcedureVariant } from './variants';

export * from './procedure-api';
export * from './variants';

/*
 * The adaptive acuity procedure (SPEC.md §4 "Adaptive procedure", §9 "Acuity scale").
 *
 * Shape kept from the spec, in both variants (variants.ts):
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

// Tables depend only on the variant, optotype and shown range, so procedures share them: building them
// costs ~10 000 logarithms, more than a whole run of trials. Rows at drawn sizes are added as they are met.
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
  const tables = buildLikelihoodTables(
    model,
    ACUITY_LEVELS[lo]!.logMAR - variant.gridMargin,
    ACUITY_LEVELS[hi]!.logMAR + variant.gridMargin,
    variant.gridStep,
    variant.spreadPrior,
  );
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
  if (variant.spreadPrior && variant.spreadPrior[0]?.spread !== model.spread) {
    throw new CoreInputError(`the first spread of ${variant.name}'s spread prior must be its model's`);
  }

  const tables = likelihoodTables(variant, optotype, model, lo, hi);
  const { grid, logWeights } = tables;
  const drawn = drawnLevels(options.drawnLogMar, lo, hi);
  const keepsDrawn = options.drawnLogMar !== undefined;
  const gridPoints = grid.length;
  // One log posterior per spread slice (likelihood.ts), each starting at its prior weight, uniform in T.
  const logPost = logWeights.map((w) => new Float64Array(gridPoints).fill(w));
  // Slice 0 (the model's spread) normalised on its own: what placement and the stop rule read.
  const post = new Float64Array(gridPoints).fill(1 / gridPoints);
  const logPostNow = new Float64Array(gridPoints);
  // The posterior of T averaged over the slices (what result() reads); recomputed after each answer.
  let marginal: Float64Array | null = logPost.length === 1 ? post : null;

  const counts: [number, number][] = Array.from({ length: LEVEL_COUNT }, () => [0, 0]);
  const levelsShown: number[] = [];
  const outcomes: boolean[] = [];
  // The logMAR drawn at each trial, when known (the caller's drawnLogMar, or a replayed trial's).
  const drawnShown: (number | undefined)[] = [];
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
      const { pc, logPc, logPw } = tables.rowsAt(drawn[level]!);
      const h = expectedEntropy(post, logPostNow, pc[0]!, logPc[0]!, logPw[0]!, from, to);
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

  /** The posterior of T averaged over the spread slices: p(T) ∝ Σ_k exp(logPost_k(T)). */
  function marginalPosterior(): Float64Array {
    if (marginal) return marginal;
    let max = -Infinity;
    for (const slice of logPost) for (let j = 0; j < gridPoints; j++) max = Math.max(max, slice[j]!);
    const m = new Float64Array(gridPoints);
    let sum = 0;
    for (const slice of logPost) {
      for (let j = 0; j < gridPoints; j++) {
        const p = Math.exp(slice[j]! - max);
        m[j] = m[j]! + p;
        sum += p;
      }
    }
    for (let j = 0; j < gridPoints; j++) m[j] = m[j]! / sum;
    return (marginal = m);
  }

  /** Posterior mass strictly beyond the smallest and the largest shown level (the model's spread). */
  // The ends are where the screen's smallest and largest levels are drawn (the nominal levels when the
  // caller did not say): a bound is the size actually shown, not the size meant.
  function massBeyond(): [number, number] {
    return massOutside(post, grid, drawn[lo]!, drawn[hi]!);
  }

  /**
   * Bayes' rule for one answered trial: posterior ∝ prior × P(outcome | threshold) at the logMAR drawn
   * (the nominal level when the caller did not say how levels are drawn), in every spread slice.
   */
  function apply(level: number, correct: boolean, drawnLogMAR: number | undefined): void {
    levelsShown.push(level);
    outcomes.push(correct);
    drawnShown.push(drawnLogMAR);
    counts[level]![correct ? 0 : 1]++;
    if (lastCorrect !== null && lastCorrect !== correct) inflectionLevel = level;
    lastCorrect = correct;
    const rows = tables.rowsAt(drawnLogMAR ?? ACUITY_LEVELS[level]!.logMAR);
    logPost.forEach((slice, k) => addLogLikelihood(slice, correct ? rows.logPc[k]! : rows.logPw[k]!));
    normalise(logPost[0]!, post);
    if (logPost.length > 1) marginal = null;
  }

  // A replayed trial is applied at the size it was drawn (saved before issue 16: its nominal level).
  for (const trial of replay) apply(trial.level, trial.correct, trial.drawnLogMAR);
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
      apply(level, correct, keepsDrawn ? drawn[level]! : undefined);
      if (shouldStop()) finished = true;
      return correct;
    },
    get finished() {
      return finished;
    },
    get trials() {
      return levelsShown.map((level, i) => {
        const drawnLogMAR = drawnShown[i];
        return drawnLogMAR === undefined
          ? { level, correct: outcomes[i]! }
          : { level, correct: outcomes[i]!, drawnLogMAR };
      });
    },
    result() {
      if (levelsShown.length === 0)
        throw new CoreInputError('no answers yet: result() needs at least one trial');
      const end = censoredEnd(massBeyond(), options.reportBounds ? variant.censorMass : null);
      if (end !== null)
        return censoredResult(end, drawn[end === 'better-than' ? lo : hi]!, levelsShown.length);
      const logMAR =
        variant.estimate === 'map-level' ? ACUITY_LEVELS[bestLevel()]!.score : round4(mean(post, grid));
      // The interval is read from the posterior averaged over the spread prior (docs/adr/0011), so it
      // holds the truth for people whose psychometric function is not the model's; without a prior that
      // is the model's posterior itself.
      const p = marginalPosterior();
      // The label is the chart line of the estimate by the results' notation rule, as every view shows it.
      return {
        logMAR,
        snellen: snellenLine(logMAR, 6),
        trials: levelsShown.length,
        ci95: [round4(quantile(p, grid, 0.025)), round4(quantile(p, grid, 0.975))],
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
