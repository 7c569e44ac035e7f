/**
 * Acuity procedure benchmark (issue 3, DESIGN.md §7): simulated observers with known thresholds answer
 * the procedure Visus runs, the spec read literally, and a 1-up/2-down staircase, all in the same run
 * with the same seeds. Prints a table and one JSON line.
 *
 *   node --import tsx bench/acuity/run.ts [--quick] [--runs N] [--seed S]
 *
 * N runs per true threshold per optotype per observer (default 1000, 100 with --quick); thresholds
 * −0.1 … 1.2 logMAR in 0.05 steps, so half of them fall between two chart lines.
 *
 * Then censoring (issue 16, docs/adr/0010-censored-acuity-results.md), typical observer: a coverage row per
 * optotype over the same thresholds with the full range, and rows for screens whose range binds
 * (minLogMAR 0.5, maxLogMAR 0.7) with truths on both sides of the end. Each is compared, on the same runs,
 * with the procedure before censoring (`VISUS_PROCEDURE` with `censorMass: null`).
 *
 * Then screens (issue 16 item 3, screens.ts): calibrated screens where the observer sees the size drawn
 * after snapping to device pixels, the procedure with and without the drawn logMAR in its likelihood.
 */
import {
  ACUITY_OPTOTYPES,
  createAcuityEngine,
  createSeededRng,
  createSimulatedObserver,
  SPEC_PROCEDURE,
  VISUS_PROCEDURE,
  type AcuityOptotype,
  type AcuityResult,
  type ObserverParameters,
  type ProcedureVariant,
} from '@visus/core';
import { flag, hasFlag, pad, padEnd, round, runSeed, share } from './common';
import { familyRows, printFamily, summarise, type FamilySummary, type MemberRow } from './family';
import { printScreenRows, screenRows } from './screens';
import { runStaircase } from './staircase';

/** `--quick`: 100 runs per threshold instead of 1000 (a reviewer's rerun in about a minute). */
const QUICK = hasFlag('quick');
const RUNS = flag('runs', QUICK ? 100 : 1000);
const SEED = flag('seed', 20261122);
/** Runs per truth per member of the observer family (even: runs are paired for test–retest). */
const FAMILY_RUNS = 2 * Math.ceil(flag('family-runs', QUICK ? 6 : 20) / 2);
const THRESHOLDS = Array.from({ length: 27 }, (_, i) => Math.round((-0.1 + 0.05 * i) * 100) / 100);

/** Targets of issue 3: |bias| ≤ 0.03; limits of agreement within ±limit; mean trials ≤ maxTrials. */
const TARGETS: Record<AcuityOptotype, { loa: number; trials: number }> = {
  sloan: { loa: 0.1, trials: 25 },
  'landolt-c': { loa: 0.1, trials: 30 },
  'tumbling-e': { loa: 0.12, trials: 30 },
};

interface ObserverKind {
  name: string;
  params: (optotype: AcuityOptotype) => Omit<ObserverParameters, 'threshold'>;
  only?: AcuityOptotype;
}

const honestChoices = (o: AcuityOptotype) => (o === 'sloan' ? 9 : o === 'landolt-c' ? 8 : 4);
const OBSERVERS: ObserverKind[] = [
  { name: 'typical', params: (o) => ({ spread: 0.06, lapse: 0.02, guessChoices: honestChoices(o) }) },
  { name: 'steep s=0.03', params: (o) => ({ spread: 0.03, lapse: 0.02, guessChoices: honestChoices(o) }) },
  { name: 'shallow s=0.12', params: (o) => ({ spread: 0.12, lapse: 0.02, guessChoices: honestChoices(o) }) },
  { name: 'lapse 5%', params: (o) => ({ spread: 0.06, lapse: 0.05, guessChoices: honestChoices(o) }) },
  { name: 'guess 1/26', params: () => ({ spread: 0.06, lapse: 0.02, guessChoices: 26 }), only: 'sloan' },
];

type ProcedureName = 'visus' | 'spec' | 'staircase';
const PROCEDURES: ProcedureName[] = ['visus', 'spec', 'staircase'];
const VARIANTS: Record<Exclude<ProcedureName, 'staircase'>, ProcedureVariant> = {
  visus: VISUS_PROCEDURE,
  spec: SPEC_PROCEDURE,
};

