import {
  acuityMeasure,
  acuityNotations,
  DRIVING_STANDARD_LOGMAR,
  eyeFigure,
  isAcuityTest,
  recordedCorrection,
  SEVERE_IMPAIRMENT_LOGMAR,
  STANDARD_LINE_LOGMAR,
  type AcuityBound,
  type AcuityNotation,
  type AcuityNotations,
  type CorrectionChoice,
  type EyeVerdict,
  type ResultViewing,
  type StoredAcuity,
  type TestId,
} from '@visus/core';
import { currentLanguage, t, type MessageId } from '@/lib/i18n/i18n';
import { withDecimalMark } from '@/lib/i18n/numbers';

/*
 * The results screens' words composed from core's facts in the reader's language (issue 20). Core writes
 * these in English; here the same sentences come from the `results` catalog, and result-words.test.ts
 * checks that their English is core's, byte for byte. Snellen 6/x and 20/x stay as they are (a unit
 * choice); logMAR, decimal acuity and metres are written with the language's decimal mark (0,80).
 */

/**
 * A number core wrote ("0.30", "-0.10", "0.032", "0.6–0.7") in the reader's language, the same digits
 * ("0,30"); English as it is. Not for Snellen fractions (6/7.5 is a chart line's name).
 */
export function localNumber(text: string): string {
  return withDecimalMark(text);
}

/** A distance in mm in metres as core's formatMetres writes it ("0.6 m", "2.25 m"), in the language. */
export function metresWords(distanceMm: number): string {
  return `${localNumber(String(Number((distanceMm / 1000).toFixed(2))))} m`;
}

/** A value of a bound on `censored`'s side: "0.50 or better" / "0,50 oder besser"; else as it is. */
export function boundWords(censored: AcuityBound['censored'] | null | undefined, text: string): string {
  if (!censored) return text;
  return t(censored === 'better-than' ? 'results.bound.orBetter' : 'results.bound.orWorse', { value: text });
}

/** A notation's text qualified as its result is: "0.50 or better" / "0,50 oder besser"; else as it is. */
export function qualifiedWords(notations: Pick<AcuityNotations, 'bound'>, text: string): string {
  return boundWords(notations.bound?.censored, text);
}

/** Why a result is a bound: "the smallest line this screen can draw at 0.6 m" (core boundReason). */
export function boundReasonWords(bound: Pick<AcuityBound, 'censored' | 'distanceMm'>): string {
  const distance =
    bound.distanceMm === null ? t('results.bound.distanceUsed') : metresWords(bound.distanceMm);
  return t(bound.censored === 'better-than' ? 'results.bound.smallestLine' : 'results.bound.largestLine', {
    distance,
  });
}

/** "0.30 logMAR" in the language. */
export function logMarWords(text: string): string {
  return t('results.figure.logMar', { value: localNumber(text) });
}

/** A notation's texts in the language: logMAR and decimal with its decimal mark, Snellen as it is. */
export function notationWords(text: AcuityNotation['text']): AcuityNotation['text'] {
  return { ...text, logMAR: localNumber(text.logMAR), decimal: localNumber(text.decimal) };
}

/** An interval's texts, low to high in each notation ("0.10 to 0.30"; decimal from its high end). */
export function intervalWords(interval: NonNullable<AcuityNotations['interval']>): AcuityNotation['text'] {
  const low = notationWords(interval.low.text);
  const high = notationWords(interval.high.text);
  const span = (from: string, to: string) => t('results.interval', { low: from, high: to });
  return {
    logMAR: span(low.logMAR, high.logMAR),
    snellen6: span(low.snellen6, high.snellen6),
    snellen20: span(low.snellen20, high.snellen20),
    decimal: span(high.decimal, low.decimal),
  };
}

/**
 * The key figure of one eye's outcome for the list (core eyeFigure): an acuity as Snellen and logMAR, a
 * bound's "or better" after each. The other tests' figures are core's English for now.
 */
export function eyeFigureWords(test: TestId, value: unknown, units: string = 'm'): string {
  if (!isAcuityTest(test)) return eyeFigure(test, value, units);
  const n = acuityNotations(value as StoredAcuity);
  const snellen = units === 'ft' ? n.text.snellen20 : n.text.snellen6;
  const logMar = qualifiedWords(n, logMarWords(n.text.logMAR));
  if (acuityMeasure(test).equivalent) {
    return t('results.figure.grating', {
      logMar,
      snellen: qualifiedWords(n, t('results.figure.equivalent', { value: snellen })),
    });
  }
  return t('results.figure.visual', { snellen: qualifiedWords(n, snellen), logMar });
}

/** A line's name in the record's units: 6/12 or 20/40. */
function lineName(logMAR: number, units: string): string {
  const n = acuityNotations(logMAR);
  return units === 'ft' ? n.text.snellen20 : n.text.snellen6;
}

/** A verdict's figure ("6/19 or better") in the language. */
export function verdictFigureWords(verdict: EyeVerdict): string {
  const { notations, facts } = verdict;
  return qualifiedWords(notations, facts.units === 'ft' ? notations.text.snellen20 : notations.text.snellen6);
}

