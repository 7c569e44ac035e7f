import { CoreInputError, requireInteger } from '../errors/core-input-error';
import {
  DIAMOND_ANGLE_OFFSET,
  DIAMOND_ARRANGEMENTS,
  DIAMOND_TILE_ROTATIONS,
  diamondContrastSubmit,
  type DiamondResult,
  type DiamondState,
} from './diamond';

/*
 * What a Diamond eye's answers mean (issue 17). Each of the 3 rounds shows four tiles, one of them a
 * grating among uniform boxes (DIAMOND_ARRANGEMENTS; tile i + 1 shows arrangement[i] at
 * DIAMOND_TILE_ROTATIONS[i]); the person chooses at contrast 20 % and confirms at 8 %. A round is correct
 * when the confirmed tile is the grating tile. Every round is kept with its score so a clinician can read
 * how often the grating was found, against the chance of finding it by guessing (1 in 4 per round).
 */

/** One Diamond round as stored: the chosen tile, the grating's tile, whether they match, as before. */
export interface DiamondRound extends DiamondResult {
  /** Tile 1 … 4 that held the grating in this round's arrangement. */
  readonly gratingTile: number;
  /** selected === gratingTile. */
  readonly correct: boolean;
}

/** Rounds in which the grating tile was chosen, out of the rounds recorded. */
export interface DiamondScore {
  readonly correct: number;
  readonly of: number;
}

/**
 * A Diamond eye as stored: the last round's fields at the top (SPEC.md §3, what older readers know), and
 * since issue 17 every round and the score. Records stored before lack `rounds` and `score`.
 */
export interface DiamondEyeResult extends DiamondResult {
  readonly rounds?: readonly DiamondRound[];
  readonly score?: DiamondScore;
}

/** Probability of choosing the grating tile by guessing in one round: one tile in four. */
export const DIAMOND_CHANCE = 1 / 4;

/** The tile 1 … 4 that holds the grating in arrangement `arrangement` (index into DIAMOND_ARRANGEMENTS). */
export function diamondGratingTile(arrangement: number): number {
  const boxes =
    DIAMOND_ARRANGEMENTS[requireInteger(arrangement, 0, DIAMOND_ARRANGEMENTS.length - 1, 'arrangement')]!;
  return boxes.indexOf('grating') + 1;
}

/**
 * The round's outcome at contrastSubmit: the stored result (tile, its rotation minus 45°, contrast) with the
 * grating's tile and whether the selected tile is it.
 */
export function diamondRoundOutcome(state: DiamondState): DiamondRound {
  const result = diamondContrastSubmit(state);
  const gratingTile = diamondGratingTile(state.arrangement);
  return { ...result, gratingTile, correct: result.selected === gratingTile };
}

/** The score of a list of rounds: how many are correct, of how many. */
export function diamondScore(rounds: readonly Pick<DiamondRound, 'correct'>[]): DiamondScore {
  return { correct: rounds.filter((r) => r.correct).length, of: rounds.length };
}

/**
 * The eye's record after round `round` (1-based): the rounds before it as recorded (`previous`, if any),
 * then this one; a round stepped back to and done again replaces the old one and drops any after it. The
 * top-level fields are this round's (the last one), as SPEC.md §3 stores them.
 */
export function recordDiamondRound(
  previous: DiamondEyeResult | undefined,
  round: number,
  outcome: DiamondRound,
): DiamondEyeResult {
  const r = requireInteger(round, 1, 1000, 'Diamond round');
  const rounds = [...(previous?.rounds ?? []).slice(0, r - 1), outcome];
  return {
    selected: outcome.selected,
    rotation: outcome.rotation,
    contrast: outcome.contrast,
    rounds,
    score: diamondScore(rounds),
  };
}

/** Whether a stored round is consistent: rotation from the tile, correct from the grating tile. */
export function diamondRoundProblem(round: DiamondRound): string | null {
  if (round.correct !== (round.selected === round.gratingTile))
    return `correct must be ${String(round.selected === round.gratingTile)} (selected ${round.selected}, grating tile ${round.gratingTile})`;
  const rotation = DIAMOND_TILE_ROTATIONS[round.selected - 1];
  if (rotation !== undefined && round.rotation !== rotation - DIAMOND_ANGLE_OFFSET)
    return `rotation must be ${rotation - DIAMOND_ANGLE_OFFSET} for tile ${round.selected}`;
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
}

/** "1 in 64" when 1/p is a whole number, else "about 1 in 6". */
function oneIn(p: number): string {
  const inverse = 1 / p;
  const whole = Math.round(inverse);
  return Math.abs(inverse - whole) < 1e-9 ? `1 time in ${whole}` : `about 1 time in ${whole}`;
}

const contrastText = (rounds: readonly DiamondResult[]) =>
  [...new Set(rounds.map((r) => r.contrast))].map((c) => `${c} %`).join(' / ');

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
    };
  }
  const score = diamondScore(rounds);
  const p = binomialTail(score.correct, score.of, DIAMOND_CHANCE);
  const contrast = contrastText(rounds);
  const found = `Found the grating in ${score.correct} of ${score.of} round${score.of === 1 ? '' : 's'}`;
  const chance = 'chance is 1 in 4 per round';
  if (p <= 0.05) {
    return {
      verdict: 'seen',
      score,
      guessProbability: p,
      text: `${found}: the grating at ${contrast} contrast was seen (guessing scores this well ${oneIn(p)}; ${chance}).`,
      short: `grating found ${score.correct} of ${score.of}: seen at ${contrast} contrast`,
    };
  }
  if (p < 0.5) {
    return {
      verdict: 'unclear',
      score,
      guessProbability: p,
      text: `${found}: better than guessing, but not conclusive (guessing scores this well ${oneIn(p)}; ${chance}).`,
      short: `grating found ${score.correct} of ${score.of}: not conclusive`,
    };
  }
  return {
    verdict: 'chance',
    score,
    guessProbability: p,
    text: `${found}: not better than guessing (${chance}); the grating at ${contrast} contrast was not shown to be seen.`,
    short: `grating found ${score.correct} of ${score.of}: not better than guessing`,
  };
}
