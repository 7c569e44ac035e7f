/**
 * The observer family (issue 16 item 5, core observer-family.ts): observers the procedure does not assume —
 * logistic, normal or Weibull psychometric functions of σ 0.05–0.20 logMAR, lapses 0–5 %, and the guessing
 * of each chart (Sloan among 9, 26 or confusable letters; Landolt C among 8; Tumbling E among 4). For each
 * member: how often the 95 % interval holds the truth (coverage), its mean width, bias, RMSE, and the 95th
 * percentile of |test − retest| (two independent runs at the same truth), for each procedure variant given.
 */
import {
  createAcuityEngine,
  createFamilyObserver,
  createSeededRng,
  familyMemberName,
  observerFamily,
  type AcuityOptotype,
  type FamilyObserver,
  type ProcedureVariant,
} from '@visus/core';
import { pad, padEnd, round, runSeed, share } from './common';

/** True thresholds: −0.1 … 1.2 every 0.05, as the main table. */
export const FAMILY_TRUTHS = Array.from({ length: 27 }, (_, i) => Math.round((-0.1 + 0.05 * i) * 100) / 100);

export interface FamilyStats {
  runs: number;
  coverage: number;
  meanWidth: number;
  bias: number;
  rmse: number;
  meanTrials: number;
  /** |test − retest| of runs paired at the same truth (for the 95th percentile over members). */
  retestDiffs: number[];
}

export interface MemberRow {
  optotype: AcuityOptotype;
  member: string;
  observer: FamilyObserver;
  byVariant: Record<string, Omit<FamilyStats, 'retestDiffs'> & { retestP95: number }>;
}

