/*
 * Numerical helpers of the acuity likelihood, over a grid of threshold hypotheses (logMAR).
 * They are module-level functions on typed arrays, not closures inside each procedure: V8 keeps
 * optimisation feedback per closure, so per-procedure closures would start cold on every run (the
 * benchmark runs a million procedures).
 */

/** Adds a log-likelihood row to the log posterior (both per grid point). */
export function addLogLikelihood(logPost: Float64Array, row: Float64Array): void {
  for (let j = 0; j < logPost.length; j++) logPost[j] = logPost[j]! + row[j]!;
}

/** Writes the normalised posterior (sums to 1) of `logPost` into `post`; subtracts the max to avoid underflow. */
export function normalise(logPost: Float64Array, post: Float64Array): void {
  let max = -Infinity;
  for (let j = 0; j < logPost.length; j++) if (logPost[j]! > max) max = logPost[j]!;
  let sum = 0;
  for (let j = 0; j < logPost.length; j++) {
    const p = Math.exp(logPost[j]! - max);
    post[j] = p;
    sum += p;
  }
  for (let j = 0; j < post.length; j++) post[j] = post[j]! / sum;
}

/** Index of the most probable grid point (the first one on ties, i.e. the smallest logMAR). */
export function argMax(post: Float64Array): number {
  let best = 0;
  for (let j = 1; j < post.length; j++) if (post[j]! > post[best]!) best = j;
  return best;
}

/** Posterior mean of the threshold (logMAR). */
export function mean(post: Float64Array, grid: Float64Array): number {
  let m = 0;
  for (let j = 0; j < post.length; j++) m += post[j]! * grid[j]!;
  return m;
}

/** Posterior mass within ±halfWidth logMAR of `centre`. */
export function massWithin(
  post: Float64Array,
  grid: Float64Array,
  centre: number,
  halfWidth: number,
): number {
  let mass = 0;
  for (let j = 0; j < post.length; j++) if (Math.abs(grid[j]! - centre) <= halfWidth + 1e-9) mass += post[j]!;
  return mass;
}

/** The smallest grid value whose cumulative posterior mass reaches q (0 < q ≤ 1). */
export function quantile(post: Float64Array, grid: Float64Array, q: number): number {
  let acc = 0;
  for (let j = 0; j < post.length; j++) {
    acc += post[j]!;
    if (acc >= q) return grid[j]!;
  }
  return grid[grid.length - 1]!;
}

/** The index range [from, to] of grid points holding more than `relative` × the maximum mass. */
export function activeRange(post: Float64Array, relative: number): [number, number] {
  const cut = post[argMax(post)]! * relative;
  let from = 0;
  let to = post.length - 1;
  while (from < to && post[from]! < cut) from++;
  while (to > from && post[to]! < cut) to--;
  return [from, to];
}

/**
 * Expected entropy (nats) of the posterior after one more trial whose P(correct) per grid point is `pc`
 * (logs `logPc`, `logPw`); `logPost` must hold log(post) on [from, to]. Lower means more informative.
 * With a = post × P(branch): H(branch) = log P(branch) − Σ a log a / P(branch), weighted by P(branch).
 */
export function expectedEntropy(
  post: Float64Array,
  logPost: Float64Array,
  pc: Float64Array,
  logPc: Float64Array,
  logPw: Float64Array,
  from: number,
  to: number,
): number {
  let sumC = 0;
  let aLogAC = 0;
  let sumW = 0;
  let aLogAW = 0;
  for (let j = from; j <= to; j++) {
    const p = post[j]!;
    const lp = logPost[j]!;
    const ac = p * pc[j]!;
    const aw = p - ac;
    sumC += ac;
    aLogAC += ac * (lp + logPc[j]!);
    sumW += aw;
    aLogAW += aw * (lp + logPw[j]!);
  }
  return (sumC > 0 ? sumC * Math.log(sumC) - aLogAC : 0) + (sumW > 0 ? sumW * Math.log(sumW) - aLogAW : 0);
}

/** Fills log(post[j]) for j in [from, to]. */
export function logOf(post: Float64Array, out: Float64Array, from: number, to: number): void {
  for (let j = from; j <= to; j++) out[j] = Math.log(post[j]!);
}

/**
 * Posterior mass of the grid points strictly below `below` and strictly above `above` (logMAR). A point
 * within 1e-9 of an edge counts as on it (grid points are rounded to 4 decimals, levels are exact).
 */
export function massOutside(
  post: Float64Array,
  grid: Float64Array,
  below: number,
  above: number,
): [number, number] {
  let low = 0;
  let high = 0;
  for (let j = 0; j < post.length; j++) {
    if (grid[j]! < below - 1e-9) low += post[j]!;
    else if (grid[j]! > above + 1e-9) high += post[j]!;
  }
  return [low, high];
}
