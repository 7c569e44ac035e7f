import {
  ageInYears,
  calendarDateOf,
  compareCalendarDates,
  parseCalendarDate,
} from '../account/date-of-birth';
import type { TestId } from '../flow/test-definitions';
import { chartLineStep, lineRounding, type LineRounding } from '../optics/chart-lines';
import {
  acuityNotations,
  formatMetres,
  qualified,
  type AcuityNotations,
  type StoredAcuity,
} from './notation';
import { recordedCorrection } from './correction';

/*
 * The plain verdict per eye (issue 17 item 5; docs/results.md "The verdict"; docs/adr/0014). A result
 * opens with one sentence per eye, from documented thresholds, beside the numbers and never instead of
 * them. Every threshold is compared on the chart line shown, so the sentence always agrees with the
 * figure printed next to it.
 *
 * The thresholds and their sources:
 * - Driving: 6/12 (0.3 logMAR, decimal 0.5). UK DVLA "standards of vision for driving" (Group 1: at least
 *   6/12 with both eyes open, glasses or lenses allowed); EU Directive 2006/126/EC Annex III (0.5 with
 *   both eyes); 20/40 in most US states. It is a both-eyes standard: one eye below it is a reason to see
 *   an optometrist, not by itself a failed driving standard, and the text says "the driving standard's
 *   line" for that reason.
 * - Visual impairment: worse than 6/60 (1.0 logMAR) is "severe visual impairment" in the WHO's ICD-11
 *   categories of presenting distance acuity (9D90; mild: worse than 6/12, moderate: worse than 6/18,
 *   severe: worse than 6/60, blindness: worse than 3/60).
 * - Normal for age: healthy adult eyes see better than 6/6 on average at every age up to 75 (Elliott,
 *   Yang & Whitaker 1995, Optom Vis Sci 72:186: mean logMAR −0.13 at 18–24, −0.16 at 25–29, −0.02 over
 *   75), and about 6/7.5 (0.1) at 75–79 (Lovie-Kitchin 2002, IOVS 43:4704; children of 7–10: 0.03). Our
 *   limit of the normal range sits about one chart line (0.1 logMAR) worse than those means, the size of
 *   a chart's retest spread (docs/adr/0011: 95 % of retests within ±0.15), so a healthy eye is rarely
 *   flagged and an eye flagged is worth an eye test: 0.0 (6/6) from 18 to 59, 0.1 (6/7.5) from 60 to 74,
 *   0.2 (6/9.5) from 75, and 0.1 under 18 (acuity still matures into the teens). Without a date of birth
 *   the eye is compared with 6/6, the classical standard, and the sentence says so.
 */

/** The driving standard's line, logMAR (6/12, 20/40, decimal 0.5). */
export const DRIVING_STANDARD_LOGMAR = 0.3;
/** Worse than this (6/60) is severe visual impairment (WHO ICD-11 9D90), logMAR. */
export const SEVERE_IMPAIRMENT_LOGMAR = 1.0;
/** The classical standard line, 6/6 (20/20), used when the age is not known. */
export const STANDARD_LINE_LOGMAR = 0;

/** The worse end of the normal range by age (see above): from `fromAge` (whole years) on. */
export const NORMAL_ACUITY_LIMITS: readonly { readonly fromAge: number; readonly limit: number }[] = [
  { fromAge: 0, limit: 0.1 },
  { fromAge: 18, limit: 0 },
  { fromAge: 60, limit: 0.1 },
  { fromAge: 75, limit: 0.2 },
];

/** The sources of the thresholds, as the result page lists them. */
export const VERDICT_SOURCES: readonly string[] = [
  'Driving standard 6/12 (20/40, decimal 0.5) with both eyes: UK DVLA standards of vision for driving; EU Directive 2006/126/EC, Annex III.',
  'Severe visual impairment, worse than 6/60: WHO ICD-11 (9D90), categories of distance visual impairment.',
  'Normal acuity by age: Elliott, Yang & Whitaker (1995), Optometry and Vision Science 72:186–191; Lovie-Kitchin (2002), IOVS 43:4704. The limit is about one chart line worse than the healthy average for the age.',
];

