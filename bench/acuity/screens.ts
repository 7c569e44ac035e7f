/**
 * Screen conditions (issue 16 item 3): the display snaps each optotype's height to whole device pixels, so
 * a level of nominal logMAR L is drawn at `optotypeSize(L, viewing).logMarShown`, up to ~0.02 logMAR off
 * at the smallest levels. Here the simulated observer sees the drawn size, and the procedure either knows
 * it (`drawnLogMar`, what the web panel passes) or assumes the nominal level (before issue 16).
 */
import {
  ACUITY_OPTOTYPES,
  createAcuityEngine,
  createSeededRng,
  createSimulatedObserver,
  cssPx,
  logMar,
  optotypeSize,
  measurableRange,
  viewingFrom,
  VISUS_PROCEDURE,
  type AcuityOptotype,
  type Viewing,
} from '@visus/core';
import { pad, padEnd, round, runSeed } from './common';

/** A calibrated screen at a distance, and the window height the app has for an optotype (CSS px). */
export interface ScreenCondition {
  readonly name: string;
  readonly viewing: Viewing;
  readonly windowHeightCssPx: number;
}

export const SCREEN_CONDITIONS: readonly ScreenCondition[] = [
  {
    name: '96 dpi 0.6 m',
    viewing: viewingFrom({ pixelsPerMm: 3.78, distanceMm: 600 }, 1, 1),
    windowHeightCssPx: 950,
  },
  {
    name: '96 dpi 3 m',
    viewing: viewingFrom({ pixelsPerMm: 3.78, distanceMm: 3000 }, 1, 1),
    windowHeightCssPx: 950,
  },
  {
    name: 'laptop 2x 0.6 m',
    viewing: viewingFrom({ pixelsPerMm: 4.5, distanceMm: 600 }, 2, 1),
    windowHeightCssPx: 800,
  },
];

/** Room the acuity panel keeps free above and below the optotype (acuity-panel.tsx VERTICAL_MARGIN_PX). */
const VERTICAL_MARGIN_PX = 120;

/**
 * The levels the app shows on this screen: core's one range rule (measurableRange, ADR 0012), as the acuity
 * panel uses it — from the first level at least 10 device px tall up to the largest that fits the window.
 */
export function appRange(c: ScreenCondition): { minLogMAR: number; maxLogMAR: number } {
  const range = measurableRange(c.viewing, cssPx(Math.max(100, c.windowHeightCssPx - VERTICAL_MARGIN_PX)));
  if (!range.measurable) throw new Error(`${c.name}: no chart line fits`);
  return { minLogMAR: range.smallest, maxLogMAR: range.largest };
}

export interface ScreenRow {
  optotype: AcuityOptotype;
  screen: string;
  minLogMAR: number;
  maxLogMAR: number;
  /** Largest |drawn − nominal| over the levels shown (logMAR). */
  maxSnap: number;
  runs: number;
  /** Bias (mean result − truth) when the procedure uses the drawn logMAR, and when it uses the nominal. */
  biasDrawn: number;
  biasNominal: number;
  sdDrawn: number;
  sdNominal: number;
  /** The worst bias at any single truth, with the drawn logMAR and with the nominal level. */
  maxAbsBiasDrawn: number;
  maxAbsBiasNominal: number;
  meetsTarget: boolean;
}

/** |bias| target of issue 16 item 3 with the drawn logMAR. */
export const SCREEN_BIAS_TARGET = 0.01;

/**
 * The typical observer (spread 0.06, lapses 2 %, guessing among the optotypes shown) at truths a line
 * inside the shown range up to 1.2, every 0.05, `runs` runs each: the same runs with and without drawn.
 */
