import { z } from 'zod';
import { CHART_TYPES, offersCrowding, partAFlow, PIN_ALPHABET, PIN_LENGTH, TEST_IDS } from '@visus/core';

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

/**
 * Crowding bars around the optotypes (SPEC.md §3: the Sloan and Tumbling E configurations carry
 * `crowding`); false when left out. Only for those two charts: asking for it with another test is a 400.
 */
export const crowdingSchema = z.boolean({ error: 'crowding must be true or false' }).default(false);
const CROWDING_CHARTS = 'crowding is only for Sloan and Tumbling E';

/** POST /tests/session — a full battery (Part A → B → C) starting with the chosen chart. */
export const createSessionBodySchema = z
  .strictObject({
    chart: chartTypeSchema,
    units: unitsSchema.default('m'),
    crowding: crowdingSchema,
  })
  .refine((body) => !body.crowding || offersCrowding(partAFlow(body.chart)[0]!), {
    error: CROWDING_CHARTS,
    path: ['crowding'],
  });
export type CreateSessionBody = z.input<typeof createSessionBodySchema>;

/** POST /tests/session/single — one test on its own, optionally in test mode. */
export const createSingleSessionBodySchema = z
  .strictObject({
    test: testIdSchema,
    testMode: z.boolean({ error: 'testMode must be true or false' }).default(false),
    units: unitsSchema.default('m'),
    crowding: crowdingSchema,
  })
  .refine((body) => !body.crowding || offersCrowding(body.test), {
    error: CROWDING_CHARTS,
    path: ['crowding'],
  });
export type CreateSingleSessionBody = z.input<typeof createSingleSessionBodySchema>;

export const sessionStatusSchema = z.enum(['open', 'completed', 'expired']);

/**
 * A test session (SPEC.md §3 Session, §7). `pin` is also the token in /{role}/test/{token} and
 * /controller/{token}. `pixelSize` is the calibrated size of one CSS pixel in mm at creation time
 * (null when the screen was not calibrated). `testFlowA` is the Part A flow as test ids (with DuoChrome);
 * `chartTypes` the same flow as SPEC.md §3 words it, a list of chart types ('Sloan', 'Landolt C',
 * 'Tumbling E'; docs/adr/0016-crowd-testflowa-keeps-test-ids.md); `single` the one test of a single-test
 * session. `crowding`: the Sloan or Tumbling E chart is drawn with crowding bars (false for sessions made
 * before it existed).
 */
export const sessionSchema = z.object({
  pin: z.string(),
  user: z.string(),
  units: unitsSchema,
  pixelSize: z.number().nullable(),
  testFlowA: z.array(testIdSchema),
  chartTypes: z.array(chartTypeSchema),
  crowding: z.boolean(),
  single: testIdSchema.nullable(),
  testMode: z.boolean(),
  status: sessionStatusSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Session = z.infer<typeof sessionSchema>;