/** The upper (worse) limit of normal acuity at `age`, logMAR; 6/6 when the age is not known. */
export function normalAcuityLimit(age: number | null): number {
  if (age === null || !Number.isFinite(age) || age < 0) return STANDARD_LINE_LOGMAR;
  let limit = NORMAL_ACUITY_LIMITS[0]!.limit;
  for (const band of NORMAL_ACUITY_LIMITS) if (age >= band.fromAge) limit = band.limit;
  return limit;
}

/**
 * What an eye's result means, best to worst:
 * - 'normal': within the normal range for the age (or at least 6/6 when the age is not known);
 * - 'below-normal': worse than that, yet at or better than the driving standard's line;
 * - 'below-driving': worse than 6/12;
 * - 'severe': worse than 6/60;
 * - 'unknown': a bound from the screen's end that does not reach the line it would need to be judged.
 */
export type VerdictKind = 'normal' | 'below-normal' | 'below-driving' | 'severe' | 'unknown';

/** What to do about it: nothing, an eye test when convenient, see an optometrist, see one soon. */
export type VerdictAdvice = 'none' | 'check' | 'see' | 'see-soon' | 'retest';

/** The verdict for one eye. */
export interface EyeVerdict {
  readonly eye: 'right' | 'left';
  /** The chart the verdict reads (the first of Sloan, Landolt C, Tumbling E in the record). */
  readonly test: AcuityChartId;
  /** The eye's result in every notation (the numbers shown beside the verdict). */
  readonly notations: AcuityNotations;
  /** "6/9.5" or "6/19 or better" (units 'ft': "20/32"): the chart line the sentence names. */
  readonly figure: string;
  readonly kind: VerdictKind;
  readonly advice: VerdictAdvice;
  /**
   * True when the 95 % interval reaches across the line the verdict turns on: a retest may land on the
   * other side of it.
   */
  readonly near: boolean;
  /** The plain sentence after "Right eye 6/9.5: ". */
  readonly text: string;
  /** The same in a few words, for a list row: "below the driving standard's line (6/12): see an optometrist". */
  readonly short: string;
  /**
   * What `text` and `short` are made of, for a page that writes them in another language (issue 20):
   * the sentences in English are these facts put into words, nothing more.
   */
  readonly facts: VerdictFacts;
}

/** The facts of a verdict's sentences (see {@link EyeVerdict.facts}). */
export interface VerdictFacts {
  /** Whether the person's age on the test's day is known (else the eye is compared with 6/6). */
  readonly ageKnown: boolean;
  /** Measured without glasses or lenses (the sentence says they may bring it up). */
  readonly uncorrected: boolean;
  /** The side a bound is on, null for a measured value. */
  readonly censored: 'better-than' | 'worse-than' | null;
  /** A bound's viewing distance (mm), null when the record does not keep it or it is no bound. */
  readonly boundDistanceMm: number | null;
  /** For an 'or better' bound that cannot be judged: whether it is at or better than the driving line. */
  readonly meetsDriving: boolean;
  /** The line (logMAR) a `near` verdict is close to, null when not near. */
  readonly nearLine: number | null;
  /** The record's units: 'ft' writes lines as 20/x, else 6/x. */
  readonly units: string;
}

/** The letter charts whose results carry a verdict (Astigmatism Power is a grating acuity: no verdict). */
export const VERDICT_CHARTS = ['sloan', 'landoltC', 'tumblingE'] as const;
export type AcuityChartId = (typeof VERDICT_CHARTS)[number] & TestId;

/** A record's data, as far as the verdict reads it. */
type VerdictData = Partial<Record<AcuityChartId, { right?: StoredAcuity; left?: StoredAcuity }>>;

/**
 * Whether a value is at or better than a threshold line, compared on the chart line the value is written
 * as (core's notation rule: nearest line, a bound's the line it implies), so that the sentence always
 * agrees with the figure beside it: 0.04 is written 6/6 and is "at 6/6", 0.34 is written 6/12 and meets
 * the 6/12 line. (How close the value is to the line is what `near` reports.)
 */
const atOrBetter = (value: number, line: number, rounding: LineRounding = 'nearest') =>
  chartLineStep(value, rounding) <= chartLineStep(line);

