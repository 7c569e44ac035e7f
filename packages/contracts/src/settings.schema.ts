import { z } from 'zod';
import {
  CALIBRATION_LIMITS,
  GAMMA_LIMITS,
  HISTORY_QUESTIONS,
  HISTORY_TEXT_MAX,
  SCREEN_NAME_MAX,
  pixelsPerDegreeConsistent,
  type ChoiceQuestion,
} from '@visus/core';

type Range = { readonly min: number; readonly max: number };

/**
 * A finite number within a plausible range. NaN cannot travel in JSON, so a client's NaN arrives as null
 * or a string; both are refused with the field's name in the message.
 */
function bounded(name: string, range: Range, unit: string) {
  return z
    .number({ error: `${name} must be a number` })
    .refine(Number.isFinite, { error: `${name} must be a finite number` })
    .refine((n) => n >= range.min && n <= range.max, {
      error: `${name} must be between ${range.min} and ${range.max} ${unit}`,
    });
}

function wholeNumber(name: string, range: Range, unit: string) {
  return bounded(name, range, unit).refine(Number.isInteger, { error: `${name} must be a whole number` });
}

const resolutionSchema = (name: string) =>
  z.strictObject({
    width: wholeNumber(`${name} width`, CALIBRATION_LIMITS.resolution, 'px'),
    height: wholeNumber(`${name} height`, CALIBRATION_LIMITS.resolution, 'px'),
  });

/** Fields shared by both calibration methods (DESIGN.md §5), plus the window they were made in. */
const calibrationFields = {
  pixelsPerDegree: bounded('pixelsPerDegree', CALIBRATION_LIMITS.pixelsPerDegree, 'px per degree'),
  /** Screen resolution in device pixels when calibrated. */
  resolution: resolutionSchema('resolution'),
  pixelsPerMm: bounded('pixelsPerMm', CALIBRATION_LIMITS.pxPerMm, 'px per mm'),
  distanceMm: bounded('distanceMm', CALIBRATION_LIMITS.distanceMm, 'mm'),
  /** `window.devicePixelRatio` at calibration; a later change means zoom or another screen. */
  devicePixelRatio: bounded('devicePixelRatio', CALIBRATION_LIMITS.devicePixelRatio, '').optional(),
  /** `screen.width × screen.height` in CSS px at calibration. */
  cssResolution: resolutionSchema('cssResolution').optional(),
  /** Viewing distance estimated by the optional blind-spot check, in mm. */
  blindSpotDistanceMm: bounded('blindSpotDistanceMm', CALIBRATION_LIMITS.distanceMm, 'mm').optional(),
};

function consistentPpd(value: { pixelsPerDegree: number; pixelsPerMm: number; distanceMm: number }): boolean {
  return pixelsPerDegreeConsistent(value.pixelsPerDegree, value.pixelsPerMm, value.distanceMm);
}
const PPD_MISMATCH = 'pixelsPerDegree must equal pixelsPerMm × distanceMm × tan(1°)';

/** Card method: the on-screen ID-1 card width the person matched. */
export const cardCalibrationSchema = z
  .strictObject({
    ...calibrationFields,
    cardWidthPx: bounded('cardWidthPx', CALIBRATION_LIMITS.cardWidthPx, 'px').optional(),
  })
  .refine(consistentPpd, { error: PPD_MISMATCH, path: ['pixelsPerDegree'] });
export type CardCalibration = z.infer<typeof cardCalibrationSchema>;

/** Diagonal method: the diagonal in inches typed by the person. */
export const diagonalCalibrationSchema = z
  .strictObject({
    ...calibrationFields,
    diagonalInches: bounded('diagonalInches', CALIBRATION_LIMITS.diagonalInches, 'inches'),
  })
  .refine(consistentPpd, { error: PPD_MISMATCH, path: ['pixelsPerDegree'] });
export type DiagonalCalibration = z.infer<typeof diagonalCalibrationSchema>;

export const CALIBRATION_METHODS = ['none', 'card', 'diagonal'] as const;
export const calibrationMethodSchema = z.enum(CALIBRATION_METHODS, {
  error: `method must be one of ${CALIBRATION_METHODS.join(', ')}`,
});
export type CalibrationMethod = z.infer<typeof calibrationMethodSchema>;

export const gammaSchema = bounded('gamma', GAMMA_LIMITS, '');

/** A screen profile's name: 1–SCREEN_NAME_MAX characters once trimmed. */
export const screenNameSchema = z
  .string({ error: 'screenName must be text' })
  .trim()
  .min(1, { error: 'screenName must not be empty' })
  .max(SCREEN_NAME_MAX, { error: `screenName must be at most ${SCREEN_NAME_MAX} characters` });

/**
 * Whether the screens between eyes and tests (Repeat, Continue, Complete) move on by themselves after
 * their countdown (WCAG 2.2.1, issue 25); false: they wait for CONTINUE. True when never set.
 */
export const DEFAULT_AUTO_ADVANCE = true;

/**
 * Whether the display speaks its instructions aloud (issue 20 item 2): off until the person turns it on
 * on Setup or from the phone, since a voice nobody asked for is a surprise.
 */
export const DEFAULT_SPEAK_INSTRUCTIONS = false;

/**
 * The stored screen settings (SPEC.md §3, DESIGN.md §5). `autoAdvance` is optional so that a settings
 * record from before it existed (a client's cache, an older server) still reads: absent means
 * {@link DEFAULT_AUTO_ADVANCE}. The server always sends it.
 */
