import { afterAll, describe, expect, it } from 'vitest';
import {
  acuityMeasure,
  acuityNotations,
  axisFindingText,
  diamondOutcome,
  duochromeMeaning,
  formatAngle,
  NOT_RECORDED,
  reportHeaderFacts,
  spokeAverageText,
  spokeSpreadText,
  type AxisResult,
  type DiamondEyeResult,
  type DiamondRound,
  type ResultRecord,
  type TestId,
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
  angleWords,
  axisWords,
  boundReasonWords,
  diamondWords,
  duochromeWords,
  eyeFigureWords,
  localNumber,
  metresWords,
  qualifiedWords,
  verdictFigureWords,
  VERDICT_SOURCE_IDS,
  verdictWords,
  viewingWords,
  spokeAverageWords,
  spokeSpreadWords,
} from './result-words';
import { reportLabelWords, reportValueWords } from './report-header-words';

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

/** Every list of up to four DuoChrome answers. */
function duochromeAnswers(): string[][] {
  const out: string[][] = [[]];
  for (let length = 1; length <= 4; length++)
    for (let code = 0; code < 3 ** length; code++)
      out.push(Array.from({ length }, (_, i) => ['red', 'green', 'same'][Math.floor(code / 3 ** i) % 3]!));
  return out;
}

/** Axis results of every finding, letter and first two answers, at a few endpoints (older ones too). */
function axisResults(): AxisResult[] {
  const out: AxisResult[] = [];
  const keys = [null, 'same', 'left', 'right'] as const;
  for (const endpoint of [0, 40, 90, 92.46, 175])
    for (const finding of [undefined, 'none-found', 'axis', 'uncertain'] as const)
      for (const letter of [undefined, 'horizontal', 'vertical', 'none'] as const)
        for (const firstResponseKey of keys)
          for (const secondResponseKey of keys)
            out.push({
              endpoint,
              firstResponseKey,
              secondResponseKey,
              ...(finding ? { finding } : {}),
              ...(letter ? { letter } : {}),
            });
  return out;
}

/** Diamond eyes of every score of one to five rounds, at one or two contrasts, and an older record. */
function diamondEyes(): DiamondEyeResult[] {
  const rotation = [90, -45, 45, 0] as const;
  const round = (correct: boolean, contrast: number): DiamondRound => ({
    selected: 2,
    rotation: rotation[1],
    contrast,
    gratingTile: correct ? 2 : 3,
    correct,
  });
  const out: DiamondEyeResult[] = [{ selected: 3, rotation: 45, contrast: 8 }];
  for (let of = 1; of <= 5; of++)
    for (let correct = 0; correct <= of; correct++)
      for (const contrasts of [[8], [8, 12.5]]) {
        const rounds = Array.from({ length: of }, (_, i) =>
          round(i < correct, contrasts[i % contrasts.length]!),
        );
        out.push({ ...rounds[of - 1]!, rounds });
      }
  return out;
}

const spokeSizes = [
  { average: 120.333, diff: 4.5 },
  { average: 96, diff: 0 },
  {
    average: 120.3,
    diff: 4.5,
    visualAngle: { distanceMm: 600, sizes: [2.4, 2.5], average: 2.456, diff: 0.071 },
  },
  { average: 80, diff: 2, visualAngle: { distanceMm: 1250, sizes: [1], average: 1, diff: 0.3 } },
];

