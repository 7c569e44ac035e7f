import {
  CONTROLLER_STEPS,
  TEST_IDS,
  TEST_STATUSES,
  type ControllerStep,
  type TestBMethod,
  type TestId,
  type TestStatus,
} from '@visus/core';
import { CONTROLLER_EVENT_NAMES, DISPLAY_EVENT_NAMES } from './realtime-constants';
import type {
  ControllerEventName,
  ControllerEventPayload,
  DisplayEventName,
  DisplayEventPayload,
  SessionState,
} from './realtime.schema';

/*
 * The realtime schemas of realtime.schema.ts as plain checks, without zod: `@visus/contracts/realtime-guards`.
 * The browser validates every event that arrives on the `/tests` socket; with these, the phone
 * controller's page (a separate light entry, docs/adr/0005) does so without downloading zod. They accept
 * exactly what the schemas accept — realtime-guards.test.ts checks that on generated payloads — and the
 * server keeps validating with the schemas themselves.
 */

type Json = Record<string, unknown>;

const TEST_ID_SET: ReadonlySet<unknown> = new Set(TEST_IDS);
const TEST_STATUS_SET: ReadonlySet<unknown> = new Set(TEST_STATUSES);
const PART_B_METHODS: ReadonlySet<unknown> = new Set(['Grating Method', 'Spoke Targets Method', '']);
const CONTROLLER_STEP_SET: ReadonlySet<unknown> = new Set(CONTROLLER_STEPS);
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,24}$/;
/** Most characters of the display-reconnect state as JSON (the schema's refine). */
const MAX_RECONNECT_STATE = 16_384;

function isPlainObject(value: unknown): value is Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Only the named keys (z.strictObject refuses any other). */
function onlyKeys(value: Json, allowed: readonly string[]): boolean {
  return Object.keys(value).every((key) => allowed.includes(key));
}

const isUserId = (value: unknown) => value === undefined || (typeof value === 'string' && value.length <= 64);
/** One of the test statuses of SPEC.md §3. */
export const isTestStatus = (value: unknown): value is TestStatus => TEST_STATUS_SET.has(value);
/** One of the test ids. */
export const isTestId = (value: unknown): value is TestId => TEST_ID_SET.has(value);
/** A part B method of the astigmatism tests, or '' (none chosen). */
export const isPartBMethod = (value: unknown): value is TestBMethod => PART_B_METHODS.has(value);
/** A test's step (display-key `step`, core CONTROLLER_STEPS). */
export const isControllerStep = (value: unknown): value is ControllerStep => CONTROLLER_STEP_SET.has(value);
const isTestIdOrNull = (value: unknown): value is TestId | null => value === null || isTestId(value);
const isKey = (value: unknown) =>
  typeof value === 'string'
    ? KEY_PATTERN.test(value)
    : typeof value === 'number' && Number.isInteger(value) && value >= -360 && value <= 360;

function isReconnectState(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  if (Object.keys(value).some((key) => key.length > 64)) return false;
  try {
    return JSON.stringify(value).length <= MAX_RECONNECT_STATE;
  } catch {
    return false;
  }
}

type Check = (payload: Json) => boolean;

const DISPLAY_CHECKS: Record<DisplayEventName, Check> = {
  'display-key': (p) =>
    onlyKeys(p, ['userId', 'partBMethod', 'currentTest', 'testStatus', 'step']) &&
    isUserId(p.userId) &&
    (p.partBMethod === undefined || isPartBMethod(p.partBMethod)) &&
    (p.step === undefined || isControllerStep(p.step)) &&
    isTestIdOrNull(p.currentTest) &&
    isTestStatus(p.testStatus),
  'sync-controller': (p) =>
    onlyKeys(p, ['userId', 'testStatus', 'currentTest']) &&
    isUserId(p.userId) &&
    isTestStatus(p.testStatus) &&
    isTestIdOrNull(p.currentTest),
  'display-status': (p) =>
    onlyKeys(p, ['userId', 'testStatus']) && isUserId(p.userId) && isTestStatus(p.testStatus),
  'display-reconnect': (p) =>
    onlyKeys(p, ['userId', 'state']) && isUserId(p.userId) && isReconnectState(p.state),
  'display-speech': (p) =>
    onlyKeys(p, ['userId', 'speak']) && isUserId(p.userId) && typeof p.speak === 'boolean',
};

const CONTROLLER_CHECKS: Record<ControllerEventName, Check> = {
  'controller-status': (p) =>
    onlyKeys(p, ['userId', 'currentStatus']) && isUserId(p.userId) && isTestStatus(p.currentStatus),
  'controller-key': (p) => onlyKeys(p, ['userId', 'key']) && isUserId(p.userId) && isKey(p.key),
  'sync-display': (p) => onlyKeys(p, ['userId']) && isUserId(p.userId),
  'controller-ready': (p) =>
    onlyKeys(p, ['userId', 'correction']) &&
    isUserId(p.userId) &&
    typeof p.correction === 'string' &&
    p.correction.length <= 64,
  'controller-speech': (p) =>
    onlyKeys(p, ['userId', 'speak']) && isUserId(p.userId) && typeof p.speak === 'boolean',
};

export type RelayedEventName = DisplayEventName | ControllerEventName;
export type RelayedEventPayload<E extends RelayedEventName> = E extends DisplayEventName
  ? DisplayEventPayload<E>
  : E extends ControllerEventName
    ? ControllerEventPayload<E>
    : never;

/** Every relayed event name, display's first. */
export const RELAYED_EVENT_NAMES: readonly RelayedEventName[] = [
  ...DISPLAY_EVENT_NAMES,
  ...CONTROLLER_EVENT_NAMES,
];

const CHECKS: Record<RelayedEventName, Check> = { ...DISPLAY_CHECKS, ...CONTROLLER_CHECKS };

/**
 * The payload of a relayed event when it is valid for `event` (as `displayEvents[event]` or
 * `controllerEvents[event]` would parse it), else null.
 */
export function parseRelayedEvent<E extends RelayedEventName>(
  event: E,
  payload: unknown,
): RelayedEventPayload<E> | null {
  const check = Object.hasOwn(CHECKS, event) ? CHECKS[event] : undefined;
  if (!check || !isPlainObject(payload) || !check(payload)) return null;
  if (event === 'display-reconnect' && Object.hasOwn(payload.state as Json, '__proto__')) {
    // JSON.parse makes `__proto__` an own key; z.record leaves it out, and so does this (in a copy), so
    // that no later merge of the state can take it for the prototype.
    const state = Object.entries(payload.state as Json).filter(([key]) => key !== '__proto__');
    return { ...payload, state: Object.fromEntries(state) } as RelayedEventPayload<E>;
  }
  return payload as RelayedEventPayload<E>;
}

/** The server's `session-state` as `sessionStateSchema` parses it (unknown keys dropped), else null. */
export function parseSessionState(value: unknown): SessionState | null {
  if (!isPlainObject(value)) return null;
  const { pin, testStatus, currentTest, partBMethod, displayConnected, controllerConnected } = value;
  if (typeof pin !== 'string') return null;
  if (testStatus !== null && !isTestStatus(testStatus)) return null;
  if (!isTestIdOrNull(currentTest)) return null;
  if (partBMethod !== null && !isPartBMethod(partBMethod)) return null;
  if (typeof displayConnected !== 'boolean' || typeof controllerConnected !== 'boolean') return null;
  return {
    pin,
    testStatus,
    currentTest,
    partBMethod: partBMethod as SessionState['partBMethod'],
    displayConnected,
    controllerConnected,
  };
}
