import { z } from 'zod';
import {
  ACUITY_CENSORING,
  AXIS_ANSWERS,
  AXIS_FINDINGS,
  CALIBRATION_LIMITS,
  DUOCHROME_ANSWERS,
  LOGMAR_LIMITS,
  PRESBYOPIA_DISTANCES,
  RESULT_CALIBRATION_METHODS,
  GAMMA_LIMITS,
  TEST_IDS,
  USER_AGENT_MAX_LENGTH,
  diamondRoundProblem,
  type AcuityEyeResult,
  type AxisResult,
  type DiamondEyeResult,
  type DuochromeAnswer,
  type PresbyopiaResult,
  type ResultCalibration,
  type SpokeCircleResult,
  type SpokeEllipseResult,
  type TestId,
} from '@visus/core';
import { pinSchema, testIdSchema, unitsSchema } from './sessions.schema';

/*
 * PUT /tests/results (DESIGN.md §5, SPEC.md §3): a result record `{ session?, setup, data }`, and the stored
 * form GET /tests/results answers. Every number is finite and bounded, every list and string has a maximum
 * size, unknown keys are refused, and each error message names the field (e.g. "data.sloan.right.va must …").
 */

type Range = { readonly min: number; readonly max: number };

/** An object's own message for "not an object"; other issues (e.g. unknown keys) keep zod's wording. */
function notAnObject(message: string) {
  return (issue: { code?: string }) => (issue.code === 'invalid_type' ? message : undefined);
}

function finite(name: string, range: Range) {
  return z
    .number({ error: `${name} must be a number` })
    .refine(Number.isFinite, { error: `${name} must be a finite number` })
    .refine((n) => n >= range.min && n <= range.max, {
      error: `${name} must be between ${range.min} and ${range.max}`,
    });
}

function whole(name: string, range: Range) {
  return finite(name, range).refine(Number.isInteger, { error: `${name} must be a whole number` });
}

/** Limits of the stored values (canvas units and degrees of the tests in SPEC.md §4/§9, with headroom). */
export const RESULT_LIMITS = {
  logMAR: LOGMAR_LIMITS,
  /** The viewing distance an acuity chart was drawn for, mm: the calibration's own limits. */
  distanceMm: CALIBRATION_LIMITS.distanceMm,
  rounds: { min: 0, max: 10_000 },
  loopLength: { min: 1, max: 10_000 },
  snellenLength: 32,
  duochromeAnswers: 100,
  axisDegrees: { min: 0, max: 180 },
  spokeSize: { min: 0, max: 400 },
  spokeRounds: 50,
  ellipseWidth: { min: 0, max: 400 },
  ellipseRotation: { min: -360, max: 360 },
  diamondTile: { min: 1, max: 4 },
  diamondRotation: { min: -360, max: 360 },
  diamondContrast: { min: 0, max: 100 },
  /** Rounds kept per Diamond eye (loop 3, SPEC.md §9, with headroom). */
  diamondRounds: 20,
  /** A spoke size as a visual angle, degrees: 2·atan(x) is below 180°. */
  spokeDegrees: { min: 0, max: 180 },
  presbyopiaAdd: { min: -5, max: 10 },
  presbyopiaAnswer: { min: -1000, max: 1000 },
  /** Core presbyopiaAdd's own range of ages (whole years). */
  presbyopiaAge: { min: 0, max: 130 },
  correctionLength: 64,
  partTests: 20,
  /** Timestamps: 2000-01-01 … 2100-01-01 in ms since the epoch. */
  timestamp: { min: 946_684_800_000, max: 4_102_444_800_000 },
} as const;

const L = RESULT_LIMITS;

/** Two logMAR values that are the same to the 4 decimals a record keeps (SPEC.md §3). */
const sameLogMar = (a: number, b: number) => Math.round(a * 10_000) === Math.round(b * 10_000);