/** A stored value of every other test, for its headline figure. */
const otherValues: [TestId, unknown][] = [
  ...duochromeAnswers().map((a): [TestId, unknown] => ['duoChrome', a]),
  ...axisResults().map((r): [TestId, unknown] => ['astigAxis', r]),
  ...diamondEyes().map((d): [TestId, unknown] => ['diamond', d]),
  ...spokeSizes.map((v): [TestId, unknown] => ['spokeCircle', { ...v, acuityResults: [] }]),
  ...spokeSizes.map((v): [TestId, unknown] => [
    'spokeEllipse',
    {
      averageWidth: v.average,
      diffWidth: v.diff,
      averageRotation: 42.26,
      diffRotation: 3,
      acuityResults: [],
      ...(v.visualAngle ? { visualAngle: v.visualAngle } : {}),
    },
  ]),
  ...[-0.25, 0, 0.75, 1.5, 2.5, -0.001].map((add): [TestId, unknown] => ['presbyopia', { add, answer: 0 }]),
];

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Records for the report header: with and without calibration, charts, gamma and browser. */
function reportRecords(): ResultRecord[] {
  const setup = { date: '2026-11-25T10:00:00.000Z', units: 'm', correction: 'Glasses', testMode: false };
  const calibration = {
    method: 'card' as const,
    pxPerMm: 3.7795,
    distanceMm: 600,
    devicePixelRatio: 1.25,
    gamma: 2.2,
    userAgent: CHROME,
  };
  return [
    { setup: { ...setup, correction: '' }, data: { start: 0, end: 1 } },
    { setup: { ...setup, calibration }, data: { start: 0, end: 1 } },
    {
      setup: {
        ...setup,
        correction: 'contact lenses',
        calibration: { ...calibration, method: 'diagonal', gamma: null, userAgent: ' ', devicePixelRatio: 2 },
      },
      data: {
        start: 0,
        end: 1,
        sloan: { right: { va: 0.1, rounds: 20, loopLength: 24, distanceMm: 2250 } },
        landoltC: { left: { va: 0.1, rounds: 20, loopLength: 24, distanceMm: 600 } },
      },
    },
    {
      setup: { ...setup, calibration: { ...calibration, userAgent: 'Curl/8.0' } },
      data: { start: 0, end: 1 },
    },
  ];
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

  it('DuoChrome, Axis and Diamond meanings, spoke sizes and every other test’s headline figure', () => {
    for (const answers of duochromeAnswers()) {
      const { title, meaning } = duochromeMeaning(answers);
      expect(duochromeWords(answers)).toEqual({ title, meaning });
    }
    for (const result of axisResults()) {
      const { title, meaning } = axisFindingText(result);
      expect(axisWords(result)).toEqual({ title, meaning });
    }
    for (const eye of diamondEyes()) {
      const outcome = diamondOutcome(eye);
      expect(diamondWords(outcome)).toEqual({ text: outcome.text, short: outcome.short });
    }
    for (const sizes of spokeSizes) {
      expect(spokeAverageWords(sizes)).toBe(spokeAverageText(sizes));
      expect(spokeSpreadWords(sizes)).toBe(spokeSpreadText(sizes));
    }
    for (const degrees of [0, 0.071, 1, 2.456, 12.3456])
      expect(angleWords(degrees)).toBe(formatAngle(degrees));
    for (const [test, value] of otherValues) expect(eyeFigureWords(test, value)).toBe(eyeFigure(test, value));
    expect(otherValues.length).toBeGreaterThan(1000);
  });

  it('the report header’s labels and values', () => {
    const people = [null, { name: 'Ada Lovelace', dob: '1985-12-10' }, { name: ' ', dob: '2030-01-01' }];
    for (const record of reportRecords())
      for (const person of people)
        for (const month of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) {
          const dob = person?.dob ? `${person.dob.slice(0, 5)}${String(month).padStart(2, '0')}-10` : null;
          for (const fact of reportHeaderFacts(record, person && { ...person, dob }, (d) => `at ${d}`)) {
            expect(reportLabelWords(fact.facts)).toBe(fact.label);
            expect(reportValueWords(fact.facts, fact.value)).toBe(fact.value);
          }
        }
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

  const twoOfThree: DiamondEyeResult = {
    selected: 2,
    rotation: -45,
    contrast: 8,
    rounds: [
      { selected: 2, rotation: -45, contrast: 8, gratingTile: 2, correct: true },
      { selected: 2, rotation: -45, contrast: 8, gratingTile: 3, correct: false },
      { selected: 2, rotation: -45, contrast: 8, gratingTile: 2, correct: true },
    ],
  };
  const axis: AxisResult = {
    endpoint: 92.46,
    firstResponseKey: 'left',
    secondResponseKey: 'left',
    finding: 'axis',
  };
  const spoke = {
    average: 120.3,
    diff: 4.5,
    visualAngle: { distanceMm: 600, sizes: [2.4], average: 2.456, diff: 0.071 },
  };

  it('write the other tests’ meanings and figures in Spanish', async () => {
    await setLanguage('es', { areas: ['results'] });
    expect(duochromeWords(['red', 'red', 'green']).title).toBe('Lado rojo más nítido');
    expect(eyeFigureWords('duoChrome', ['red', 'same'])).toBe('respuestas mixtas (rojo, igual)');
    expect(axisWords(axis).title).toBe('Eje de unos 92,5°');
    expect(diamondWords(diamondOutcome(twoOfThree)).text).toBe(
      'Encontró la rejilla en 2 de 3 rondas: mejor que adivinando, pero no concluyente (adivinando se logra este resultado aproximadamente 1 vez de cada 6; el azar acierta 1 de cada 4 por ronda).',
    );
    expect(eyeFigureWords('presbyopia', { add: -1.25 })).toBe('adición −1,25 D');
    expect(spokeAverageWords(spoke)).toBe('2,46° (ángulo visual a 0,60 m)');
  });

  it('write them in German', async () => {
    await setLanguage('de', { areas: ['results'] });
    // German keeps a headline's capital in the middle of a line (nouns).
    expect(eyeFigureWords('astigAxis', axis)).toBe('Achse etwa 92,5°');
    expect(axisWords({ ...axis, finding: 'uncertain' }).meaning).toBe(
      'Die Antworten pendelten sich auf keine Achse ein (die Suche endete bei 92,5°); wiederholen Sie den Test.',
    );
    expect(diamondWords(diamondOutcome(twoOfThree)).short).toBe('Gitter 2 von 3 gefunden: nicht eindeutig');
    expect(eyeFigureWords('spokeCircle', spoke)).toBe('Mittel 2,46° (Sehwinkel bei 0,60 m), Streuung 0,07°');
    expect(eyeFigureWords('presbyopia', { add: 1.5 })).toBe('Addition +1,50 D');
  });

  it('write them and the report header in French', async () => {
    await setLanguage('fr', { areas: ['results'] });
    expect(duochromeWords([]).meaning).toBe('Aucune réponse n’a été enregistrée pour cet œil.');
    expect(axisWords({ ...axis, finding: undefined }).title).toBe(
      'Constat non enregistré (recherche terminée à 92,5°)',
    );
    const facts = reportHeaderFacts(reportRecords()[1]!, { name: 'Ada', dob: '1985-12-10' }, (d) => d).map(
      (f) => reportValueWords(f.facts, f.value),
    );
    expect(facts).toEqual([
      'Ada',
      '10 décembre 1985 (40 ans le jour du test)',
      '2026-11-25T10:00:00.000Z',
      'Lunettes',
      '0,60 m (celle de l’étalonnage de l’écran)',
      '3,780 px/mm à 0,60 m (méthode de la carte, rapport de pixels de l’appareil 1,25)',
      '2,20',
      'Chrome 131 sous Linux',
    ]);
  });

  it('keep no English sentence or headline in Spanish, German and French', async () => {
    const english = new Set<string>();
    const collect = () => {
      const out: string[] = [];
      for (const answers of duochromeAnswers().slice(0, 13))
        out.push(...Object.values(duochromeWords(answers)));
      for (const result of axisResults().filter((_, i) => i % 7 === 0))
        out.push(...Object.values(axisWords(result)));
      for (const eye of diamondEyes()) out.push(...Object.values(diamondWords(diamondOutcome(eye))));
      for (const sizes of spokeSizes) out.push(spokeAverageWords(sizes), spokeSpreadWords(sizes));
      for (const record of reportRecords())
        for (const f of reportHeaderFacts(record, { name: 'Ada', dob: '1985-12-10' }, (d) => d))
          out.push(reportLabelWords(f.facts), reportValueWords(f.facts, f.value));
      return out;
    };
    await setLanguage('en');
    for (const text of collect()) english.add(text);
    for (const language of ['es', 'de', 'fr'] as const) {
      await setLanguage(language, { areas: ['results'] });
      // Words only: numbers and degrees, a browser's own name, and German's "Name" and "Browser" are the same.
      const same = new Set(['Ada', 'Curl', 'Name', 'Browser']);
      const words = collect().filter((text) => /[a-z]{4,}/i.test(text) && !same.has(text));
      const left = words.filter((text) => english.has(text));
      expect(left, language).toEqual([]);
    }
  });
});