interface Row {
  optotype: AcuityOptotype;
  observer: string;
  procedure: ProcedureName;
  runs: number;
  bias: number;
  sd: number;
  loaLow: number;
  loaHigh: number;
  maxAbsBiasPerThreshold: number;
  meanTrials: number;
  meetsTargets: boolean;
}

function measure(
  optotype: AcuityOptotype,
  observer: ObserverKind,
  procedure: ProcedureName,
  seedBase: number,
): Row {
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  let trials = 0;
  let maxAbsBias = 0;
  THRESHOLDS.forEach((threshold, ti) => {
    let tSum = 0;
    for (let r = 0; r < RUNS; r++) {
      // The same seed for every procedure: each meets the same observers (common random numbers).
      const seed = runSeed(seedBase, ti, r);
      const observerRng = createSeededRng(seed);
      const answer = createSimulatedObserver(
        optotype,
        { threshold, ...observer.params(optotype) },
        observerRng,
      );
      const procRng = createSeededRng(seed ^ 0x5bd1e995);
      let logMAR: number;
      let used: number;
      if (procedure === 'staircase') {
        ({ logMAR, trials: used } = runStaircase(optotype, answer, procRng));
      } else {
        const engine = createAcuityEngine({ optotype, rng: procRng }, VARIANTS[procedure]);
        for (let s = engine.next(); s; s = engine.next()) engine.answer(answer(s));
        ({ logMAR, trials: used } = engine.result());
      }
      const err = logMAR - threshold;
      n++;
      sum += err;
      sumSq += err * err;
      tSum += err;
      trials += used;
    }
    maxAbsBias = Math.max(maxAbsBias, Math.abs(tSum / RUNS));
  });
  const bias = sum / n;
  const sd = Math.sqrt(Math.max(0, sumSq / n - bias * bias) * (n / (n - 1)));
  const target = TARGETS[optotype];
  const loaLow = bias - 1.96 * sd;
  const loaHigh = bias + 1.96 * sd;
  const meanTrials = trials / n;
  return {
    optotype,
    observer: observer.name,
    procedure,
    runs: n,
    bias: round(bias),
    sd: round(sd),
    loaLow: round(loaLow),
    loaHigh: round(loaHigh),
    maxAbsBiasPerThreshold: round(maxAbsBias),
    meanTrials: Math.round(meanTrials * 10) / 10,
    meetsTargets:
      Math.abs(bias) <= 0.03 && loaLow >= -target.loa && loaHigh <= target.loa && meanTrials <= target.trials,
  };
}

/** The procedure before issue 16: the same runs, never censored (the baseline of the censoring rows). */
const UNCENSORED: ProcedureVariant = { ...VISUS_PROCEDURE, name: 'visus, no censoring', censorMass: null };
/**
 * How far on the wrong side of its bound a censored result may find the truth and still count as holding
 * it: one line (0.1 logMAR), the step between drawn levels and about the procedure's own 95 % limits of
 * agreement (±0.09). `boundStrict` counts with no tolerance at all.
 */
const BOUND_TOLERANCE = 0.1;
const EPS = 1e-9;

interface CensorRow {
  optotype: AcuityOptotype;
  /** 'full' (−0.2 … 1.8), 'min 0.5' or 'max 0.7'. */
  range: string;
  /** The true threshold, or 'grid' for all of THRESHOLDS. */
  truth: number | 'grid';
  runs: number;
  /** Share of runs whose result is censored. */
  censored: number;
  /** Share of censored results whose bound holds the truth within BOUND_TOLERANCE (null: none censored). */
  boundHolds: number | null;
  /** The same with no tolerance. */
  boundStrict: number | null;
  /** Share of measured (not censored) results whose ci95 holds the truth (null: none measured). */
  measuredCoverage: number | null;
  /** Share of results before censoring whose ci95 held the truth, on the same runs. */
  baselineCoverage: number;
}

const holds = (r: AcuityResult, truth: number) => r.ci95[0] <= truth + EPS && truth <= r.ci95[1] + EPS;

