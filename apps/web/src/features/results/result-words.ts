import {
  acuityMeasure,
  acuityNotations,
  axisFindingText,
  diamondOutcome,
  DRIVING_STANDARD_LOGMAR,
  duochromeBalance,
  formatAngle,
  isAcuityTest,
  recordedCorrection,
  SEVERE_IMPAIRMENT_LOGMAR,
  STANDARD_LINE_LOGMAR,
  type AcuityBound,
  type AcuityNotation,
  type AcuityNotations,
  type AxisLetterChoice,
  type AxisMeaningId,
  type AxisResult,
  type CorrectionChoice,
  type DiamondEyeResult,
  type DiamondOutcome,
  type DuochromeAnswer,
  type DuochromeBalance,
  type EyeVerdict,
  type ResultViewing,
  type SpokeSizes,
  type SpokeEllipseFigures,
  type StoredAcuity,
  type TestId,
} from '@visus/core';
import { currentLanguage, t, type MessageId } from '@/lib/i18n/i18n';
import { formatFixed, localDioptres, withDecimalMark } from '@/lib/i18n/numbers';

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
 * bound's "or better" after each; the other tests' findings, spoke sizes, Diamond's score and the add.
 */
export function eyeFigureWords(test: TestId, value: unknown, units: string = 'm'): string {
  if (!isAcuityTest(test)) return otherFigureWords(test, value);
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

/** A headline in the middle of a line: English and the others lower its first letter, German keeps nouns. */
function inLine(text: string): string {
  return currentLanguage() === 'de' ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

/** A number to at most one decimal ("12.5", "90"), as core's figures write it, in the language. */
const oneDecimal = (value: number) => localNumber(String(Number(value.toFixed(1))));

/** The key figure of a test that is not an acuity chart (core eyeFigure), in the language. */
function otherFigureWords(
  test: Exclude<TestId, 'sloan' | 'landoltC' | 'tumblingE' | 'astigPower'>,
  value: unknown,
) {
  switch (test) {
    case 'duoChrome': {
      const answers = value as readonly string[];
      if (answers.length === 0) return t('results.figure.noAnswer');
      return t('results.figure.duochrome', {
        title: inLine(duochromeWords(answers).title),
        answers: answers.map(duochromeAnswerWords).join(', '),
      });
    }
    case 'astigAxis':
      return inLine(axisWords(value as AxisResult).title);
    case 'spokeCircle': {
      const v = value as SpokeSizes;
      return t('results.figure.spokeCircle', { average: spokeAverageWords(v), spread: spokeSpreadWords(v) });
    }
    case 'spokeEllipse': {
      const v = value as SpokeEllipseFigures;
      const width = { average: v.averageWidth, diff: v.diffWidth, visualAngle: v.visualAngle };
      return t('results.figure.spokeEllipse', {
        width: spokeAverageWords(width),
        spread: spokeSpreadWords(width),
        rotation: oneDecimal(v.averageRotation),
        rotationSpread: oneDecimal(v.diffRotation),
      });
    }
    case 'diamond': {
      const v = value as DiamondEyeResult;
      const outcome = diamondOutcome(v);
      return outcome.score
        ? diamondWords(outcome).short
        : t('results.figure.diamondOld', {
            selected: v.selected,
            rotation: oneDecimal(v.rotation),
            contrast: oneDecimal(v.contrast),
          });
    }
    case 'presbyopia':
      return t('results.figure.add', { add: localDioptres((value as { add: number }).add) });
  }
}

const DUOCHROME_IDS = {
  red: ['results.duochrome.redTitle', 'results.duochrome.redMeaning'],
  green: ['results.duochrome.greenTitle', 'results.duochrome.greenMeaning'],
  balanced: ['results.duochrome.balancedTitle', 'results.duochrome.balancedMeaning'],
  mixed: ['results.duochrome.mixedTitle', 'results.duochrome.mixedMeaning'],
  'no-answer': ['results.duochrome.noAnswerTitle', 'results.duochrome.noAnswerMeaning'],
} as const satisfies Record<DuochromeBalance, readonly [MessageId, MessageId]>;

/** An eye's DuoChrome balance as a headline and what it means (core duochromeMeaning), in the language. */
export function duochromeWords(answers: readonly string[]): { title: string; meaning: string } {
  const [title, meaning] = DUOCHROME_IDS[duochromeBalance(answers)];
  return { title: t(title), meaning: t(meaning) };
}

const DUOCHROME_ANSWER_IDS = {
  red: 'results.duochrome.red',
  green: 'results.duochrome.green',
  same: 'results.duochrome.same',
} as const satisfies Record<DuochromeAnswer, MessageId>;

/** One DuoChrome answer as stored ("red", "green", "same") in the language; anything else as it is. */
export function duochromeAnswerWords(answer: string): string {
  return answer in DUOCHROME_ANSWER_IDS ? t(DUOCHROME_ANSWER_IDS[answer as DuochromeAnswer]) : answer;
}

const AXIS_MEANING_IDS = {
  'none-found': 'results.axis.noneFoundMeaning',
  'none-found-no-letter': 'results.axis.noneFoundNoLetterMeaning',
  'axis-letter': 'results.axis.axisLetterMeaning',
  'axis-search': 'results.axis.axisSearchMeaning',
  uncertain: 'results.axis.uncertainMeaning',
  'not-recorded': 'results.axis.notRecordedMeaning',
} as const satisfies Record<AxisMeaningId, MessageId>;

const AXIS_BARS_IDS = {
  horizontal: 'results.axis.barsHorizontal',
  vertical: 'results.axis.barsVertical',
  none: 'results.axis.barsNone',
} as const satisfies Record<AxisLetterChoice, MessageId>;

/** An Astigmatism Axis result's headline and what it means (core axisFindingText), in the language. */
export function axisWords(result: AxisResult): { title: string; meaning: string } {
  const { finding, facts } = axisFindingText(result);
  const at = `${localNumber(String(facts.endpointDegrees))}°`;
  const title =
    finding === 'none-found'
      ? t('results.axis.noneFound')
      : finding === 'axis'
        ? t('results.axis.axis', { at })
        : finding === 'uncertain'
          ? t('results.axis.uncertain')
          : t('results.axis.notRecorded', { at });
  const bars = facts.letter === null ? '' : t(AXIS_BARS_IDS[facts.letter]);
  return { title, meaning: t(AXIS_MEANING_IDS[facts.meaning], { at, bars, step: facts.stepDegrees }) };
}

const AXIS_ANSWER_IDS = {
  same: 'results.axis.same',
  left: 'results.axis.left',
  right: 'results.axis.right',
} as const satisfies Record<NonNullable<AxisResult['firstResponseKey']>, MessageId>;

/** An axis answer as the table shows it ("Same", "Left", "Right"), in the language. */
export function axisAnswerWords(answer: NonNullable<AxisResult['firstResponseKey']>): string {
  return t(AXIS_ANSWER_IDS[answer]);
}

/** A Diamond eye's meaning and its few words (core diamondOutcome's `text` and `short`), in the language. */
export function diamondWords(outcome: DiamondOutcome): { text: string; short: string } {
  const { score, facts } = outcome;
  if (!score || !facts) {
    return { text: t('results.diamond.notRecordedText'), short: t('results.diamond.notRecordedShort') };
  }
  const { correct, of } = score;
  const contrast = facts.contrasts.map((c) => `${localNumber(String(c))} %`).join(' / ');
  const found = t('results.diamond.foundIn', { correct, of });
  const often = t(facts.exact ? 'results.diamond.oneIn' : 'results.diamond.aboutOneIn', {
    count: facts.oneIn,
  });
  const chance = t('results.diamond.chance');
  switch (outcome.verdict) {
    case 'seen':
      return {
        text: t('results.diamond.seenText', { found, contrast, often, chance }),
        short: t('results.diamond.seenShort', { correct, of, contrast }),
      };
    case 'unclear':
      return {
        text: t('results.diamond.unclearText', { found, often, chance }),
        short: t('results.diamond.unclearShort', { correct, of }),
      };
    default:
      return {
        text: t('results.diamond.chanceText', { found, chance, contrast }),
        short: t('results.diamond.chanceShort', { correct, of }),
      };
  }
}

/** Degrees of visual angle as core formatAngle writes them ("2.4°"), in the language. */
export function angleWords(degrees: number, digits = 2): string {
  return localNumber(formatAngle(degrees, digits));
}

/** A spoke eye's average size (core spokeAverageText) in the language. */
export function spokeAverageWords(sizes: SpokeSizes): string {
  const a = sizes.visualAngle;
  return a
    ? t('results.spoke.angleAt', {
        angle: angleWords(a.average),
        distance: `${formatFixed(a.distanceMm / 1000, 2)} m`,
      })
    : t('results.spoke.unitsNotRecorded', { value: oneDecimal(sizes.average) });
}

/** A spoke eye's spread (core spokeSpreadText) in the language. */
export function spokeSpreadWords(sizes: SpokeSizes): string {
  const a = sizes.visualAngle;
  return a ? angleWords(a.diff) : t('results.spoke.units', { value: oneDecimal(sizes.diff) });
}

const READING_DISTANCE_IDS: Readonly<Record<string, MessageId>> = {
  'Below 1.6m': 'results.presbyopia.below',
  'Between 1.6m and 1.9m': 'results.presbyopia.between',
  'Above 1.9m': 'results.presbyopia.above',
};

/** A presbyopia record's reading distance (core PRESBYOPIA_DISTANCES) in the language; else as stored. */
export function readingDistanceWords(distance: string): string {
  const id = READING_DISTANCE_IDS[distance];
  return id ? t(id) : distance;
}
