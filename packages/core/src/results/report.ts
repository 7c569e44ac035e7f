import { ageInYears, parseCalendarDate, type CalendarDate } from '../account/date-of-birth';
import { CoreInputError } from '../errors/core-input-error';
import type { ResultCalibration, ResultCalibrationMethod, ResultRecord } from './results';
import { ACUITY_TEST_IDS } from './summary';

/*
 * What the printed report says about the person, the test conditions and the screen (docs/results.md
 * "The printed report"): the header a clinician files with the results. Everything a record does not
 * hold reads "not recorded"; nothing is guessed from today's settings.
 */

/** What the report says for a fact the record (or the account) does not hold. */
export const NOT_RECORDED = 'not recorded';

/** The footer of every report. */
export const REPORT_DISCLAIMER =
  'Self-administered screening on a calibrated screen, not a diagnosis: it does not replace an eye ' +
  'examination by an optometrist or ophthalmologist.';

/** A distance in mm as metres with two decimals: 600 → "0.60 m". */
export function metres(distanceMm: number): string {
  return `${(distanceMm / 1000).toFixed(2)} m`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A date of birth as the report prints it, with the age on the test's day: "10 December 1985 (40 at
 * the test)". The month is spelt out so the day and month cannot be swapped by a reader.
 * @param dob the account's date of birth (YYYY-MM-DD), or null/undefined
 * @param testDate the test's ISO date-time (its UTC calendar day counts for the age)
 */
export function reportDateOfBirth(dob: string | null | undefined, testDate: string): string {
  return dateOfBirthText(dateOfBirthFacts(dob, testDate));
}

/** A date of birth's facts: the date (null when none or unreadable) and the age on the test's day. */
export interface DateOfBirthFacts {
  date: CalendarDate | null;
  /** Null when the test's date cannot be read or is before the birth. */
  ageAtTest: number | null;
}

function dateOfBirthFacts(dob: string | null | undefined, testDate: string): DateOfBirthFacts {
  const date = dob ? parseCalendarDate(dob) : null;
  if (!date) return { date: null, ageAtTest: null };
  const at = new Date(testDate);
  if (Number.isNaN(at.getTime())) return { date, ageAtTest: null };
  const age = ageInYears(date, {
    year: at.getUTCFullYear(),
    month: at.getUTCMonth() + 1,
    day: at.getUTCDate(),
  });
  return { date, ageAtTest: age >= 0 ? age : null };
}

function dateOfBirthText({ date, ageAtTest }: DateOfBirthFacts): string {
  if (!date) return NOT_RECORDED;
  const text = `${date.day} ${MONTHS[date.month - 1]} ${date.year}`;
  return ageAtTest === null ? text : `${text} (${ageAtTest} at the test)`;
}

