import { drawLuminanceJitter } from '../calibration/grating-luminance';
import { CoreInputError, requireInteger } from '../errors/core-input-error';
import { draw, type Rng } from '../random/rng';

/** Box kinds of a Diamond arrangement (SPEC.md §4: "light, two medium, grating"). */
export type DiamondBox = 'light' | 'medium' | 'grating';

/**
 * The 24 arrangements of the four boxes (SPEC.md §4): every order of light, medium, medium, grating with
 * the two medium boxes told apart (4! = 24; as plain kinds 12 of them are pairs that look alike).
 */
export const DIAMOND_ARRANGEMENTS: readonly (readonly DiamondBox[])[] = (() => {
  const boxes = ['light', 'medium-1', 'medium-2', 'grating'];
  const out: DiamondBox[][] = [];
  const permute = (rest: string[], acc: string[]) => {
    if (rest.length === 0) out.push(acc.map((b) => (b.startsWith('medium') ? 'medium' : b) as DiamondBox));
    rest.forEach((b, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...acc, b]));
  };
  permute(boxes, []);
  return out;
})();

/** Tile rotations of the first stage for tiles 1 … 4, degrees (SPEC.md §4). */
export const DIAMOND_TILE_ROTATIONS = [135, 0, 90, 45] as const;
/** Grating contrast of the first and second stage, percent (SPEC.md §9 "contrast 20 then 8"). */
export const DIAMOND_CONTRASTS = [20, 8] as const;
/** Subtracted from the selected tile's rotation in the stored result, degrees (SPEC.md §9). */
export const DIAMOND_ANGLE_OFFSET = 45;

/** One Diamond round: stage 1 (choose the tile at contrast 20) or 2 (confirm at contrast 8). */
export interface DiamondState {
  readonly stage: 1 | 2;
  readonly contrast: 20 | 8;
  /** Selected tile 1 … 4, or null. */
  readonly selected: number | null;
  /** Index into {@link DIAMOND_ARRANGEMENTS} for this round. */
  readonly arrangement: number;
  /**
   * Luminance jitter factor of tile 1 … 4 (index 0 = tile 1), drawn per round (calibration/
   * grating-luminance.ts `drawLuminanceJitter`) so brightness does not point at the grating tile.
   */
  readonly luminanceFactors: readonly number[];
}

/** Stored result of a round (SPEC.md §3): tile, its rotation minus 45°, and the contrast. */
export interface DiamondResult {
  readonly selected: number;
  readonly rotation: number;
  readonly contrast: number;
}

/**
 * firstState: a fresh round at stage 1, contrast 20, with an arrangement and the tiles' luminance jitter
 * drawn from `rng` (both stages of the round keep them).
 */
export function diamondFirstState(rng: Rng): DiamondState {
  return {
    stage: 1,
    contrast: 20,
    selected: null,
    arrangement: Math.floor(draw(rng) * DIAMOND_ARRANGEMENTS.length),
    luminanceFactors: drawLuminanceJitter(rng, 4),
  };
}

/** Selects a tile 1 … 4. */
export function selectDiamondTile(state: DiamondState, tile: number): DiamondState {
  return { ...state, selected: requireInteger(tile, 1, 4, 'Diamond tile') };
}

/** rotateSubmit: lowers the contrast to 8 and moves to the second stage; needs a selected tile. */
export function diamondRotateSubmit(state: DiamondState): DiamondState {
  if (state.stage !== 1 || state.selected === null)
    throw new CoreInputError('rotateSubmit needs stage 1 and a tile');
  return { ...state, stage: 2, contrast: 8 };
}

/** secondState: goes back one step, from stage 2 to stage 1 at contrast 20, keeping the selection. */
export function diamondSecondState(state: DiamondState): DiamondState {
  return state.stage === 2 ? { ...state, stage: 1, contrast: 20 } : state;
}

/** contrastSubmit: the result of the round — selected tile, its rotation minus 45, the contrast. */
export function diamondContrastSubmit(state: DiamondState): DiamondResult {
  if (state.selected === null) throw new CoreInputError('contrastSubmit needs a selected tile');
  return {
    selected: state.selected,
    rotation: DIAMOND_TILE_ROTATIONS[state.selected - 1]! - DIAMOND_ANGLE_OFFSET,
    contrast: state.contrast,
  };
}

/**
 * Background theme of a Diamond round (SPEC.md §2, §9): light for rounds 1 and 2, medium after. (One
 * reading of the spec says after round 3; we follow the two statements that agree.)
 */
export function diamondTheme(round: number): 'light' | 'medium' {
  return requireInteger(round, 1, 1000, 'Diamond round') <= 2 ? 'light' : 'medium';
}

/*
 * Every round kept (issue 17): each round's tile, the grating's tile (tile i + 1 shows arrangement[i] at
 * DIAMOND_TILE_ROTATIONS[i]) and whether the person found it, and the score per eye. What a score means
 * is in diamond-outcome.ts.
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