function acuityEyeSchema(name: string) {
  const record = z
    .strictObject({
      va: finite(`${name}.va`, L.logMAR),
      rounds: whole(`${name}.rounds`, L.rounds),
      loopLength: whole(`${name}.loopLength`, L.loopLength),
      logMAR: finite(`${name}.logMAR`, L.logMAR).optional(),
      ci95: z
        .tuple([finite(`${name}.ci95[0]`, L.logMAR), finite(`${name}.ci95[1]`, L.logMAR)], {
          error: `${name}.ci95 must be a pair [low, high] of logMAR values`,
        })
        .refine(([lo, hi]) => lo <= hi, { error: `${name}.ci95 low must not exceed high` })
        .optional(),
      snellen: z
        .string({ error: `${name}.snellen must be a string` })
        .max(L.snellenLength, { error: `${name}.snellen must be at most ${L.snellenLength} characters` })
        .optional(),
      // A threshold beyond the screen's range is a bound (docs/adr/0010-censored-acuity-results.md).
      censored: z
        .enum(ACUITY_CENSORING, {
          error: `${name}.censored must be one of ${ACUITY_CENSORING.map((c) => `'${c}'`).join(', ')}`,
        })
        .optional(),
      bound: finite(`${name}.bound`, L.logMAR).optional(),
      distanceMm: finite(`${name}.distanceMm`, L.distanceMm).optional(),
    })
    // Both or neither, and a bound is the record's value: va and logMAR (when kept) equal it, so that no
    // reader can find another number in the record to show as if it were measured.
    .superRefine((r, ctx) => {
      if (r.censored !== undefined && r.bound === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['bound'],
          message: `${name}.bound is required when censored is set`,
        });
      } else if (r.bound !== undefined && r.censored === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['censored'],
          message: `${name}.censored is required when bound is set`,
        });
      } else if (r.bound !== undefined) {
        for (const field of ['va', 'logMAR'] as const) {
          const value = r[field];
          if (value !== undefined && !sameLogMar(value, r.bound)) {
            ctx.addIssue({
              code: 'custom',
              path: [field],
              message: `${name}.${field} must equal bound (${r.bound}) when censored is set`,
            });
          }
        }
      }
    });
  // A bare logMAR value is also seen in older records (SPEC.md §3). A record whose field has the wrong
  // type fails both options; it is told about that field (the record option's first issue), not that it
  // is neither a number nor a record.
  return z.union([finite(name, L.logMAR), record], {
    error: (issue) => {
      const recordIssue =
        issue.code === 'invalid_union' && typeof issue.input === 'object' && issue.input !== null
          ? issue.errors[1]?.[0]?.message
          : undefined;
      return recordIssue ?? `${name} must be a logMAR number or { va, rounds, loopLength }`;
    },
  });
}

function axisEyeSchema(name: string) {
  const key = (field: string) =>
    z
      .enum(AXIS_ANSWERS, { error: `${name}.${field} must be one of ${AXIS_ANSWERS.join(', ')} or null` })
      .nullable();
  return z.strictObject({
    endpoint: finite(`${name}.endpoint`, L.axisDegrees),
    firstResponseKey: key('firstResponseKey'),
    secondResponseKey: key('secondResponseKey'),
    // Since issue 17 (core axisFinding); records stored before lack it (core axisFindingOf reads them).
    finding: z
      .enum(AXIS_FINDINGS, {
        error: `${name}.finding must be one of ${AXIS_FINDINGS.map((f) => `'${f}'`).join(', ')}`,
      })
      .optional(),
  });
}

/** "'red', 'green' or 'same'": every answer core takes ('same' since issue 17). */
const DUOCHROME_LIST = `${DUOCHROME_ANSWERS.slice(0, -1)
  .map((a) => `'${a}'`)
  .join(', ')} or '${DUOCHROME_ANSWERS[DUOCHROME_ANSWERS.length - 1]}'`;

function duochromeEyeSchema(name: string) {
  return z
    .array(z.enum(DUOCHROME_ANSWERS, { error: `${name} answers must be ${DUOCHROME_LIST}` }), {
      error: `${name} must be a list of ${DUOCHROME_ANSWERS.map((a) => `'${a}'`).join(' | ')}`,
    })
    .max(L.duochromeAnswers, { error: `${name} must have at most ${L.duochromeAnswers} answers` });
}

/**
 * A spoke eye's sizes as visual angles (core `withVisualAngle`, since issue 17; optional, older records
 * lack it): one angle per round, their mean and spread to 3 decimals, and the viewing distance.
 */
function spokeVisualAngleSchema(name: string) {
  return z.strictObject(
    {
      distanceMm: finite(`${name}.distanceMm`, L.distanceMm),
      sizes: z
        .array(finite(`${name}.sizes[]`, L.spokeDegrees), { error: `${name}.sizes must be a list` })
        .min(1, { error: `${name}.sizes must have at least 1 entry` })
        .max(L.spokeRounds, { error: `${name}.sizes must have at most ${L.spokeRounds} entries` }),
      average: finite(`${name}.average`, L.spokeDegrees),
      diff: finite(`${name}.diff`, L.spokeDegrees),
    },
    { error: notAnObject(`${name} must be an object { distanceMm, sizes, average, diff }`) },
  );
}

