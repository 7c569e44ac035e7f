/**
 * The reference procedure of the benchmark: a plain 1-up/2-down staircase on the same 21 levels
 * (Levitt 1971). It starts at level 10 (logMAR 0.8), moves 2 levels until the first reversal and 1 level
 * after, runs a fixed number of trials, and reports the mean logMAR of the reversal levels after the
 * first two (all reversals if there are fewer than 3, the last level if there are none).
 * It converges on the 70.7 %-correct size, not on the logistic's inflection point, which is part of
 * what the bias column shows.
 */
import { LANDOLT_C_ROTATIONS, SLOAN_LETTERS, TUMBLING_E_ROTATIONS, type AcuityOptotype } from '@visus/core';

export interface StaircaseResult {
  logMAR: number;
  trials: number;
}

export function runStaircase(
  optotype: AcuityOptotype,
  answer: (stimulus: { logMAR: number; optotype: string | number }) => string | number,
  rng: () => number,
  trials = 30,
): StaircaseResult {
  const choices: readonly (string | number)[] =
    optotype === 'sloan'
      ? SLOAN_LETTERS
      : optotype === 'landolt-c'
        ? LANDOLT_C_ROTATIONS
        : TUMBLING_E_ROTATIONS;
  const logMarOf = (level: number) => -0.2 + 0.1 * level;
  let level = 10;
  let step = 2;
  let correctInRow = 0;
  let lastDirection = 0;
  const reversals: number[] = [];
  for (let t = 0; t < trials; t++) {
    const shown = choices[Math.floor(rng() * choices.length)]!;
    const correct = answer({ logMAR: logMarOf(level), optotype: shown }) === shown;
    let direction = 0;
    if (correct) {
      correctInRow++;
      if (correctInRow === 2) {
        correctInRow = 0;
        direction = -1; // smaller optotype
      }
    } else {
      correctInRow = 0;
      direction = 1;
    }
    if (direction !== 0) {
      if (lastDirection !== 0 && direction !== lastDirection) {
        reversals.push(level);
        step = 1;
      }
      lastDirection = direction;
      level = Math.min(20, Math.max(0, level + direction * step));
    }
  }
  const used = reversals.length >= 3 ? reversals.slice(2) : reversals.length > 0 ? reversals : [level];
  return { logMAR: used.reduce((a, l) => a + logMarOf(l), 0) / used.length, trials };
}
