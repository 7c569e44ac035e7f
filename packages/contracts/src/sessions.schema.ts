import { z } from 'zod';
import { CHART_TYPES, PIN_ALPHABET, PIN_LENGTH, TEST_IDS } from '@visus/core';

export const SESSION_NOT_FOUND = 'Test session not found';

export const chartTypeSchema = z.enum(CHART_TYPES, {
  error: `chart must be one of ${CHART_TYPES.join(', ')}`,
});
export const testIdSchema = z.enum(TEST_IDS, { error: `test must be one of ${TEST_IDS.join(', ')}` });
export const unitsSchema = z.enum(['m', 'ft'], { error: "units must be 'm' or 'ft'" });

const pinPattern = new RegExp(`^[${PIN_ALPHABET}]{${PIN_LENGTH}}$`);
/** A session pin as it travels in paths and socket handshakes (upper case, no separators). */
export const pinSchema = z.string().regex(pinPattern, { error: SESSION_NOT_FOUND });
export const pinParamsSchema = z.strictObject({ id: pinSchema });

/** POST /tests/session — a full battery (Part A → B → C) starting with the chosen chart. */
export const createSessionBodySchema = z.strictObject({
  chart: chartTypeSchema,
  units: unitsSchema.default('m'),
});
export type CreateSessionBody = z.input<typeof createSessionBodySchema>;

/** POST /tests/session/single — one test on its own, optionally in test mode. */
export const createSingleSessionBodySchema = z.strictObject({
  test: testIdSchema,
  testMode: z.boolean({ error: 'testMode must be true or false' }).default(false),
  units: unitsSchema.default('m'),
});
export type CreateSingleSessionBody = z.input<typeof createSingleSessionBodySchema>;

export const sessionStatusSchema = z.enum(['open', 'completed', 'expired']);

/**
 * A test session (SPEC.md §3 Session, §7). `pin` is also the token in /{role}/test/{token} and
 * /controller/{token}. `pixelSize` is the calibrated size of one CSS pixel in mm at creation time
 * (null when the screen was not calibrated). `testFlowA` is the Part A flow as test ids; `single`
 * the one test of a single-test session.
 */
export const sessionSchema = z.object({
  pin: z.string(),
  user: z.string(),
  units: unitsSchema,
  pixelSize: z.number().nullable(),
  testFlowA: z.array(testIdSchema),
  single: testIdSchema.nullable(),
  testMode: z.boolean(),
  status: sessionStatusSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Session = z.infer<typeof sessionSchema>;
