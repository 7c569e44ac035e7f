/** Helpers shared by the parts of bench/acuity: flags, rounding, table padding. */

/** The value of `--name N` (a positive integer), or `fallback`. */
export function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a positive integer`);
  return value;
}

/** Whether the switch `--name` is on the command line. */
export function hasFlag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}

/** Rounds to 3 decimals. */
export function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

export const pad = (s: string | number, w: number) => String(s).padStart(w);
export const padEnd = (s: string | number, w: number) => String(s).padEnd(w);
export const share = (x: number | null) => (x === null ? '—' : `${(100 * x).toFixed(1)} %`);

/** The seed of run r at threshold ti of a row (the same for every procedure: common random numbers). */
export function runSeed(seedBase: number, ti: number, r: number): number {
  return (seedBase * 1_000_003 + ti * 100_003 + r) | 0;
}
