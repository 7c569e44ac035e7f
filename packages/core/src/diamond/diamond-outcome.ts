import { CoreInputError, requireInteger } from '../errors/core-input-error';
import type { DiamondEyeResult, DiamondResult, DiamondRound, DiamondScore } from './diamond';

/*
 * What a Diamond eye's answers mean (issue 17): the score read against the chance of finding the grating
 * by guessing (1 in 4 per round), and whether a stored round agrees with itself. The rounds themselves
 * are recorded by diamond.ts (`recordDiamondRound`). This module is for the results (views, exports,
 * the contract): it takes only types from diamond.ts, so the results page does not load the test's code.
 */

/** Probability of choosing the grating tile by guessing in one round: one tile in four. */
export const DIAMOND_CHANCE = 1 / 4;

/**
 * The stored rotation of tile 1 … 4: DIAMOND_TILE_ROTATIONS (135, 0, 90, 45) minus DIAMOND_ANGLE_OFFSET
 * (45), SPEC.md §3. Kept here as numbers so the results need not load the test's module; a unit test checks
 * it against diamond.ts.
 */
export const DIAMOND_STORED_ROTATIONS = [90, -45, 45, 0] as const;

/** Whether a stored round is consistent: rotation from the tile, correct from the grating tile. */
export function diamondRoundProblem(round: DiamondRound): string | null {
  if (round.correct !== (round.selected === round.gratingTile))
    return `correct must be ${String(round.selected === round.gratingTile)} (selected ${round.selected}, grating tile ${round.gratingTile})`;
  const rotation = DIAMOND_STORED_ROTATIONS[round.selected - 1];
  if (rotation !== undefined && round.rotation !== rotation)
    return `rotation must be ${rotation} for tile ${round.selected}`;
  return null;
}

/** P(X ≥ k) for X ~ Binomial(n, p): how often guessing alone scores at least k of n. */
export function binomialTail(k: number, n: number, p: number): number {
  requireInteger(n, 0, 1000, 'rounds');
  requireInteger(k, 0, n, 'correct rounds');
  let sum = 0;
  let choose = 1; // C(n, i), built up term by term
  for (let i = 0; i <= n; i++) {
    if (i > 0) choose = (choose * (n - i + 1)) / i;
    if (i >= k) sum += choose * p ** i * (1 - p) ** (n - i);
  }
  return Math.min(1, sum);
}

/**
 * How a score reads: 'seen' when guessing alone would score as well at most 5 % of the time (3 of 3:
 * 1/64); 'unclear' when more than that but less than half the time (2 of 3: 10/64, about 1 in 6); else
 * 'chance' (1 of 3: 37/64; 0 of 3). 'not-recorded': an older record without rounds.
 */
export type DiamondVerdict = 'seen' | 'unclear' | 'chance' | 'not-recorded';

/** The meaning of a Diamond eye's outcome. */
export interface DiamondOutcome {
  readonly verdict: DiamondVerdict;
  /** Null for an older record (rounds not recorded). */
  readonly score: DiamondScore | null;
  /** P(guessing scores at least this well), null when not recorded. */
  readonly guessProbability: number | null;
  /** One sentence a clinician reads first, e.g. "Found the grating in 3 of 3 rounds: …". */
  readonly text: string;
  /** Short form for headlines and CSV, e.g. "grating found 3 of 3 (seen at 8 %)". */
  readonly short: string;
  /**
   * What `text` and `short` are made of besides the verdict and score (issue 20: other languages compose
   * the same sentences from them): the rounds' contrasts (%, distinct, in order) and how often guessing
   * scores this well, as "1 time in `oneIn`" (`exact`) or "about 1 time in `oneIn`". Null when not recorded.
   */
  readonly facts: DiamondOutcomeFacts | null;
}

/** See {@link DiamondOutcome.facts}. */
export interface DiamondOutcomeFacts {
  readonly contrasts: readonly number[];
  readonly oneIn: number;
  readonly exact: boolean;
}

/** 1/p rounded, and whether it is a whole number: "1 time in 64", else "about 1 time in 6". */
function oneInFacts(p: number): { oneIn: number; exact: boolean } {
  const inverse = 1 / p;
  const whole = Math.round(inverse);
  return { oneIn: whole, exact: Math.abs(inverse - whole) < 1e-9 };
}

const oneInText = ({ oneIn, exact }: { oneIn: number; exact: boolean }) =>
  exact ? `1 time in ${oneIn}` : `about 1 time in ${oneIn}`;

const distinctContrasts = (rounds: readonly DiamondResult[]) => [...new Set(rounds.map((r) => r.contrast))];

/**
 * What a Diamond eye's answers mean. A record with rounds is scored from them (the stored score must equal
 * it, the contracts check that); an older record says the rounds were not recorded and that whether its
 * selected tile was the grating is not known.
 */
export function diamondOutcome(result: DiamondEyeResult): DiamondOutcome {
  if (typeof result !== 'object' || result === null)
    throw new CoreInputError('Diamond result must be an object');
  const rounds = result.rounds;
  if (!rounds || rounds.length === 0) {
    return {
      verdict: 'not-recorded',
      score: null,
      guessProbability: null,
      text: 'Rounds not recorded (an older record keeps only the last round): whether the selected tile was the grating is not known.',
      short: 'rounds not recorded',
      facts: null,
    };
  }
  const score: DiamondScore = { correct: rounds.filter((r) => r.correct).length, of: rounds.length };
  const p = binomialTail(score.correct, score.of, DIAMOND_CHANCE);
  const contrasts = distinctContrasts(rounds);
  const contrast = contrasts.map((c) => `${c} %`).join(' / ');
  const guessing = oneInFacts(p);
  const facts: DiamondOutcomeFacts = { contrasts, ...guessing };
  const oneIn = () => oneInText(guessing);
  const found = `Found the grating in ${score.correct} of ${score.of} round${score.of === 1 ? '' : 's'}`;
  const chance = 'chance is 1 in 4 per round';
  if (p <= 0.05) {
    return {
      verdict: 'seen',
      score,
      guessProbability: p,
      text: `${found}: the grating at ${contrast} contrast was seen (guessing scores this well ${oneIn()}; ${chance}).`,
      short: `grating found ${score.correct} of ${score.of}: seen at ${contrast} contrast`,
      facts,
    };
  }
  if (p < 0.5) {
    return {
      verdict: 'unclear',
      score,
      guessProbability: p,
      text: `${found}: better than guessing, but not conclusive (guessing scores this well ${oneIn()}; ${chance}).`,
      short: `grating found ${score.correct} of ${score.of}: not conclusive`,
      facts,
    };
  }
  return {
    verdict: 'chance',
    score,
    guessProbability: p,
    text: `${found}: not better than guessing (${chance}); the grating at ${contrast} contrast was not shown to be seen.`,
    short: `grating found ${score.correct} of ${score.of}: not better than guessing`,
    facts,
  };
}
