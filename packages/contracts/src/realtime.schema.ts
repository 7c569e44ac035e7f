import { z } from 'zod';
import { CONTROLLER_STEPS, TEST_IDS, TEST_STATUSES } from '@visus/core';
import { pinSchema } from './sessions.schema';

/**
 * The realtime protocol (SPEC.md §7 Realtime, DESIGN.md §6) on the `/tests` namespace at /socket.io.
 * The display and the phone never talk directly: each event goes to the server, is validated here,
 * and is relayed to the other side of the same session room only. `userId` fields are kept for the
 * spec's shapes; the server overwrites them with the session owner's id.
 */
export {
  REALTIME_PATH,
  TESTS_NAMESPACE,
  RECONNECTION,
  ACK_TIMEOUT_MS,
  MAX_KEYS_PER_SECOND,
  CONTROLLER_TAKEOVER_GRACE_MS,
  REALTIME_ERRORS,
  CONTROLLER_KEY_PATTERN,
  ACCOUNT_NAMESPACE,
  ACCOUNT_EVENT_NAMES,
} from './realtime-constants';
export type { AccountEndReason, AccountEventName, AccountEventPayloads } from './realtime-constants';
import { CONTROLLER_KEY_PATTERN } from './realtime-constants';

const testStatusSchema = z.enum(TEST_STATUSES);
const testIdSchema = z.enum(TEST_IDS);
const userIdSchema = z.string().max(64).optional();
const partBMethodSchema = z.enum(['Grating Method', 'Spoke Targets Method', '']);

/**
 * A controller identifies itself with a random key it generates once per session (≥ 128 bits,
 * base64url); the first phone to connect binds the session, and only the same key reconnects.
 */
export const controllerKeySchema = z
  .string()
  .regex(CONTROLLER_KEY_PATTERN, { error: 'Invalid controller key' });

export const displayHandshakeSchema = z.strictObject({
  role: z.literal('display'),
  token: z.string().min(1).max(4096),
  pin: pinSchema,
});
export const controllerHandshakeSchema = z.strictObject({
  role: z.literal('controller'),
  pin: pinSchema,
  controllerKey: controllerKeySchema,
});
export const handshakeSchema = z.discriminatedUnion('role', [
  displayHandshakeSchema,
  controllerHandshakeSchema,
]);
export type Handshake = z.infer<typeof handshakeSchema>;

/**
 * A key from the phone or keyboard: a letter, a rotation, a command word (core COMMAND_KEYS: continue,
 * submit, back, and the countdown's pause and more-time between eyes and tests, issue 25), or an answer
 * word such as core CANNOT_SEE_KEY ('cannot-see', "I can't see it" on the acuity charts, scored as wrong:
 * ADR 0024). Which keys a test takes is core's vocabulary (controller-keys.ts); here only their form is
 * checked.
 */
export const keySchema = z.union([
  z.string().regex(/^[A-Za-z0-9_-]{1,24}$/, { error: 'Invalid key' }),
  z.number().int().min(-360).max(360),
]);

/** Display → controller events. */
export const displayEvents = {
  'display-key': z.strictObject({
    userId: userIdSchema,
    partBMethod: partBMethodSchema.optional(),
    currentTest: testIdSchema.nullable(),
    testStatus: testStatusSchema,
    /**
     * The step of a test whose pad changes within one run (core CONTROLLER_STEPS): Astigmatism Axis's
     * rotating letter, then its image pair (docs/adr/0017). Absent for every other test and screen.
     */
    step: z
      .enum(CONTROLLER_STEPS, { error: `step must be one of ${CONTROLLER_STEPS.join(', ')}` })
      .optional(),
  }),
  'sync-controller': z.strictObject({
    userId: userIdSchema,
    testStatus: testStatusSchema,
    currentTest: testIdSchema.nullable(),
  }),
  'display-status': z.strictObject({ userId: userIdSchema, testStatus: testStatusSchema }),
  /** The display's answer to sync-display: what the phone needs to resume. Opaque but bounded. */
  /**
   * Whether the display speaks its instructions now (issue 20 item 2): sent when a phone joins and on
   * every change (the Setup setting, the display's mute button or key, the phone's controller-speech), so
   * the phone's toggle shows the display's state.
   */
  'display-speech': z.strictObject({
    userId: userIdSchema,
    speak: z.boolean({ error: 'speak must be true or false' }),
  }),
  'display-reconnect': z.strictObject({
    userId: userIdSchema,
    state: z
      .record(z.string().max(64), z.unknown())
      .refine((state) => JSON.stringify(state).length <= 16_384, { error: 'state is too large' }),
  }),
} as const;

/** Controller → display events. */
export const controllerEvents = {
  'controller-status': z.strictObject({ userId: userIdSchema, currentStatus: testStatusSchema }),
  'controller-key': z.strictObject({ userId: userIdSchema, key: keySchema }),
  'sync-display': z.strictObject({ userId: userIdSchema }),
  'controller-ready': z.strictObject({ userId: userIdSchema, correction: z.string().max(64) }),
  /** The phone's voice toggle: the display speaks its instructions (true) or is muted (false). */
  'controller-speech': z.strictObject({
    userId: userIdSchema,
    speak: z.boolean({ error: 'speak must be true or false' }),
  }),
} as const;

export type DisplayEventName = keyof typeof displayEvents;
export type ControllerEventName = keyof typeof controllerEvents;
export type DisplayEventPayload<E extends DisplayEventName> = z.infer<(typeof displayEvents)[E]>;
export type ControllerEventPayload<E extends ControllerEventName> = z.infer<(typeof controllerEvents)[E]>;

/** What the server tells a socket about the session (beyond the relayed events). */
export const sessionStateSchema = z.object({
  pin: z.string(),
  testStatus: testStatusSchema.nullable(),
  currentTest: testIdSchema.nullable(),
  partBMethod: partBMethodSchema.nullable(),
  displayConnected: z.boolean(),
  controllerConnected: z.boolean(),
});
export type SessionState = z.infer<typeof sessionStateSchema>;

/** Every acknowledgement: relayed (and, when a peer is there, received by it) or refused with why. */
export type Ack = { ok: true; delivered: boolean } | { ok: false; error: string };