/** Runs the typical observer at each truth against the procedure with and without censoring. */
function censorRow(
  optotype: AcuityOptotype,
  range: { name: string; minLogMAR?: number; maxLogMAR?: number },
  truths: readonly number[],
  seedBase: number,
): CensorRow {
  let n = 0;
  let censored = 0;
  let boundOk = 0;
  let boundStrict = 0;
  let measured = 0;
  let measuredOk = 0;
  let baselineOk = 0;
  truths.forEach((truth, ti) => {
    for (let r = 0; r < RUNS; r++) {
      const seed = runSeed(seedBase, ti, r);
      const [now, before] = [VISUS_PROCEDURE, UNCENSORED].map((variant) => {
        const answer = createSimulatedObserver(
          optotype,
          { threshold: truth, ...OBSERVERS[0]!.params(optotype) },
          createSeededRng(seed),
        );
        const engine = createAcuityEngine(
          {
            optotype,
            rng: createSeededRng(seed ^ 0x5bd1e995),
            minLogMAR: range.minLogMAR,
            maxLogMAR: range.maxLogMAR,
            reportBounds: true,
          },
          variant,
        );
        for (let s = engine.next(); s; s = engine.next()) engine.answer(answer(s));
        return engine.result();
      }) as [AcuityResult, AcuityResult];
      n++;
      if (holds(before, truth)) baselineOk++;
      if (now.censored) {
        censored++;
        const gap = now.censored === 'better-than' ? truth - now.bound! : now.bound! - truth;
        if (gap <= BOUND_TOLERANCE + EPS) boundOk++;
        if (gap <= EPS) boundStrict++;
      } else {
        measured++;
        if (holds(now, truth)) measuredOk++;
      }
    }
  });
  const ratio = (a: number, b: number) => (b === 0 ? null : round(a / b));
  return {
    optotype,
    range: range.name,
    truth: truths.length === 1 ? truths[0]! : 'grid',
    runs: n,
    censored: round(censored / n),
    boundHolds: ratio(boundOk, censored),
    boundStrict: ratio(boundStrict, censored),
    measuredCoverage: ratio(measuredOk, measured),
    baselineCoverage: round(baselineOk / n),
  };
}

/** Screens whose range binds, and truths on both sides of the end. */
const CENSOR_CONDITIONS = [
  { name: 'min 0.5', minLogMAR: 0.5, truths: [-0.1, 0.2, 0.4, 0.6, 0.8] },
  { name: 'max 0.7', maxLogMAR: 0.7, truths: [0.5, 0.9, 1.2] },
] as const;

const started = performance.now();
const rows: Row[] = [];
ACUITY_OPTOTYPES.forEach((optotype, oi) => {
  OBSERVERS.filter((o) => !o.only || o.only === optotype).forEach((observer, bi) => {
    for (const procedure of PROCEDURES)
      rows.push(measure(optotype, observer, procedure, oi * 10 + bi + SEED));
  });
});

const censorRows: CensorRow[] = [];
ACUITY_OPTOTYPES.forEach((optotype, oi) => {
  censorRows.push(censorRow(optotype, { name: 'full' }, THRESHOLDS, SEED + 100 + oi));
  CENSOR_CONDITIONS.forEach((c, ci) =>
    c.truths.forEach((truth, ti) =>
      censorRows.push(censorRow(optotype, c, [truth], SEED + 200 + oi * 10 + ci * 5 + ti)),
    ),
  );
});

const screens = screenRows(RUNS, SEED);

/** Before issue 16 item 5: the interval of the model's spread alone, on the same runs. */
const MODEL_SPREAD_ONLY: ProcedureVariant = {
  ...VISUS_PROCEDURE,
  name: 'before (model spread)',
  spreadPrior: null,
};
const familyVariants = [MODEL_SPREAD_ONLY, VISUS_PROCEDURE];
const family: MemberRow[] = [];
const familySummaries: FamilySummary[] = [];
ACUITY_OPTOTYPES.forEach((optotype, oi) => {
  const { rows: memberRows, retest } = familyRows(optotype, familyVariants, FAMILY_RUNS, SEED + 500 + oi);
  family.push(...memberRows);
  for (const v of familyVariants)
    familySummaries.push(summarise(optotype, v.name, memberRows, retest[v.name]!));
});