export const settingsSchema = z.object({
  method: calibrationMethodSchema,
  card: cardCalibrationSchema.nullable(),
  diagonal: diagonalCalibrationSchema.nullable(),
  gamma: gammaSchema,
  autoAdvance: z.boolean().optional(),
  /** Speak the display's instructions; absent (an older record) means {@link DEFAULT_SPEAK_INSTRUCTIONS}. */
  speakInstructions: z.boolean().optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** PUT /tests/settings: the method and the calibration it uses; the other method's values are kept if omitted. */
export const settingsBodySchema = z
  .strictObject({
    method: calibrationMethodSchema,
    card: cardCalibrationSchema.nullable().optional(),
    diagonal: diagonalCalibrationSchema.nullable().optional(),
    /** The name of the screen profile the calibration is kept in (issue 18 item 4); its size by default. */
    screenName: screenNameSchema.optional(),
  })
  .refine((body) => body.method !== 'card' || body.card, {
    error: 'card is required when method is card',
    path: ['card'],
  })
  .refine((body) => body.method !== 'diagonal' || body.diagonal, {
    error: 'diagonal is required when method is diagonal',
    path: ['diagonal'],
  });
export type SettingsBody = z.input<typeof settingsBodySchema>;

/** PUT /tests/gammasettings */
export const gammaBodySchema = z.strictObject({ gamma: gammaSchema });
export type GammaBody = z.infer<typeof gammaBodySchema>;

/** PUT /tests/settings/auto-advance: move on by itself between eyes and tests (true) or wait for CONTINUE. */
export const autoAdvanceBodySchema = z.strictObject({
  autoAdvance: z.boolean({ error: 'autoAdvance must be true or false' }),
});
export type AutoAdvanceBody = z.infer<typeof autoAdvanceBodySchema>;

/** PUT /tests/settings/speech: the display speaks its instructions aloud (true) or stays silent. */
export const speechBodySchema = z.strictObject({
  speakInstructions: z.boolean({ error: 'speakInstructions must be true or false' }),
});
export type SpeechBody = z.infer<typeof speechBodySchema>;

const textAnswer = (key: string) =>
  z
    .string({ error: `${key} must be text` })
    .max(HISTORY_TEXT_MAX, { error: `${key} must be at most ${HISTORY_TEXT_MAX} characters` });

function choiceAnswer(question: ChoiceQuestion) {
  const ids = question.options.map((o) => o.id);
  const { key } = question;
  return z.strictObject(
    {
      selected: z
        .array(z.string({ error: `${key}.selected must be a list of options` }), {
          error: `${key}.selected must be a list of options`,
        })
        .max(ids.length, { error: `${key}.selected has more answers than options` })
        .refine((list) => list.every((id) => ids.includes(id)), {
          error: `${key}.selected must only contain: ${ids.join(', ')}`,
        })
        .refine((list) => new Set(list).size === list.length, {
          error: `${key}.selected lists an option twice`,
        }),
      details: textAnswer(`${key}.details`),
    },
    { error: `${key} must be { selected, details }` },
  );
}

const questionSchemas = Object.fromEntries(
  HISTORY_QUESTIONS.map((q) => [q.key, q.kind === 'choice' ? choiceAnswer(q) : textAnswer(q.key)]),
);

type ChoiceShape = z.ZodType<{ selected: string[]; details: string }>;
type TextShape = z.ZodType<string>;

/** The optical-history questionnaire (SPEC.md §3, DESIGN.md §5); every answer bounded in length. */
export const opticalHistorySchema = z.strictObject({
  q1: questionSchemas.q1 as ChoiceShape,
  q2: questionSchemas.q2 as TextShape,
  q3a: questionSchemas.q3a as TextShape,
  q3b: questionSchemas.q3b as TextShape,
  q4: questionSchemas.q4 as TextShape,
  q5a: questionSchemas.q5a as TextShape,
  q5b: questionSchemas.q5b as TextShape,
  q6: questionSchemas.q6 as ChoiceShape,
  q7: questionSchemas.q7 as ChoiceShape,
  q8: questionSchemas.q8 as ChoiceShape,
  q9: questionSchemas.q9 as ChoiceShape,
  q10: questionSchemas.q10 as ChoiceShape,
});
export type OpticalHistoryBody = z.infer<typeof opticalHistorySchema>;

const storedChoice = z.object({ selected: z.array(z.string()), details: z.string() });

/**
 * A questionnaire as the server answers it: the current shape, but lenient about option ids so that an
 * upgraded older record (whose ids predate today's checklists) can still be returned and edited.
 */
export const storedOpticalHistorySchema = z.object({
  q1: storedChoice,
  q2: z.string(),
  q3a: z.string(),
  q3b: z.string(),
  q4: z.string(),
  q5a: z.string(),
  q5b: z.string(),
  q6: storedChoice,
  q7: storedChoice,
  q8: storedChoice,
  q9: storedChoice,
  q10: storedChoice,
});
export type OpticalHistoryData = z.infer<typeof storedOpticalHistorySchema>;

/**
 * GET /tests: `opticalHistory` is null until the questionnaire is first saved (docs/adr/0004); settings
 * are the defaults (method none, no calibration, gamma 1) until calibrated.
 */
export const testsDataSchema = z.object({
  opticalHistory: storedOpticalHistorySchema.nullable(),
  settings: settingsSchema,
});
export type TestsData = z.infer<typeof testsDataSchema>;

/** PUT /tests/settings and PUT /tests/gammasettings answer `data.settings`. */
export const settingsDataSchema = z.object({ settings: settingsSchema });
export type SettingsData = z.infer<typeof settingsDataSchema>;

/** PUT /tests/settings/history answers the stored questionnaire under `data`. */
export const opticalHistoryDataSchema = storedOpticalHistorySchema;
