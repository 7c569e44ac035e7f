import { CoreInputError } from '../errors/core-input-error';

/** A source of uniform random numbers in [0, 1), like `Math.random`. Core never owns one: it is passed in. */
export type Rng = () => number;

/**
 * The platform's random source, for callers that do not care about reproducibility (the web app in
 * production). It is the only place core touches `Math.random`: the default of a parameter, never a
 * hidden dependency, so every test and benchmark passes its own seeded {@link Rng}.
 */
// eslint-disable-next-line no-restricted-properties -- the documented default rng of the public API (issue 3); tests and benchmarks pass a seeded one
export const defaultRng: Rng = () => Math.random();

/**
 * A small, fast, seeded generator (mulberry32, 32-bit state). Good enough for choosing letters and for
 * simulated observers; not for cryptography. Same seed → same sequence on every platform.
 */
export function createSeededRng(seed: number): Rng {
  if (!Number.isInteger(seed)) throw new CoreInputError(`seed must be an integer, got ${String(seed)}`);
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws from `rng` and checks it really is in [0, 1), so a broken rng fails loudly instead of making NaN. */
export function draw(rng: Rng): number {
  const x = rng();
  if (typeof x !== 'number' || !(x >= 0 && x < 1)) {
    throw new CoreInputError(`rng must return a number in [0, 1), got ${String(x)}`);
  }
  return x;
}
