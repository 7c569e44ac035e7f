import { afterAll, describe, expect, it } from 'vitest';
import {
  acuityMeasure,
  acuityNotations,
  NOT_RECORDED,
  REPORT_DISCLAIMER,
  VERDICT_SOURCES,
  viewingText,
  boundReason,
  eyeFigure,
  eyeVerdict,
  formatMetres,
  qualified,
  type StoredAcuity,
} from '@visus/core';
import {
  RECOMMENDATION_ADVICE,
  RECOMMENDATION_LABELS,
  SHARE_LINK_UNAVAILABLE_REASON,
} from '@visus/contracts';
import { RECOMMENDATION_IDS } from '@/components/review-entry';
import { setLanguage, t } from '@/lib/i18n/i18n';
import {
  boundReasonWords,
  eyeFigureWords,
  localNumber,
  metresWords,
  qualifiedWords,
  verdictFigureWords,
  VERDICT_SOURCE_IDS,
  verdictWords,
  viewingWords,
} from './result-words';

/** Acuity records of every kind a verdict or figure reads: measured (with and without ci95), bounds. */
function records(): StoredAcuity[] {
  const out: StoredAcuity[] = [];
  for (let step = -3; step <= 14; step++) {
    const v = Math.round(step * 10) / 100 + 0.02;
    out.push(v);
    out.push({ va: v, rounds: 20, loopLength: 24, logMAR: v });
    for (const half of [0.04, 0.12])
      out.push({ va: v, rounds: 20, loopLength: 24, logMAR: v, ci95: [v - half, v + half] });
    for (const censored of ['better-than', 'worse-than'] as const)
      for (const distanceMm of [600, 2250, undefined])
        out.push({
          va: v,
          rounds: 10,
          loopLength: 24,
          logMAR: v,
          censored,
          bound: v,
          ...(distanceMm === undefined ? {} : { distanceMm }),
        });
  }
  return out;
}

describe('the results words in English are core’s, byte for byte', () => {
  it('verdict sentences, few words and figures, for every kind, age, correction and unit', () => {
    let compared = 0;
    for (const result of records())
      for (const age of [null, 10, 30, 65, 80])
        for (const correction of ['None', 'Glasses', 'something else'])
          for (const units of ['m', 'ft']) {
            const verdict = eyeVerdict('right', 'sloan', result, { age, correction, units });
            const words = verdictWords(verdict);
            expect(words.text).toBe(verdict.text);
            expect(words.short).toBe(verdict.short);
            expect(verdictFigureWords(verdict)).toBe(verdict.figure);
            compared++;
          }
    expect(compared).toBeGreaterThan(3000);
  });

  it('headline figures, bounds and their reasons', () => {
    for (const result of records()) {
      for (const test of ['sloan', 'astigPower', 'tumblingE'] as const)
        for (const units of ['m', 'ft'])
          expect(eyeFigureWords(test, result, units)).toBe(eyeFigure(test, result, units));
      const n = acuityNotations(result);
      expect(qualifiedWords(n, n.text.decimal)).toBe(qualified(n, n.text.decimal));
      if (n.bound) expect(boundReasonWords(n.bound)).toBe(n.bound.reason);
    }
    for (const mm of [600, 1000, 2250, 3000, 6000]) expect(metresWords(mm)).toBe(formatMetres(mm));
    VERDICT_SOURCE_IDS.forEach((id, i) => expect(t(id)).toBe(VERDICT_SOURCES[i]));
    expect(VERDICT_SOURCE_IDS).toHaveLength(VERDICT_SOURCES.length);
    expect(t('results.report.disclaimer')).toBe(REPORT_DISCLAIMER);
    expect(t('results.outcome.gratingNote')).toBe(acuityMeasure('astigPower').description);
    expect(t('results.report.notRecorded')).toBe(NOT_RECORDED);
    const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
    for (const viewing of [
      undefined,
      { method: 'typed', distanceMm: 600 },
      { method: 'blind-spot', distanceMm: 640, minMm: 610, maxMm: 660 },
      { method: 'camera', distanceMm: 1200, minMm: 1150, maxMm: 1150 },
      { method: 'camera', distanceMm: 3000, minMm: 2900, maxMm: 3100 },
    ] as const)
      expect(viewingWords(viewing)).toBe(`${capital(viewingText(viewing))}.`);
    for (const [recommendation, ids] of Object.entries(RECOMMENDATION_IDS)) {
      const key = recommendation as keyof typeof RECOMMENDATION_IDS;
      expect(t(ids.label)).toBe(RECOMMENDATION_LABELS[key]);
      expect(t(ids.advice)).toBe(RECOMMENDATION_ADVICE[key]);
    }
    const reason = SHARE_LINK_UNAVAILABLE_REASON;
    expect(t('results.shared.reason')).toBe(`${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`);
    expect(boundReason('worse-than', null)).toBe(
      boundReasonWords({ censored: 'worse-than', distanceMm: null }),
    );
  });
});

describe('the results words in other languages', () => {
  afterAll(async () => {
    await setLanguage('en');
  });

  it('write a bound and decimals in German, Spanish and French', async () => {
    const bound: StoredAcuity = {
      va: 0.3,
      rounds: 10,
      loopLength: 24,
      logMAR: 0.3,
      censored: 'better-than',
      bound: 0.3,
      distanceMm: 600,
    };
    const n = acuityNotations(bound);
    await setLanguage('de', { areas: ['results'] });
    expect(localNumber('0.50')).toBe('0,50');
    expect(qualifiedWords(n, localNumber(n.text.decimal))).toBe('0,50 oder besser');
    expect(boundReasonWords(n.bound!)).toContain('0,6 m');
    expect(eyeFigureWords('sloan', bound)).toBe('6/12 oder besser (0,30 logMAR oder besser)');
    await setLanguage('es', { areas: ['results'] });
    expect(qualifiedWords(n, localNumber(n.text.decimal))).toBe('0,50 o mejor');
    await setLanguage('fr', { areas: ['results'] });
    expect(qualifiedWords(n, localNumber(n.text.decimal))).toBe('0,50 ou mieux');
    // Snellen fractions are chart lines' names: they keep their point.
    expect(eyeFigureWords('sloan', 0.1)).toBe('6/7.5 (0,10 logMAR)');
  });
});
