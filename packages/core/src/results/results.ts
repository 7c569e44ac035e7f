/*
 * The results shape of SPEC.md §3 ("Results (test results keyed by test)"), as types shared with
 * packages/contracts (which validates them at the API boundary) and the web results view.
 */
import type { AxisResult } from '../astigmatism/astigmatism-axis';
import type { DiamondEyeResult } from '../diamond/diamond';
import type { DuochromeAnswer } from '../duochrome/duochrome';
import type { PresbyopiaDistance } from '../presbyopia/presbyopia-add';
import type { SpokeCircleResult } from '../spoke/spoke-circle';
import type { SpokeEllipseResult } from '../spoke/spoke-ellipse';
import type { ResultViewing } from './viewing';

/** Results per eye. */
export interface PerEye<T> {
  right?: T;
  left?: T;
}

/** One test of a record: per eye, and since issue 18 how its viewing distance was known (optional). */
export interface TestEntry<T> extends PerEye<T> {
  viewing?: ResultViewing;
}

/**
 * The sides a stored acuity threshold can lie beyond the range the screen could draw
 * (docs/adr/0010-censored-acuity-results.md): `'better-than'` = logMAR ≤ bound ("0.5 or better"),
 * `'worse-than'` = logMAR ≥ bound ("1.0 or worse").
 */
export const ACUITY_CENSORING = ['better-than', 'worse-than'] as const;
export type AcuityCensoring = (typeof ACUITY_CENSORING)[number];

/**
 * An acuity chart's result per eye: va (logMAR, 4 decimals), rounds used and the loop length (SPEC.md §3),
 * plus ours (DESIGN.md §5): the procedure's logMAR estimate, its 95 % interval [low, high] in logMAR and the
 * nearest Snellen label. Since issue 16 also, when the threshold lies beyond the screen's range, on which
 * side (`censored`) of which logMAR (`bound`: the end level drawn; then va = logMAR = bound and ci95 is
 * one-sided), and the viewing distance the chart was drawn for. Older records lack the last three.
 */
export interface AcuityEyeResult {
  va: number;
  rounds: number;
  loopLength: number;
  logMAR?: number;
  ci95?: [number, number];
  snellen?: string;
  /** Present only on a bound, with `bound`: the threshold is at or below (`better-than`) or above it. */
  censored?: AcuityCensoring;
  /** Present only with `censored`: the logMAR of the smallest (or largest) line the screen could draw. */
  bound?: number;
  /** Eye-to-screen distance the chart was drawn for, in mm (the calibration's). */
  distanceMm?: number;
  /**
   * Whether the optotypes were crowded (bars around each, SPEC.md §3 `crowding`). Crowded acuity reads
   * worse than uncrowded and is not comparable with it. Records stored before it was kept lack it: they
   * read as "not recorded" (they were drawn uncrowded, as every chart was then).
   */
  crowded?: boolean;
}

/**
 * Presbyopia, stored under eye `stereo` (SPEC.md §3): the near add in dioptres and the person's answer (their
 * distance prescription, sphere, D). Ours: the two other inputs of the add (core `presbyopiaAdd`), so a
 * clinician can see why it came out as it did — the reading distance chosen and the age in whole years used
 * for the base add (the profile's, or the one typed on the form). Records stored before they were kept lack
 * them.
 */
export interface PresbyopiaResult {
  add: number;
  answer: number;
  distance?: PresbyopiaDistance;
  age?: number;
}

/** The test results of one session, keyed by test; start and end are ms timestamps. */
export interface TestResults {
  sloan?: TestEntry<AcuityEyeResult | number>; // a bare acuity value is also seen in older records
  landoltC?: TestEntry<AcuityEyeResult | number>;
  tumblingE?: TestEntry<AcuityEyeResult | number>;
  duoChrome?: TestEntry<DuochromeAnswer[]>;
  astigAxis?: TestEntry<AxisResult>;
  astigPower?: TestEntry<AcuityEyeResult | number>;
  spokeCircle?: TestEntry<SpokeCircleResult>;
  spokeEllipse?: TestEntry<SpokeEllipseResult>;
  diamond?: TestEntry<DiamondEyeResult>;
  presbyopia?: { stereo?: PresbyopiaResult; viewing?: ResultViewing };
  start?: number;
  end?: number;
}

/** The calibration methods a result's screen can have been calibrated with (none cannot run a test). */
export const RESULT_CALIBRATION_METHODS = ['card', 'diagonal'] as const;
export type ResultCalibrationMethod = (typeof RESULT_CALIBRATION_METHODS)[number];

/** The longest browser user-agent string a result keeps (longer ones are cut when the record is made). */
export const USER_AGENT_MAX_LENGTH = 512;

/**
 * The screen calibration a result was measured with, as the display used it when it stored the result
 * (docs/results.md "The printed report"). Results stored before 2026-11-25 do not have it.
 */
export interface ResultCalibration {
  /** How the screen's size was calibrated. */
  method: ResultCalibrationMethod;
  /** CSS px per mm of the screen. */
  pxPerMm: number;
  /** The viewing distance the calibration set, mm. */
  distanceMm: number;
  /** `window.devicePixelRatio` during the test. */
  devicePixelRatio: number;
  /** The display gamma the tests drew with; null when the colours were never calibrated. */
  gamma: number | null;
  /** The browser's user agent (at most {@link USER_AGENT_MAX_LENGTH} characters). */
  userAgent: string;
}

/** Setup of a stored result record (SPEC.md §3): test mode/single test, or the three parts in full mode. */
export interface ResultSetup {
  date: string;
  units: string;
  correction: string;
  testMode: boolean;
  singleTest?: string;
  testA?: string[];
  testB?: string[];
  testC?: string[];
  /** The screen calibration in force (absent in records stored before 2026-11-25). */
  calibration?: ResultCalibration;
}

/** A stored result record: setup and data. */
export interface ResultRecord {
  setup: ResultSetup;
  data: TestResults;
}