/** The line between a verdict and the next better one (for 'normal', the next worse). */
function turningLine(kind: VerdictKind, limit: number): number {
  if (kind === 'severe') return SEVERE_IMPAIRMENT_LOGMAR;
  if (kind === 'below-driving') return DRIVING_STANDARD_LOGMAR;
  return limit;
}

function lineText(logMARValue: number, units: string): string {
  const n = acuityNotations(logMARValue);
  return units === 'ft' ? n.text.snellen20 : n.text.snellen6;
}

/** The verdict of one eye's stored acuity, given the age (or null) and the record's correction and units. */
export function eyeVerdict(
  eye: 'right' | 'left',
  test: AcuityChartId,
  result: StoredAcuity,
  context: { age: number | null; correction: string; units: string },
): EyeVerdict {
  const notations = acuityNotations(result);
  const value = notations.logMAR;
  const figure = qualified(
    notations,
    context.units === 'ft' ? notations.text.snellen20 : notations.text.snellen6,
  );
  const limit = normalAcuityLimit(context.age);
  const driving = lineText(DRIVING_STANDARD_LOGMAR, context.units);
  const severe = lineText(SEVERE_IMPAIRMENT_LOGMAR, context.units);
  const normalText =
    context.age === null
      ? `at or better than ${lineText(STANDARD_LINE_LOGMAR, context.units)}, the standard line (add your date of birth to your profile to compare with your age)`
      : 'within the normal range for your age';
  const belowNormalText =
    context.age === null
      ? `below ${lineText(STANDARD_LINE_LOGMAR, context.units)}, the standard line, but at or better than the driving standard's line (${driving})`
      : `below what healthy eyes see at your age, but at or better than the driving standard's line (${driving})`;
  // Only a correction recorded as "None" says the eye was measured without glasses (issue 24: never a
  // guess from free text, as the exports read it).
  const uncorrected = recordedCorrection(context.correction).choice === 'none';
  const glasses = uncorrected ? ' Measured without glasses or lenses: they may bring it up.' : '';

  let kind: VerdictKind;
  let text: string;
  let advice: VerdictAdvice;
  const censored = notations.bound?.censored ?? null;
  const rounding = lineRounding(censored);
  const from =
    notations.bound?.distanceMm === null || notations.bound === null
      ? 'where you sat'
      : `from ${formatMetres(notations.bound.distanceMm)}`;
  if (censored === 'better-than' && !atOrBetter(value, limit, rounding)) {
    // The eye read the smallest line the screen could draw: at least this good, maybe better, so only
    // a line the bound already reaches can be judged.
    kind = 'unknown';
    advice = 'retest';
    text = atOrBetter(value, DRIVING_STANDARD_LOGMAR, rounding)
      ? `at or better than the driving standard's line (${driving}). This screen could not draw smaller ` +
        `letters ${from}, so whether it is within the normal range is not known: test again from further away.`
      : `this screen could not draw letters small enough ${from} to judge this eye: test again from further away.`;
  } else if (censored === 'worse-than' && atOrBetter(value, DRIVING_STANDARD_LOGMAR, rounding)) {
    // Worse than the largest line the screen could draw, and that line is a good one: not judged.
    kind = 'unknown';
    advice = 'retest';
    text = `this screen could not draw letters large enough ${from} to judge this eye: test again from closer.`;
  } else if (!atOrBetter(value, SEVERE_IMPAIRMENT_LOGMAR, rounding)) {
    kind = 'severe';
    advice = 'see-soon';
    text = `worse than ${severe}, far below the driving standard's line (${driving}): see an optometrist or doctor soon.${glasses}`;
  } else if (!atOrBetter(value, DRIVING_STANDARD_LOGMAR, rounding)) {
    kind = 'below-driving';
    advice = 'see';
    text = `below the driving standard's line (${driving}): see an optometrist.${glasses}`;
  } else if (!atOrBetter(value, limit, rounding)) {
    kind = 'below-normal';
    advice = 'check';
    text = `${belowNormalText}. An eye test can tell whether glasses would help.`;
  } else {
    kind = 'normal';
    advice = 'none';
    text = `${normalText}.`;
  }
  // The line the verdict turned on (none for a bound or an unknown): the one between it and the next.
  const line = censored !== null || kind === 'unknown' ? null : turningLine(kind, limit);
  // Near the line: the 95 % interval holds values on both sides of the line the verdict turned on.
  const interval = notations.interval;
  const near =
    line !== null &&
    interval !== null &&
    atOrBetter(interval.low.logMAR, line) !== atOrBetter(interval.high.logMAR, line);
  const lineName = line === null ? '' : lineText(line, context.units);
  // Name the line by what it means: the age's limit falls between chart lines (6/7.5 at 68 is only the
  // nearest), so "the 6/7.5 line" would be a line the verdict did not turn on.
  const lineLabel =
    kind === 'below-driving'
      ? `the driving standard's line (${lineName})`
      : (kind === 'normal' || kind === 'below-normal') && context.age !== null
        ? `the limit of the normal range for your age (${lineName})`
        : `the ${lineName} line`;
  if (near) text += ` It is close to ${lineLabel}: a retest may land on the other side.`;
  const shortNear =
    kind === 'below-driving'
      ? ' (close to that line)'
      : (kind === 'normal' || kind === 'below-normal') && context.age !== null
        ? ` (close to the limit, ${lineName})`
        : ` (close to the ${lineName} line)`;
  const short = {
    normal:
      context.age === null
        ? `at or better than ${lineText(STANDARD_LINE_LOGMAR, context.units)}`
        : 'within the normal range for your age',
    'below-normal':
      context.age === null
        ? `below ${lineText(STANDARD_LINE_LOGMAR, context.units)}: an eye test may help`
        : 'below the normal range for your age: an eye test may help',
    'below-driving': `below the driving standard's line (${driving}): see an optometrist`,
    severe: `worse than ${severe}: see an optometrist or doctor soon`,
    unknown: `not judged on this screen: test again from ${censored === 'worse-than' ? 'closer' : 'further away'}`,
  }[kind];
  return {
    eye,
    test,
    notations,
    figure,
    kind,
    advice,
    near,
    text,
    short: near ? `${short}${shortNear}` : short,
    facts: {
      ageKnown: context.age !== null,
      uncorrected,
      censored,
      boundDistanceMm: notations.bound?.distanceMm ?? null,
      meetsDriving: atOrBetter(value, DRIVING_STANDARD_LOGMAR, rounding),
      nearLine: near ? line : null,
      units: context.units,
    },
  };
}

