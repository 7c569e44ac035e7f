import { z } from 'zod';
import {
  ACUITY_CENSORING,
  AXIS_ANSWERS,
  AXIS_FINDINGS,
  AXIS_LETTER_CHOICES,
  CALIBRATION_LIMITS,
  DUOCHROME_ANSWERS,
  LOGMAR_LIMITS,
  PRESBYOPIA_DISTANCES,
  TEST_IDS,
  VIEWING_METHODS,
  diamondRoundProblem,
} from '@visus/core';
import { finite, notAnObject, whole } from './schema-fields';

/*
 * `data` of a result record (SPEC.md §3): one schema per test and eye. Every number is finite and bounded,
 * every list has a maximum size, unknown keys are refused, and each error message names the field.
 */
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
      // Bars around each optotype (SPEC.md §3 `crowding`); older records lack it ("not recorded").
      crowded: z.boolean({ error: `${name}.crowded must be true or false` }).optional(),
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
    // Since issue 23 (the rotating letter, docs/adr/0017); records stored before lack it ("not recorded").
    letter: z
      .enum(AXIS_LETTER_CHOICES, {
        error: `${name}.letter must be one of ${AXIS_LETTER_CHOICES.map((c) => `'${c}'`).join(', ')}`,
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

/**
 * How a test's viewing distance was known (issue 18, core `ResultViewing`; optional, older records lack
 * it): the method, the distance, and the range seen (both ends or neither, min ≤ distance ≤ max).
 */
function viewingSchema(name: string) {
  return z
    .strictObject(
      {
        method: z.enum(VIEWING_METHODS, {
          error: `${name}.method must be one of ${VIEWING_METHODS.map((m) => `'${m}'`).join(', ')}`,
        }),
        distanceMm: finite(`${name}.distanceMm`, L.distanceMm),
        minMm: finite(`${name}.minMm`, L.distanceMm).optional(),
        maxMm: finite(`${name}.maxMm`, L.distanceMm).optional(),
      },
      { error: notAnObject(`${name} must be an object { method, distanceMm, minMm?, maxMm? }`) },
    )
    .superRefine((v, ctx) => {
      if ((v.minMm === undefined) !== (v.maxMm === undefined)) {
        const missing = v.minMm === undefined ? 'minMm' : 'maxMm';
        ctx.addIssue({
          code: 'custom',
          path: [missing],
          message: `${name}.${missing} is required when ${missing === 'minMm' ? 'maxMm' : 'minMm'} is set`,
        });
      } else if (v.minMm !== undefined && v.maxMm !== undefined) {
        if (!(v.minMm <= v.distanceMm && v.distanceMm <= v.maxMm))
          ctx.addIssue({
            code: 'custom',
            path: ['distanceMm'],
            message: `${name}.distanceMm must lie between minMm and maxMm`,
          });
      }
    });
}

function perEye<T extends z.ZodType>(test: string, eye: (name: string) => T) {
  return z.strictObject(
    {
      right: eye(`data.${test}.right`).optional(),
      left: eye(`data.${test}.left`).optional(),
      viewing: viewingSchema(`data.${test}.viewing`).optional(),
    },
    { error: notAnObject(`data.${test} must be an object { right?, left?, viewing? }`) },
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
    viewing: viewingSchema('data.presbyopia.viewing').optional(),
  },
  { error: notAnObject('data.presbyopia must be an object { stereo?, viewing? }') },
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
