import { CoreInputError, requireFinite, requireInRange } from '../errors/core-input-error';
import { draw, type Rng } from '../random/rng';
import { LANDOLT_C_ROTATIONS, SLOAN_LETTERS, TUMBLING_E_ROTATIONS, type AcuityOptotype } from './optotypes';

/*
 * The observers the procedure does not assume (issue 16 item 5): the procedure's likelihood is a logistic
 * of spread 0.06 with lapse 0.04 and a uniform guess among the optotypes shown (variants.ts). Real people
 * differ in the shape and spread of their psychometric function, in lapses, and in how they guess. This
 * family spans those differences, for the tests and bench/acuity.
 *
 * F, the probability of seeing the detail of an optotype of logMAR L, has median T (the threshold, F(T) =
 * 1/2, the same definition as the logistic's inflection point the procedure estimates) and standard
 * deviation σ (logMAR) as a distribution over L:
 *   logistic  F = 1 / (1 + exp(−(L − T)/s)),          s = σ·√3/π
 *   normal    F = Φ((L − T)/σ)
 *   weibull   F = 1 − exp(−exp((L − m)/β)),           β = σ·√6/π, m = T − β·ln(ln 2)
 * (the Weibull of size is a Gumbel in log size; its SD is βπ/√6 and its median m + β ln ln 2).
 * On each trial the observer, unless lapsing (probability λ), sees the detail with probability F and
 * answers right; otherwise guesses:
 *   'uniform': uniformly among `choices` answers (9 or 26 for Sloan, 8 Landolt C, 4 Tumbling E);
 *   'confusable' (Sloan only): when the letter's outline is seen but not its detail — outline seen with
 *     probability F(L + 0.1), a line smaller than the detail — among the 3 letters of its similar-outline
 *     group (C D O, H K N, R S V); else uniformly among the 9.
 */

/** Shape of the psychometric function of a {@link FamilyObserver}. */
export type PsychometricShape = 'logistic' | 'normal' | 'weibull';

/** One member of the observer family. */
export interface FamilyObserver {
  readonly shape: PsychometricShape;
  /** Standard deviation of F in logMAR (> 0). */
  readonly sigma: number;
  /** Lapse rate λ in [0, 0.5). */
  readonly lapse: number;
  /** 'uniform' among `choices`, or 'confusable' (Sloan). */
  readonly guess: 'uniform' | 'confusable';
  /** How many answers a uniform guess picks among (ignored for 'confusable'). */
  readonly choices: number;
}

/** Sloan letters with similar outlines: a letter whose outline is seen is confused within its group. */
export const SLOAN_CONFUSION_GROUPS: readonly (readonly string[])[] = [
  ['C', 'D', 'O'],
  ['H', 'K', 'N'],
  ['R', 'S', 'V'],
];

/** How much smaller (logMAR) the outline of a letter is seen than its detail ('confusable' guessing). */
export const OUTLINE_ADVANTAGE_LOGMAR = 0.1;

/** Φ, the standard normal CDF, from erf (Abramowitz & Stegun 7.1.26, |error| < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** F(L) of a family member with threshold T: the probability of seeing the detail (see above). */
export function seenProbability(
  shape: PsychometricShape,
  sigma: number,
  threshold: number,
  L: number,
): number {
  const x = L - threshold;
  if (shape === 'logistic') return 1 / (1 + Math.exp(-x / ((sigma * Math.sqrt(3)) / Math.PI)));
  if (shape === 'normal') return normalCdf(x / sigma);
  const beta = (sigma * Math.sqrt(6)) / Math.PI;
  return 1 - Math.exp(-Math.exp(x / beta + Math.log(Math.LN2)));
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/** Returns a function that answers a stimulus as the family member with threshold T would, drawing from `rng`. */
export function createFamilyObserver(
  optotype: AcuityOptotype,
  member: FamilyObserver,
  threshold: number,
  rng: Rng,
): (stimulus: { logMAR: number; optotype: string | number }) => string | number {
  const T = requireFinite(threshold, 'observer threshold');
  const sigma = requireInRange(member.sigma, 0.001, 1, 'observer sigma');
  const lapse = requireInRange(member.lapse, 0, 0.49, 'observer lapse');
  if (!['logistic', 'normal', 'weibull'].includes(member.shape))
    throw new CoreInputError(`unknown psychometric shape ${String(member.shape)}`);
  if (member.guess === 'confusable' && optotype !== 'sloan')
    throw new CoreInputError('only a Sloan observer confuses letters of similar outline');
  const all: readonly (string | number)[] =
    optotype === 'sloan'
      ? member.guess === 'uniform' && member.choices === 26
        ? ALPHABET
        : SLOAN_LETTERS
      : optotype === 'landolt-c'
        ? LANDOLT_C_ROTATIONS
        : TUMBLING_E_ROTATIONS;
  if (member.guess === 'uniform' && all.length !== member.choices)
    throw new CoreInputError(`a ${optotype} observer cannot guess uniformly among ${member.choices} answers`);
  const pick = (list: readonly (string | number)[]) => list[Math.floor(draw(rng) * list.length)]!;
  return (stimulus) => {
    const u = draw(rng);
    const seen = (1 - lapse) * seenProbability(member.shape, sigma, T, stimulus.logMAR);
    if (u < seen) return stimulus.optotype;
    if (member.guess === 'confusable') {
      const outline =
        (1 - lapse) * seenProbability(member.shape, sigma, T, stimulus.logMAR + OUTLINE_ADVANTAGE_LOGMAR);
      const group = SLOAN_CONFUSION_GROUPS.find((g) => g.includes(String(stimulus.optotype)));
      if (u < outline && group) return pick(group);
    }
    return pick(all);
  };
}

/**
 * The family of issue 16 item 5 for an optotype: every shape, σ ∈ {0.05, 0.10, 0.15, 0.20}, λ ∈ {0, 0.02,
 * 0.05}, and the guessing a person of that chart may do: Sloan among the 9 letters, all 26 keys, or
 * confusable letters; Landolt C among its 8 orientations, Tumbling E among 4 (as the app offers).
 */
export function observerFamily(optotype: AcuityOptotype): FamilyObserver[] {
  const guesses: Pick<FamilyObserver, 'guess' | 'choices'>[] =
    optotype === 'sloan'
      ? [
          { guess: 'uniform', choices: 9 },
          { guess: 'uniform', choices: 26 },
          { guess: 'confusable', choices: 9 },
        ]
      : [{ guess: 'uniform', choices: optotype === 'landolt-c' ? 8 : 4 }];
  const members: FamilyObserver[] = [];
  for (const shape of ['logistic', 'normal', 'weibull'] as const)
    for (const sigma of [0.05, 0.1, 0.15, 0.2])
      for (const lapse of [0, 0.02, 0.05])
        for (const g of guesses) members.push({ shape, sigma, lapse, ...g });
  return members;
}

/** A short name of a member, e.g. "weibull σ0.20 λ0.05 confusable". */
export function familyMemberName(m: FamilyObserver): string {
  const guess = m.guess === 'confusable' ? 'confusable' : `1/${m.choices}`;
  return `${m.shape} σ${m.sigma.toFixed(2)} λ${m.lapse.toFixed(2)} ${guess}`;
}