/** The angles belong to the rounds: one per round, and the average is their mean (to 3 decimals). */
function checkVisualAngle(
  name: string,
  r: { acuityResults: unknown[]; visualAngle?: { sizes: number[]; average: number } },
  ctx: z.RefinementCtx,
) {
  const angle = r.visualAngle;
  // Refinements run after field issues too: check consistency only of angles that parsed.
  if (!angle || !angle.sizes.every(Number.isFinite)) return;
  if (angle.sizes.length !== r.acuityResults.length) {
    ctx.addIssue({
      code: 'custom',
      path: ['visualAngle', 'sizes'],
      message: `${name}.visualAngle.sizes must have one entry per round (${r.acuityResults.length})`,
    });
    return;
  }
  const mean = angle.sizes.reduce((a, b) => a + b, 0) / angle.sizes.length;
  if (Math.abs(mean - angle.average) > 0.0015) {
    ctx.addIssue({
      code: 'custom',
      path: ['visualAngle', 'average'],
      message: `${name}.visualAngle.average must be the mean of visualAngle.sizes (${Number(mean.toFixed(3))})`,
    });
  }
}

function spokeCircleEyeSchema(name: string) {
  return z
    .strictObject({
      diff: finite(`${name}.diff`, L.spokeSize),
      average: finite(`${name}.average`, L.spokeSize),
      acuityResults: z
        .array(finite(`${name}.acuityResults[]`, L.spokeSize), {
          error: `${name}.acuityResults must be a list`,
        })
        .max(L.spokeRounds, { error: `${name}.acuityResults must have at most ${L.spokeRounds} entries` }),
      visualAngle: spokeVisualAngleSchema(`${name}.visualAngle`).optional(),
    })
    .superRefine((r, ctx) => checkVisualAngle(name, r, ctx));
}

function spokeEllipseEyeSchema(name: string) {
  return z
    .strictObject({
      diffWidth: finite(`${name}.diffWidth`, L.ellipseWidth),
      diffRotation: finite(`${name}.diffRotation`, { min: 0, max: L.ellipseRotation.max }),
      averageWidth: finite(`${name}.averageWidth`, L.ellipseWidth),
      averageRotation: finite(`${name}.averageRotation`, L.ellipseRotation),
      acuityResults: z
        .array(
          z.strictObject({
            width: finite(`${name}.acuityResults[].width`, L.ellipseWidth),
            rotation: finite(`${name}.acuityResults[].rotation`, L.ellipseRotation),
          }),
          { error: `${name}.acuityResults must be a list of { width, rotation }` },
        )
        .max(L.spokeRounds, { error: `${name}.acuityResults must have at most ${L.spokeRounds} entries` }),
      visualAngle: spokeVisualAngleSchema(`${name}.visualAngle`).optional(),
    })
    .superRefine((r, ctx) => checkVisualAngle(name, r, ctx));
}

function diamondRoundSchema(name: string) {
  return z.strictObject(
    {
      selected: whole(`${name}.selected`, L.diamondTile),
      gratingTile: whole(`${name}.gratingTile`, L.diamondTile),
      correct: z.boolean({ error: `${name}.correct must be true or false` }),
      rotation: finite(`${name}.rotation`, L.diamondRotation),
      contrast: finite(`${name}.contrast`, L.diamondContrast),
    },
    {
      error: notAnObject(`${name} must be an object { selected, gratingTile, correct, rotation, contrast }`),
    },
  );
}

/**
 * A Diamond eye: the last round at the top level (SPEC.md §3), and since issue 17 every round and the
 * score (both or neither; older records have neither). The rounds must agree with themselves (core
 * `diamondRoundProblem`: correct = selected is the grating tile, rotation from the tile), the score must
 * count them, and the top level must be the last round.
 */