/** The q-quantile (0 … 1) of `xs` (nearest rank). */
export function percentile(xs: readonly number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Runs one member at every truth, `runs` runs each (an even number: runs are paired for retest). */
export function memberStats(
  optotype: AcuityOptotype,
  observer: FamilyObserver,
  variant: ProcedureVariant,
  runs: number,
  seedBase: number,
  truths: readonly number[] = FAMILY_TRUTHS,
): FamilyStats {
  let n = 0;
  let covered = 0;
  let width = 0;
  let sum = 0;
  let sumSq = 0;
  let trials = 0;
  const retestDiffs: number[] = [];
  truths.forEach((truth, ti) => {
    let previous = 0;
    for (let r = 0; r < runs; r++) {
      const seed = runSeed(seedBase, ti, r);
      const answer = createFamilyObserver(optotype, observer, truth, createSeededRng(seed));
      const engine = createAcuityEngine({ optotype, rng: createSeededRng(seed ^ 0x5bd1e995) }, variant);
      for (let s = engine.next(); s; s = engine.next()) engine.answer(answer(s));
      const result = engine.result();
      const err = result.logMAR - truth;
      n++;
      if (result.ci95[0] <= truth + 1e-9 && truth <= result.ci95[1] + 1e-9) covered++;
      width += result.ci95[1] - result.ci95[0];
      sum += err;
      sumSq += err * err;
      trials += result.trials;
      if (r % 2 === 1) retestDiffs.push(Math.abs(result.logMAR - previous));
      previous = result.logMAR;
    }
  });
  return {
    runs: n,
    coverage: covered / n,
    meanWidth: width / n,
    bias: sum / n,
    rmse: Math.sqrt(sumSq / n),
    meanTrials: trials / n,
    retestDiffs,
  };
}

/** Every member of the optotype's family against every variant (common random numbers across variants). */
export function familyRows(
  optotype: AcuityOptotype,
  variants: readonly ProcedureVariant[],
  runs: number,
  seedBase: number,
): { rows: MemberRow[]; retest: Record<string, number[]> } {
  const retest: Record<string, number[]> = {};
  const rows = observerFamily(optotype).map((observer, mi) => {
    const byVariant: MemberRow['byVariant'] = {};
    for (const variant of variants) {
      const s = memberStats(optotype, observer, variant, runs, seedBase + mi * 7919);
      (retest[variant.name] ??= []).push(...s.retestDiffs);
      byVariant[variant.name] = {
        runs: s.runs,
        coverage: round(s.coverage),
        meanWidth: round(s.meanWidth),
        bias: round(s.bias),
        rmse: round(s.rmse),
        meanTrials: Math.round(s.meanTrials * 10) / 10,
        retestP95: round(percentile(s.retestDiffs, 0.95)),
      };
    }
    return { optotype, member: familyMemberName(observer), observer, byVariant };
  });
  return { rows, retest };
}

/** Summary of one optotype's family for one variant. */
export interface FamilySummary {
  optotype: AcuityOptotype;
  variant: string;
  members: number;
  minCoverage: number;
  worstMember: string;
  meanCoverage: number;
  /** The member closest to the model (logistic σ 0.10, λ 0.02, honest guessing): width and RMSE. */
  typicalWidth: number;
  typicalRmse: number;
  /** 95th percentile of |test − retest| pooled over every member (equal runs each), and the worst member's. */
  retestP95: number;
  retestP95WorstMember: number;
}

export function summarise(
  optotype: AcuityOptotype,
  variant: string,
  rows: readonly MemberRow[],
  retest: readonly number[],
): FamilySummary {
  const stats = rows.map((r) => ({ member: r.member, observer: r.observer, ...r.byVariant[variant]! }));
  const worst = stats.reduce((a, b) => (b.coverage < a.coverage ? b : a));
  const typical = stats.find(
    (s) =>
      s.observer.shape === 'logistic' &&
      s.observer.sigma === 0.1 &&
      s.observer.lapse === 0.02 &&
      s.observer.guess === 'uniform' &&
      s.observer.choices === (optotype === 'sloan' ? 9 : optotype === 'landolt-c' ? 8 : 4),
  )!;
  return {
    optotype,
    variant,
    members: stats.length,
    minCoverage: worst.coverage,
    worstMember: worst.member,
    meanCoverage: round(stats.reduce((a, s) => a + s.coverage, 0) / stats.length),
    typicalWidth: typical.meanWidth,
    typicalRmse: typical.rmse,
    retestP95: round(percentile(retest, 0.95)),
    retestP95WorstMember: Math.max(...stats.map((s) => s.retestP95)),
  };
}

/**
 * Per optotype, shape and σ: the lowest coverage over that cell's members (lapses, guessing) for each
 * variant, the mean interval width and RMSE.
 */
export function printFamily(
  rows: readonly MemberRow[],
  summaries: readonly FamilySummary[],
  variants: readonly string[],
  runs: number,
): void {
  console.log(
    `Observer family (issue 16 item 5; ${runs} runs × ${FAMILY_TRUTHS.length} truths per member; each cell: lowest coverage over its lapses 0/2/5 % and guessing, mean width, RMSE) — ${variants.join(' vs ')}`,
  );
  console.log(
    [padEnd('optotype', 11), padEnd('shape', 9), pad('σ', 5), pad('members', 8)]
      .concat(variants.flatMap((v) => [pad(`${v} cov`, 16), pad('width', 6), pad('RMSE', 6)]))
      .join(' '),
  );
  const cells = new Map<string, MemberRow[]>();
  for (const r of rows) {
    const key = `${r.optotype}|${r.observer.shape}|${r.observer.sigma}`;
    cells.set(key, [...(cells.get(key) ?? []), r]);
  }
  for (const [key, members] of cells) {
    const [optotype, shape, sigma] = key.split('|');
    const columns = variants.flatMap((v) => {
      const s = members.map((m) => m.byVariant[v]!);
      const mean = (f: (x: (typeof s)[number]) => number) => s.reduce((a, x) => a + f(x), 0) / s.length;
      return [
        pad(share(Math.min(...s.map((x) => x.coverage))), 16),
        pad(mean((x) => x.meanWidth).toFixed(3), 6),
        pad(mean((x) => x.rmse).toFixed(3), 6),
      ];
    });
    console.log(
      [padEnd(optotype!, 11), padEnd(shape!, 9), pad(Number(sigma).toFixed(2), 5), pad(members.length, 8)]
        .concat(columns)
        .join(' '),
    );
  }
  console.log(
    [
      padEnd('optotype', 11),
      padEnd('variant', 22),
      pad('min cov', 8),
      pad('mean cov', 9),
      padEnd(' worst member', 36),
      pad('typ width', 10),
      pad('typ RMSE', 9),
      pad('retest p95', 11),
      pad('worst p95', 10),
    ].join(' '),
  );
  for (const s of summaries) {
    console.log(
      [
        padEnd(s.optotype, 11),
        padEnd(s.variant, 22),
        pad(share(s.minCoverage), 8),
        pad(share(s.meanCoverage), 9),
        padEnd(` ${s.worstMember}`, 36),
        pad(s.typicalWidth.toFixed(3), 10),
        pad(s.typicalRmse.toFixed(3), 9),
        pad(s.retestP95.toFixed(3), 11),
        pad(s.retestP95WorstMember.toFixed(3), 10),
      ].join(' '),
    );
  }
}
