/**
 * Lighthouse's CPU slowdown, calibrated to the machine (Lighthouse's docs/throttling.md, "Calibrating the
 * CPU slowdown"). Lighthouse's mobile preset slows the CPU a constant 4×, which turns a host with a
 * BenchmarkIndex near 1 533 into its target, a mid-tier phone. The index is Lighthouse's own benchmark
 * (`computeBenchmarkIndex`: how often per second a page can build a 10 000-character string and copy a
 * 100 000-element array, ÷ 10, averaged). This machine's index moves from day to day (it is a shared
 * virtual machine), and with it what a constant 4× means: on a slow day 4× emulates a slower phone than
 * Lighthouse intends, on a fast day a faster one.
 *
 * The multiplier that emulates the same mid-tier phone from a host of index B is the one Lighthouse's
 * calculator gives (lighthouse-cpu-throttling-calculator, from the Lighthouse team's measurements),
 * piecewise linear in B:
 *   B ≥ 1 300:        3 + (B − 1 300) / 233     (1 300 → 3×, 1 533 → 4×, 2 000 → 6×)
 *   800 ≤ B < 1 300:  2 + (B − 800) / 500       (800 → 2×)
 *   150 ≤ B < 800:    1 + (B − 150) / 650       (150 → 1×)
 *   B < 150: too slow to emulate the target at all (null).
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number | null {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return null;
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1 + (benchmarkIndex - 150) / 650;
}