/**
 * The verdict per eye of a record: for each eye, the first letter chart that measured it (Sloan, then
 * Landolt C, then Tumbling E). `age` is the person's age in whole years on the test's date, or null.
 * Empty when the record holds no letter chart.
 */
export function acuityVerdicts(
  data: VerdictData,
  context: { age: number | null; correction: string; units: string },
): EyeVerdict[] {
  const out: EyeVerdict[] = [];
  for (const eye of ['right', 'left'] as const) {
    const test = VERDICT_CHARTS.find((id) => data[id]?.[eye] !== undefined);
    if (test) out.push(eyeVerdict(eye, test, data[test]![eye]!, context));
  }
  return out;
}

/**
 * The age in whole years on the day of a test, from a date of birth as stored (null when there is none,
 * it cannot be read, or it is after the test), so a result keeps the verdict of the age it was taken at.
 */
export function ageOnTestDay(dob: string | null | undefined, testDate: string): number | null {
  const birth = dob ? parseCalendarDate(dob) : null;
  const taken = new Date(testDate);
  if (birth === null || Number.isNaN(taken.getTime())) return null;
  const day = calendarDateOf(taken);
  return compareCalendarDates(birth, day) > 0 ? null : ageInYears(birth, day);
}

/** The verdicts of a stored result for a person with date of birth `dob` (or null). */
export function resultVerdicts(
  result: {
    readonly setup: { readonly date: string; readonly correction: string; readonly units: string };
    readonly data: VerdictData;
  },
  dob: string | null | undefined,
): EyeVerdict[] {
  return acuityVerdicts(result.data, {
    age: ageOnTestDay(dob, result.setup.date),
    correction: result.setup.correction,
    units: result.setup.units,
  });
}