console.log(
  `Acuity procedure vs simulated observers: ${RUNS} runs × ${THRESHOLDS.length} thresholds (${THRESHOLDS[0]} … ${THRESHOLDS[THRESHOLDS.length - 1]} logMAR) per row, seed ${SEED}`,
);
console.log(
  [
    padEnd('optotype', 11),
    padEnd('observer', 15),
    padEnd('procedure', 10),
    pad('bias', 7),
    pad('SD', 6),
    pad('LoA low', 8),
    pad('LoA high', 9),
    pad('max|bias|', 10),
    pad('trials', 7),
    pad('targets', 8),
  ].join(' '),
);
for (const r of rows) {
  console.log(
    [
      padEnd(r.optotype, 11),
      padEnd(r.observer, 15),
      padEnd(r.procedure, 10),
      pad(r.bias.toFixed(3), 7),
      pad(r.sd.toFixed(3), 6),
      pad(r.loaLow.toFixed(3), 8),
      pad(r.loaHigh.toFixed(3), 9),
      pad(r.maxAbsBiasPerThreshold.toFixed(3), 10),
      pad(r.meanTrials.toFixed(1), 7),
      pad(r.meetsTargets ? 'yes' : 'no', 8),
    ].join(' '),
  );
}

console.log(
  `Censoring (typical observer, ${RUNS} runs per truth; 'full' = every threshold above, range −0.2 … 1.8): ` +
    `bound holds = truth ≤ bound + ${BOUND_TOLERANCE} (better-than) or ≥ bound − ${BOUND_TOLERANCE} (worse-than); ` +
    `before = the same runs without censoring`,
);
console.log(
  [
    padEnd('optotype', 11),
    padEnd('range', 8),
    pad('truth', 6),
    pad('censored', 9),
    pad('bound holds', 12),
    pad('(strict)', 9),
    pad('measured ci95', 14),
    pad('before ci95', 12),
  ].join(' '),
);
for (const r of censorRows) {
  console.log(
    [
      padEnd(r.optotype, 11),
      padEnd(r.range, 8),
      pad(r.truth === 'grid' ? 'grid' : r.truth.toFixed(2), 6),
      pad(share(r.censored), 9),
      pad(share(r.boundHolds), 12),
      pad(share(r.boundStrict), 9),
      pad(share(r.measuredCoverage), 14),
      pad(share(r.baselineCoverage), 12),
    ].join(' '),
  );
}

printScreenRows(screens, RUNS);
printFamily(
  family,
  familySummaries,
  familyVariants.map((v) => v.name),
  FAMILY_RUNS,
);

const worstLimit = (r: Row) => Math.max(Math.abs(r.loaLow), Math.abs(r.loaHigh));

// Advantage as ratios on the typical observer: LoA half-width (1.96 SD) of the reference over Visus's.
const ratios = ACUITY_OPTOTYPES.map((optotype) => {
  const get = (p: ProcedureName) =>
    rows.find((r) => r.optotype === optotype && r.observer === 'typical' && r.procedure === p)!;
  const v = get('visus');
  return {
    optotype,
    loaWidthStaircaseOverVisus: round(get('staircase').sd / v.sd),
    loaWidthSpecOverVisus: round(get('spec').sd / v.sd),
    // The worst limit includes the bias, so it is the fairer "how far off can one result be" ratio.
    worstLimitStaircaseOverVisus: round(worstLimit(get('staircase')) / worstLimit(v)),
    worstLimitSpecOverVisus: round(worstLimit(get('spec')) / worstLimit(v)),
    trialsStaircaseOverVisus: round(get('staircase').meanTrials / v.meanTrials),
  };
});
const typicalVisus = rows.filter((r) => r.procedure === 'visus' && r.observer === 'typical');
const summary = {
  bench: 'acuity',
  runsPerThreshold: RUNS,
  thresholds: [THRESHOLDS[0], THRESHOLDS[THRESHOLDS.length - 1], 0.05],
  seed: SEED,
  targetsMetTypical: typicalVisus.every((r) => r.meetsTargets),
  targetsMetAllObservers: rows.filter((r) => r.procedure === 'visus').every((r) => r.meetsTargets),
  ratios,
  rows,
  censoring: {
    boundTolerance: BOUND_TOLERANCE,
    rows: censorRows,
  },
  screens: { targetMet: screens.every((r) => r.meetsTarget), rows: screens },
  family: {
    runsPerTruth: FAMILY_RUNS,
    summaries: familySummaries,
    members: family.map((r) => ({ optotype: r.optotype, member: r.member, ...r.byVariant })),
  },
  seconds: Math.round((performance.now() - started) / 100) / 10,
};
console.log(
  `ratios (typical observer): ${ratios.map((r) => `${r.optotype} worst limit staircase/visus ${r.worstLimitStaircaseOverVisus}×, spec/visus ${r.worstLimitSpecOverVisus}×`).join('; ')}`,
);
console.log(JSON.stringify(summary));