/** The viewing distances (mm) the result's acuity charts were drawn for, distinct and ascending. */
export function chartDistancesMm(record: ResultRecord): number[] {
  const found = new Set<number>();
  for (const test of ACUITY_TEST_IDS) {
    const perEye = record.data[test];
    if (!perEye) continue;
    for (const value of [perEye.right, perEye.left]) {
      if (value !== null && typeof value === 'object' && typeof value.distanceMm === 'number')
        found.add(value.distanceMm);
    }
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * The viewing distance as the report states it: the distance(s) the acuity charts were drawn for, else
 * the calibration's distance, else "not recorded" (results stored before either was kept).
 */
export function reportDistance(record: ResultRecord): string {
  return distanceText(distanceFacts(record));
}

/** The distances the report's viewing distance is written from: the charts', else the calibration's. */
export interface ReportDistanceFacts {
  chartsMm: readonly number[];
  /** The calibration's distance, when no chart kept its own; else null. */
  calibrationMm: number | null;
}

function distanceFacts(record: ResultRecord): ReportDistanceFacts {
  const chartsMm = chartDistancesMm(record);
  const calibration = record.setup.calibration;
  return { chartsMm, calibrationMm: chartsMm.length === 0 && calibration ? calibration.distanceMm : null };
}

function distanceText({ chartsMm, calibrationMm }: ReportDistanceFacts): string {
  if (chartsMm.length > 0) return chartsMm.map(metres).join(', ');
  return calibrationMm === null ? NOT_RECORDED : `${metres(calibrationMm)} (the screen calibration’s)`;
}

/**
 * The browser and system a user agent names, for people: "Chrome 131 on Linux", "Safari 17 on iPhone";
 * the first token when it names none we know. The report and the FHIR Device keep the whole string too.
 */
export function browserName(userAgent: string): string {
  const facts = browserFacts(userAgent);
  if (!facts) return 'unknown browser';
  return facts.system ? `${facts.name} on ${facts.system}` : facts.name;
}

/** What browserName says: the browser and version (or the first token) and the system; null: none named. */
export interface BrowserFacts {
  name: string;
  system: string | null;
}

/** The browser and system a user agent names (see {@link browserName}); null for an empty one. */
export function browserFacts(userAgent: string): BrowserFacts | null {
  const ua = userAgent.trim();
  if (ua.length === 0) return null;
  const version = (pattern: RegExp) => pattern.exec(ua)?.[1];
  const browsers: [string, RegExp][] = [
    ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
    ['Opera', /OPR\/(\d+)/],
    ['Samsung Internet', /SamsungBrowser\/(\d+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
    ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
    ['Safari', /Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
  ];
  const found = browsers.find(([, pattern]) => pattern.test(ua));
  const name = found ? `${found[0]} ${version(found[1])}` : (ua.split(/[\s/]/)[0] ?? ua);
  const systems: [string, RegExp][] = [
    ['Android', /Android/],
    ['iPhone', /iPhone/],
    ['iPad', /iPad/],
    ['ChromeOS', /CrOS/],
    ['Windows', /Windows/],
    ['macOS', /Mac OS X|Macintosh/],
    ['Linux', /Linux/],
  ];
  const system = systems.find(([, pattern]) => pattern.test(ua))?.[0] ?? null;
  return { name, system };
}

const METHOD: Record<ResultCalibrationMethod, string> = {
  card: 'card method',
  diagonal: 'screen-diagonal method',
};

/** The screen calibration in one line: "3.780 px/mm at 0.60 m (card method, device pixel ratio 1)". */
export function calibrationText(calibration: ResultCalibration | undefined): string {
  if (!calibration) return NOT_RECORDED;
  const dpr = Number(calibration.devicePixelRatio.toFixed(2));
  return (
    `${calibration.pxPerMm.toFixed(3)} px/mm at ${metres(calibration.distanceMm)} ` +
    `(${METHOD[calibration.method]}, device pixel ratio ${dpr})`
  );
}

/** The display gamma: "2.20", "not calibrated (gamma 1 assumed)", or "not recorded". */
export function gammaText(calibration: ResultCalibration | undefined): string {
  if (!calibration) return NOT_RECORDED;
  return calibration.gamma === null ? 'not calibrated (gamma 1 assumed)' : calibration.gamma.toFixed(2);
}

/** The person a report is about, from the signed-in account. */
export interface ReportPerson {
  name?: string | null;
  /** YYYY-MM-DD. */
  dob?: string | null;
}

/**
 * What one line of the report's header is made of (issue 20: other languages compose the same values from
 * these): `id` names the line; each holds what its English value is written from. The test's date-time is
 * the caller's own format, so it has none; a correction is the record's text (null: none stated).
 */
export type ReportFactFacts =
  | { id: 'name'; name: string | null }
  | ({ id: 'dob' } & DateOfBirthFacts)
  | { id: 'tested' }
  | { id: 'correction'; correction: string | null }
  | ({ id: 'distance' } & ReportDistanceFacts)
  | { id: 'calibration'; calibration: Omit<ResultCalibration, 'gamma' | 'userAgent'> | null }
  | { id: 'gamma'; recorded: boolean; gamma: number | null }
  | { id: 'browser'; recorded: boolean; browser: BrowserFacts | null };

/** One labelled line of the report's header, in English, with its {@link ReportFactFacts}. */
export interface ReportFact {
  label: string;
  value: string;
  facts: ReportFactFacts;
}

/**
 * The report header's facts, in print order: name, date of birth, test date, correction worn, viewing
 * distance, screen calibration, gamma and browser. Missing ones say {@link NOT_RECORDED}.
 * @param record the stored result
 * @param person the signed-in person (name, date of birth)
 * @param formatDateTime how the test's date-time is written (the app's locale format)
 */
export function reportHeaderFacts(
  record: ResultRecord,
  person: ReportPerson | null | undefined,
  formatDateTime: (isoDate: string) => string,
): ReportFact[] {
  if (!record || typeof record !== 'object' || !record.setup)
    throw new CoreInputError('result must be a record with a setup');
  const { setup } = record;
  const calibration = setup.calibration;
  const name = person?.name?.trim() || null;
  const dob = dateOfBirthFacts(person?.dob, setup.date);
  const correction = setup.correction.trim() || null;
  const distance = distanceFacts(record);
  const browser = calibration ? browserFacts(calibration.userAgent) : null;
  return [
    { label: 'Name', value: name ?? NOT_RECORDED, facts: { id: 'name', name } },
    { label: 'Date of birth', value: dateOfBirthText(dob), facts: { id: 'dob', ...dob } },
    { label: 'Tested', value: formatDateTime(setup.date), facts: { id: 'tested' } },
    {
      label: 'Correction worn',
      value: correction ?? 'None stated',
      facts: { id: 'correction', correction },
    },
    { label: 'Viewing distance', value: distanceText(distance), facts: { id: 'distance', ...distance } },
    {
      label: 'Screen calibration',
      value: calibrationText(calibration),
      facts: {
        id: 'calibration',
        calibration: calibration
          ? {
              method: calibration.method,
              pxPerMm: calibration.pxPerMm,
              distanceMm: calibration.distanceMm,
              devicePixelRatio: calibration.devicePixelRatio,
            }
          : null,
      },
    },
    {
      label: 'Display gamma',
      value: gammaText(calibration),
      facts: { id: 'gamma', recorded: calibration !== undefined, gamma: calibration?.gamma ?? null },
    },
    {
      label: 'Browser',
      value: calibration ? browserName(calibration.userAgent) : NOT_RECORDED,
      facts: { id: 'browser', recorded: calibration !== undefined, browser },
    },
  ];
}