/** A verdict's sentence and its few words (core eyeVerdict's `text` and `short`), in the language. */
export function verdictWords(verdict: EyeVerdict): { text: string; short: string } {
  const { kind, facts } = verdict;
  const standard = lineName(STANDARD_LINE_LOGMAR, facts.units);
  const driving = lineName(DRIVING_STANDARD_LOGMAR, facts.units);
  const severe = lineName(SEVERE_IMPAIRMENT_LOGMAR, facts.units);
  const from =
    facts.boundDistanceMm === null
      ? t('results.verdict.whereYouSat')
      : t('results.verdict.fromDistance', { distance: metresWords(facts.boundDistanceMm) });
  const glasses = facts.uncorrected && (kind === 'severe' || kind === 'below-driving');
  let text: string;
  let short: string;
  switch (kind) {
    case 'unknown':
      if (facts.censored === 'worse-than') {
        text = t('results.verdict.unknownLarge', { from });
        short = t('results.short.unknownCloser');
      } else {
        text = facts.meetsDriving
          ? t('results.verdict.unknownMeetsDriving', { driving, from })
          : t('results.verdict.unknownSmall', { from });
        short = t('results.short.unknownFurther');
      }
      break;
    case 'severe':
      text = t('results.verdict.severe', { severe, driving });
      short = t('results.short.severe', { severe });
      break;
    case 'below-driving':
      text = t('results.verdict.belowDriving', { driving });
      short = t('results.short.belowDriving', { driving });
      break;
    case 'below-normal':
      text = facts.ageKnown
        ? t('results.verdict.belowNormal', { driving })
        : t('results.verdict.belowNormalNoAge', { standard, driving });
      short = facts.ageKnown
        ? t('results.short.belowNormal')
        : t('results.short.belowNormalNoAge', { standard });
      break;
    case 'normal':
      text = facts.ageKnown ? t('results.verdict.normal') : t('results.verdict.normalNoAge', { standard });
      short = facts.ageKnown ? t('results.short.normal') : t('results.short.normalNoAge', { standard });
      break;
  }
  if (glasses) text += ` ${t('results.verdict.glasses')}`;
  if (facts.nearLine !== null) {
    const line = lineName(facts.nearLine, facts.units);
    const [near, nearShort]: [MessageId, MessageId] =
      kind === 'below-driving'
        ? ['results.verdict.nearDriving', 'results.short.nearDriving']
        : (kind === 'normal' || kind === 'below-normal') && facts.ageKnown
          ? ['results.verdict.nearLimit', 'results.short.nearLimit']
          : ['results.verdict.nearLine', 'results.short.nearLine'];
    text += ` ${t(near, { line })}`;
    short += ` ${t(nearShort, { line })}`;
  }
  return { text, short };
}

const CORRECTION_IDS = {
  none: 'results.correction.none',
  glasses: 'results.correction.glasses',
  'contact-lenses': 'results.correction.contactLenses',
} as const satisfies Record<Exclude<CorrectionChoice, 'not-recorded'>, MessageId>;

/**
 * A record's correction as the reader says it: one of the three answers in the language; an older
 * record's own text as it was typed; "None stated" when there is none.
 */
export function correctionWords(text: string): string {
  const { choice } = recordedCorrection(text);
  // English shows the text as stored (the answers are English), whatever its case.
  if (choice !== 'not-recorded' && currentLanguage() !== 'en') return t(CORRECTION_IDS[choice]);
  return text.trim() || t('results.report.noneStated');
}

/** The verdict thresholds' sources (core VERDICT_SOURCES, in its order), as catalog ids. */
export const VERDICT_SOURCE_IDS = [
  'results.verdict.sourceDriving',
  'results.verdict.sourceSevere',
  'results.verdict.sourceNormal',
] as const satisfies readonly MessageId[];

/** "A and B" in the language (English as core joins them: "A and B and C"). */
export function andList(items: readonly string[]): string {
  const language = currentLanguage();
  if (language === 'en') return items.join(' and ');
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(items);
}

const VIEWING_IDS = {
  typed: 'results.viewing.typed',
  'blind-spot': 'results.viewing.blindSpot',
  camera: 'results.viewing.camera',
} as const satisfies Record<ResultViewing['method'], MessageId>;

/** How a test's distance was known, as a sentence (core viewingText, capitalised, with a full stop). */
export function viewingWords(viewing: ResultViewing | undefined): string {
  if (!viewing) return t('results.viewing.notRecorded');
  const metres = (mm: number) => localNumber((mm / 1000).toFixed(mm < 1000 ? 2 : 1));
  const lo = viewing.minMm === undefined ? undefined : metres(viewing.minMm);
  const hi = viewing.maxMm === undefined ? undefined : metres(viewing.maxMm);
  const value =
    lo !== undefined && hi !== undefined && lo !== hi ? `${lo}–${hi}` : metres(viewing.distanceMm);
  return t(VIEWING_IDS[viewing.method], { value });
}