function diamondEyeSchema(name: string) {
  return z
    .strictObject({
      selected: whole(`${name}.selected`, L.diamondTile),
      rotation: finite(`${name}.rotation`, L.diamondRotation),
      contrast: finite(`${name}.contrast`, L.diamondContrast),
      rounds: z
        .array(diamondRoundSchema(`${name}.rounds[]`), { error: `${name}.rounds must be a list` })
        .min(1, { error: `${name}.rounds must have at least 1 entry` })
        .max(L.diamondRounds, { error: `${name}.rounds must have at most ${L.diamondRounds} entries` })
        .optional(),
      score: z
        .strictObject(
          {
            correct: whole(`${name}.score.correct`, { min: 0, max: L.diamondRounds }),
            of: whole(`${name}.score.of`, { min: 1, max: L.diamondRounds }),
          },
          { error: notAnObject(`${name}.score must be an object { correct, of }`) },
        )
        .optional(),
    })
    .superRefine((r, ctx) => {
      if (r.rounds === undefined && r.score === undefined) return;
      if (r.rounds === undefined || r.score === undefined) {
        const missing = r.rounds === undefined ? 'rounds' : 'score';
        ctx.addIssue({
          code: 'custom',
          path: [missing],
          message: `${name}.${missing} is required when ${missing === 'rounds' ? 'score' : 'rounds'} is set`,
        });
        return;
      }
      // Refinements run after field issues too: check consistency only of rounds that parsed.
      if (r.rounds.length === 0) return;
      r.rounds.forEach((round, i) => {
        const problem = diamondRoundProblem(round);
        if (problem)
          ctx.addIssue({ code: 'custom', path: ['rounds', i], message: `${name}.rounds[${i}].${problem}` });
      });
      const correct = r.rounds.filter((round) => round.correct).length;
      if (r.score.correct !== correct || r.score.of !== r.rounds.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['score'],
          message: `${name}.score must be { correct: ${correct}, of: ${r.rounds.length} }, the count of correct rounds`,
        });
      }
      const last = r.rounds[r.rounds.length - 1]!;
      for (const field of ['selected', 'rotation', 'contrast'] as const) {
        if (r[field] !== last[field]) {
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: `${name}.${field} must equal the last round's (${last[field]})`,
          });
        }
      }
    });
}

function perEye<T extends z.ZodType>(test: string, eye: (name: string) => T) {
  return z.strictObject(
    { right: eye(`data.${test}.right`).optional(), left: eye(`data.${test}.left`).optional() },
    { error: notAnObject(`data.${test} must be an object { right?, left? }`) },
  );
}

const presbyopiaSchema = z.strictObject(
  {
    stereo: z
      .strictObject({
        add: finite('data.presbyopia.stereo.add', L.presbyopiaAdd),
        answer: finite('data.presbyopia.stereo.answer', L.presbyopiaAnswer),
        distance: z
          .enum(PRESBYOPIA_DISTANCES, {
            error: `data.presbyopia.stereo.distance must be one of ${PRESBYOPIA_DISTANCES.map((d) => `'${d}'`).join(', ')}`,
          })
          .optional(),
        age: whole('data.presbyopia.stereo.age', L.presbyopiaAge).optional(),
      })
      .optional(),
  },
  { error: notAnObject('data.presbyopia must be an object { stereo? }') },
);

const timestamp = (name: string) => whole(name, L.timestamp);

/** `data` of a record: start/end in ms and the results keyed by test (at least one). */
export const testResultsSchema = z
  .strictObject(
    {
      start: timestamp('data.start'),
      end: timestamp('data.end'),
      sloan: perEye('sloan', acuityEyeSchema).optional(),
      landoltC: perEye('landoltC', acuityEyeSchema).optional(),
      tumblingE: perEye('tumblingE', acuityEyeSchema).optional(),
      duoChrome: perEye('duoChrome', duochromeEyeSchema).optional(),
      astigAxis: perEye('astigAxis', axisEyeSchema).optional(),
      astigPower: perEye('astigPower', acuityEyeSchema).optional(),
      spokeCircle: perEye('spokeCircle', spokeCircleEyeSchema).optional(),
      spokeEllipse: perEye('spokeEllipse', spokeEllipseEyeSchema).optional(),
      diamond: perEye('diamond', diamondEyeSchema).optional(),
      presbyopia: presbyopiaSchema.optional(),
    },
    { error: notAnObject('data must be an object { start, end, <test>: { right?, left? } }') },
  )
  .refine((d) => d.end >= d.start, { error: 'data.end must not be before data.start', path: ['end'] })
  .refine((d) => TEST_IDS.some((id) => d[id] !== undefined), {
    error: `data must hold at least one test (${TEST_IDS.join(', ')})`,
  });
export type TestResultsBody = z.infer<typeof testResultsSchema>;

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

export const RESULTS_PAGE_LIMITS = { defaultLimit: 20, maxLimit: 100, maxPage: 100_000 } as const;

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
];
