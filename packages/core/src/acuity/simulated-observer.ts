import { draw, type Rng } from '../random/rng';
import { LANDOLT_C_ROTATIONS, TUMBLING_E_ROTATIONS, SLOAN_LETTERS, type AcuityOptotype } from './optotypes';
import { CoreInputError, requireFinite, requireInteger, requireInRange } from '../errors/core-input-error';

/**
 * A simulated person for tests and bench/acuity (DESIGN.md §7: the procedure is proven by simulated
 * observers). On each trial the optotype is seen with probability (1 − lapse) × F((L − T) / spread),
 * F the logistic; otherwise the observer guesses uniformly among `guessChoices` answers. So
 * P(correct) = γ + (1 − γ)(1 − λ) F with γ = 1 / guessChoices.
 */
export interface ObserverParameters {
  /** True threshold T (logMAR): the inflection point of F. */
  readonly threshold: number;
  /** Logistic spread s (logMAR, > 0). */
  readonly spread: number;
  /** Lapse rate λ in [0, 0.5). */
  readonly lapse: number;
  /**
   * How many answers the observer guesses among: 9 for someone who picks among the Sloan letters, 26
   * for someone using every key; 8 for Landolt C, 4 for Tumbling E (nothing else is accepted).
   */
  readonly guessChoices: number;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/** Returns a function that answers a stimulus as the described observer would, drawing from `rng`. */
export function createSimulatedObserver(
  optotype: AcuityOptotype,
  params: ObserverParameters,
  rng: Rng,
): (stimulus: { logMAR: number; optotype: string | number }) => string | number {
  const T = requireFinite(params.threshold, 'observer threshold');
  const s = requireInRange(params.spread, 0.001, 1, 'observer spread');
  const lapse = requireInRange(params.lapse, 0, 0.49, 'observer lapse');
  const n = requireInteger(params.guessChoices, 2, 26, 'observer guess choices');
  const choices: readonly (string | number)[] =
    optotype === 'sloan'
      ? n === 26
        ? ALPHABET
        : SLOAN_LETTERS
      : optotype === 'landolt-c'
        ? LANDOLT_C_ROTATIONS
        : TUMBLING_E_ROTATIONS;
  // Guessing is only uniform over sets that contain every optotype that can be shown.
  if (choices.length !== n) {
    throw new CoreInputError(
      `a ${optotype} observer guesses among ${optotype === 'sloan' ? '9 or 26' : choices.length} answers, not ${n}`,
    );
  }
  return (stimulus) => {
    const seen = 1 / (1 + Math.exp(-(stimulus.logMAR - T) / s));
    if (draw(rng) < (1 - lapse) * seen) return stimulus.optotype;
    return choices[Math.floor(draw(rng) * choices.length)]!;
  };
}