export function screenRow(
  optotype: AcuityOptotype,
  c: ScreenCondition,
  runs: number,
  seedBase: number,
): ScreenRow {
  const range = appRange(c);
  const drawn = (l: number) => optotypeSize(logMar(l), c.viewing, optotype).logMarShown as number;
  const truths: number[] = [];
  for (let t = range.minLogMAR + 0.1; t <= Math.min(1.2, range.maxLogMAR - 0.1) + 1e-9; t += 0.05)
    truths.push(Math.round(t * 100) / 100);
  let maxSnap = 0;
  for (let l = range.minLogMAR; l <= range.maxLogMAR + 1e-9; l += 0.1)
    maxSnap = Math.max(maxSnap, Math.abs(drawn(l) - l));
  const guessChoices = optotype === 'sloan' ? 9 : optotype === 'landolt-c' ? 8 : 4;
  const stats = { drawn: { sum: 0, sumSq: 0 }, nominal: { sum: 0, sumSq: 0 } };
  let n = 0;
  const worst = { drawn: 0, nominal: 0 };
  truths.forEach((threshold, ti) => {
    const atTruth = { drawn: 0, nominal: 0 };
    for (let r = 0; r < runs; r++) {
      const seed = runSeed(seedBase, ti, r);
      for (const mode of ['drawn', 'nominal'] as const) {
        const answer = createSimulatedObserver(
          optotype,
          { threshold, spread: 0.06, lapse: 0.02, guessChoices },
          createSeededRng(seed),
        );
        const engine = createAcuityEngine(
          {
            optotype,
            rng: createSeededRng(seed ^ 0x5bd1e995),
            ...range,
            ...(mode === 'drawn' ? { drawnLogMar: drawn } : {}),
          },
          VISUS_PROCEDURE,
        );
        // The observer sees the size drawn, whatever the procedure believes.
        for (let s = engine.next(); s; s = engine.next())
          engine.answer(answer({ ...s, logMAR: drawn(s.logMAR) }));
        const err = engine.result().logMAR - threshold;
        stats[mode].sum += err;
        stats[mode].sumSq += err * err;
        atTruth[mode] += err;
      }
      n++;
    }
    for (const mode of ['drawn', 'nominal'] as const)
      worst[mode] = Math.max(worst[mode], Math.abs(atTruth[mode] / runs));
  });
  const moments = ({ sum, sumSq }: { sum: number; sumSq: number }) => {
    const bias = sum / n;
    return { bias, sd: Math.sqrt(Math.max(0, sumSq / n - bias * bias)) };
  };
  const d = moments(stats.drawn);
  const nominal = moments(stats.nominal);
  return {
    optotype,
    screen: c.name,
    ...range,
    maxSnap: round(maxSnap),
    runs: n,
    biasDrawn: round(d.bias),
    biasNominal: round(nominal.bias),
    sdDrawn: round(d.sd),
    sdNominal: round(nominal.sd),
    maxAbsBiasDrawn: round(worst.drawn),
    maxAbsBiasNominal: round(worst.nominal),
    meetsTarget: Math.abs(d.bias) <= SCREEN_BIAS_TARGET,
  };
}

/** Every optotype on every screen condition. */
export function screenRows(runs: number, seed: number): ScreenRow[] {
  return ACUITY_OPTOTYPES.flatMap((optotype, oi) =>
    SCREEN_CONDITIONS.map((c, ci) => screenRow(optotype, c, runs, seed + 300 + oi * 10 + ci)),
  );
}

export function printScreenRows(rows: readonly ScreenRow[], runs: number): void {
  console.log(
    `Screens (issue 16 item 3; typical observer who sees the drawn size, ${runs} runs per truth, truths a line inside the app's range up to 1.2): ` +
      `bias with the drawn logMAR in the likelihood vs with the nominal level; target |bias| ≤ ${SCREEN_BIAS_TARGET}`,
  );
  console.log(
    [
      padEnd('optotype', 11),
      padEnd('screen', 16),
      pad('range', 11),
      pad('max snap', 9),
      pad('bias drawn', 11),
      pad('SD', 6),
      pad('max|bias|', 10),
      pad('bias nominal', 13),
      pad('SD', 6),
      pad('max|bias|', 10),
      pad('target', 7),
    ].join(' '),
  );
  for (const r of rows) {
    console.log(
      [
        padEnd(r.optotype, 11),
        padEnd(r.screen, 16),
        pad(`${r.minLogMAR.toFixed(1)}…${r.maxLogMAR.toFixed(1)}`, 11),
        pad(r.maxSnap.toFixed(3), 9),
        pad(r.biasDrawn.toFixed(3), 11),
        pad(r.sdDrawn.toFixed(3), 6),
        pad(r.maxAbsBiasDrawn.toFixed(3), 10),
        pad(r.biasNominal.toFixed(3), 13),
        pad(r.sdNominal.toFixed(3), 6),
        pad(r.maxAbsBiasNominal.toFixed(3), 10),
        pad(r.meetsTarget ? 'yes' : 'no', 7),
      ].join(' '),
    );
  }
}
