import { z } from 'zod';
import {
  CALIBRATION_LIMITS,
  RESULT_CALIBRATION_METHODS,
  GAMMA_LIMITS,
  USER_AGENT_MAX_LENGTH,
  type AcuityEyeResult,
  type AxisResult,
  type DiamondEyeResult,
  type DuochromeAnswer,
  type PresbyopiaResult,
  type ResultCalibration,
  type ResultViewing,
  type SpokeCircleResult,
  type SpokeEllipseResult,
  type TestId,
} from '@visus/core';
import { RESULTS_PAGE_LIMITS } from './results-constants';
import { RESULT_LIMITS, testResultsSchema, type TestResultsBody } from './result-data.schema';
import { finite, notAnObject } from './schema-fields';

const L = RESULT_LIMITS;
import { pinSchema, testIdSchema, unitsSchema } from './sessions.schema';
/*
 * PUT /tests/results (DESIGN.md §5, SPEC.md §3): a result record `{ session?, setup, data }`, and the stored
 * form GET /tests/results answers. Every number is finite and bounded, every list and string has a maximum
 * size, unknown keys are refused, and each error message names the field (e.g. "data.sloan.right.va must …").
 */

const isoDateTime = (name: string) =>
  z.iso.datetime({
    offset: true,
    error: `${name} must be an ISO 8601 date-time, e.g. 2026-01-31T09:30:00.000Z`,
  });

/** The earliest date a test can have been taken (results are listed and charted by it). */
export const EARLIEST_TEST_DATE = '2000-01-01T00:00:00.000Z';
/** How far a device clock may run ahead of the server's: a test date later than this is refused. */
export const TEST_DATE_CLOCK_SKEW_MS = 86_400_000;

/**
 * When the test was taken: a real instant, not before EARLIEST_TEST_DATE and not in the future (beyond
 * a day of clock skew). Results are ordered by it, so a date in the year 9999 would stay first forever.
 */
const testDate = (name: string) =>
  isoDateTime(name)
    .refine((value) => Date.parse(value) >= Date.parse(EARLIEST_TEST_DATE), {
      error: `${name} must be in the year 2000 or later`,
    })
    .refine((value) => Date.parse(value) <= Date.now() + TEST_DATE_CLOCK_SKEW_MS, {
      error: `${name} must not be in the future`,
    });

const partSchema = (name: string) =>
  z
    .array(testIdSchema, { error: `${name} must be a list of test ids` })
    .max(L.partTests, { error: `${name} must have at most ${L.partTests} tests` });

/**
 * `setup.calibration`: the screen calibration the display drew with (docs/results.md "The printed
 * report"); optional, as records stored before 2026-11-25 lack it. Strict and bounded by the
 * calibration's own limits.
 */
export const resultCalibrationSchema = z.strictObject(
  {
    method: z.enum(RESULT_CALIBRATION_METHODS, {
      error: `setup.calibration.method must be one of ${RESULT_CALIBRATION_METHODS.join(', ')}`,
    }),
    pxPerMm: finite('setup.calibration.pxPerMm', CALIBRATION_LIMITS.pxPerMm),
    distanceMm: finite('setup.calibration.distanceMm', CALIBRATION_LIMITS.distanceMm),
    devicePixelRatio: finite('setup.calibration.devicePixelRatio', CALIBRATION_LIMITS.devicePixelRatio),
    gamma: finite('setup.calibration.gamma', GAMMA_LIMITS).nullable(),
    userAgent: z
      .string({ error: 'setup.calibration.userAgent must be a string' })
      .max(USER_AGENT_MAX_LENGTH, {
        error: `setup.calibration.userAgent must be at most ${USER_AGENT_MAX_LENGTH} characters`,
      }),
  },
  {
    error: notAnObject(
      'setup.calibration must be an object { method, pxPerMm, distanceMm, devicePixelRatio, gamma, userAgent }',
    ),
  },
);

/** `setup` of a record (SPEC.md §3): the date, units, correction, test mode and single test or the parts. */
export const resultSetupSchema = z.strictObject(
  {
    date: testDate('setup.date'),
    units: unitsSchema,
    correction: z.string({ error: 'setup.correction must be a string' }).max(L.correctionLength, {
      error: `setup.correction must be at most ${L.correctionLength} characters`,
    }),
    testMode: z.boolean({ error: 'setup.testMode must be true or false' }),
    singleTest: testIdSchema.optional(),
    testA: partSchema('setup.testA').optional(),
    testB: partSchema('setup.testB').optional(),
    testC: partSchema('setup.testC').optional(),
    calibration: resultCalibrationSchema.optional(),
  },
  { error: notAnObject('setup must be an object { date, units, correction, testMode, … }') },
);
export type ResultSetupBody = z.infer<typeof resultSetupSchema>;

/** PUT /tests/results body. `session` is the pin of the caller's session the result belongs to. */
export const resultRecordSchema = z.strictObject(
  {
    session: pinSchema.optional(),
    setup: resultSetupSchema,
    data: testResultsSchema,
  },
  { error: notAnObject('body must be an object { session?, setup, data }') },
);
export type ResultRecordBody = z.infer<typeof resultRecordSchema>;

/** A stored result as the API answers it; `_id` is the result's id, `createdAt` an ISO date-time. */
export const storedResultSchema = z.object({
  _id: z.string(),
  session: z.string().nullable(),
  setup: resultSetupSchema,
  data: testResultsSchema,
  createdAt: z.string(),
});
export type StoredResult = z.infer<typeof storedResultSchema>;

// In results-constants.ts, so that the screens that page the lists load no schema for it.
export { RESULTS_PAGE_LIMITS };

const queryInt = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .refine((n) => Number.isInteger(n) && n >= min && n <= max, {
      error: `${name} must be a whole number from ${min} to ${max}`,
    });

/** A real calendar day (Date.parse accepts 2026-02-30 and rolls it over to March). */
function realDay(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

const queryDate = (name: string) =>
  z
    .string({ error: `${name} must be a date` })
    .refine(
      (s) =>
        /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(s) &&
        !Number.isNaN(Date.parse(s)) &&
        realDay(s),
      { error: `${name} must be an ISO date (YYYY-MM-DD) or date-time with offset` },
    );

/** GET /tests/results query: paging and filters; unknown params are refused with their name. */
export const resultsListQuerySchema = z
  .strictObject({
    page: queryInt('page', 1, RESULTS_PAGE_LIMITS.maxPage).default(1),
    limit: queryInt('limit', 1, RESULTS_PAGE_LIMITS.maxLimit).default(RESULTS_PAGE_LIMITS.defaultLimit),
    from: queryDate('from').optional(),
    to: queryDate('to').optional(),
    test: testIdSchema.optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || Date.parse(q.from) <= Date.parse(q.to), {
    error: 'from must not be after to',
    path: ['from'],
  });
export type ResultsListQuery = z.input<typeof resultsListQuerySchema>;
/** The list query after validation (defaults applied, numbers parsed). */
export type ResultsListParams = z.output<typeof resultsListQuerySchema>;

/** GET /tests/results/:id — any string; the server answers 404 for ids that are not one of the caller's. */
export const resultIdParamsSchema = z.strictObject({ id: z.string() });

export const resultsListSchema = z.object({ results: z.array(storedResultSchema), total: z.number() });
export type ResultsList = z.infer<typeof resultsListSchema>;

export const RESULT_NOT_FOUND = 'Result not found';

// Compile-time checks that the contracts match core's result types exactly.
type Mutable<T> = T extends readonly (infer U)[]
  ? Mutable<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: Mutable<T[K]> }
    : T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
type AcuityRecord = Exclude<NonNullable<NonNullable<TestResultsBody['sloan']>['right']>, number>;
type Eye<K extends TestId> = NonNullable<
  NonNullable<TestResultsBody[K]>['right' & keyof NonNullable<TestResultsBody[K]>]
>;
export type ResultContractChecks = [
  Assert<Same<AcuityRecord, AcuityEyeResult>>,
  Assert<Same<Eye<'astigAxis'>, Mutable<AxisResult>>>,
  Assert<Same<Eye<'duoChrome'>, DuochromeAnswer[]>>,
  Assert<Same<Eye<'spokeCircle'>, Mutable<SpokeCircleResult>>>,
  Assert<Same<Eye<'spokeEllipse'>, Mutable<SpokeEllipseResult>>>,
  Assert<Same<Eye<'diamond'>, Mutable<DiamondEyeResult>>>,
  Assert<Same<NonNullable<NonNullable<TestResultsBody['presbyopia']>['stereo']>, PresbyopiaResult>>,
  Assert<Same<z.infer<typeof resultCalibrationSchema>, ResultCalibration>>,
  Assert<Same<NonNullable<NonNullable<TestResultsBody['sloan']>['viewing']>, ResultViewing>>,
  Assert<Same<NonNullable<NonNullable<TestResultsBody['presbyopia']>['viewing']>, ResultViewing>>,
];
