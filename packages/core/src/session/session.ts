import { CoreInputError } from '../errors/core-input-error';
import { TEST_IDS, type TestId } from '../flow/test-definitions';

/**
 * Pins pair a phone with a test session (DESIGN.md §6). Possession of the pin is the controller's
 * right, so it must be unguessable yet easy to type: 8 characters from a 31-symbol alphabet without
 * look-alikes (no 0/O, 1/I/L), i.e. 31^8 ≈ 8.5 × 10^11 ≈ 39.6 bits. With connection attempts rate
 * limited (a few per minute per address) and sessions expiring within hours, guessing one is
 * hopeless.
 */
export const PIN_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PIN_LENGTH = 8;

/** How long a session's pin works after creation unless it is completed first (ms). */
export const SESSION_TTL_MS = 6 * 60 * 60_000;

/**
 * Turns uniformly random bytes into a pin without modulo bias: bytes ≥ 248 (= 8 × 31) are skipped,
 * so every symbol has probability exactly 1/31. Needs enough bytes (≈ 8 × 256/248 on average; pass
 * 32 to be safe); throws if they run out.
 */
export function pinFromRandomBytes(bytes: Uint8Array): string {
  const limit = Math.floor(256 / PIN_ALPHABET.length) * PIN_ALPHABET.length;
  let pin = '';
  for (const byte of bytes) {
    if (byte >= limit) continue;
    pin += PIN_ALPHABET[byte % PIN_ALPHABET.length];
    if (pin.length === PIN_LENGTH) return pin;
  }
  throw new CoreInputError(`not enough random bytes for a pin: got ${bytes.length}, pass at least 32`);
}

/** Normalises what a person typed (case, spaces, dashes) to a pin, or null if it cannot be one. */
export function normalisePin(typed: string): string | null {
  const pin = typed.replace(/[\s-]/g, '').toUpperCase();
  if (pin.length !== PIN_LENGTH) return null;
  for (const ch of pin) if (!PIN_ALPHABET.includes(ch)) return null;
  return pin;
}

/** The Part A charts a full battery can start with (SPEC.md §7 POST /tests/session). */
export const CHART_TYPES = ['Sloan', 'Landolt C', 'Tumbling E'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

const CHART_TEST: Record<ChartType, TestId> = {
  Sloan: 'sloan',
  'Landolt C': 'landoltC',
  'Tumbling E': 'tumblingE',
};

/** Part A of a full battery: the chosen acuity chart, then DuoChrome (SPEC.md §4 flows). */
export function partAFlow(chart: ChartType): TestId[] {
  const test = CHART_TEST[chart];
  if (!test)
    throw new CoreInputError(`unknown chart type ${JSON.stringify(chart)}: use ${CHART_TYPES.join(', ')}`);
  return [test, 'duoChrome'];
}

/**
 * The chart types of a Part A flow, in order: SPEC.md §3's meaning of the session's `testFlowA` ("a list of
 * chart types such as Sloan, Landolt C, Tumbling E"). Our stored `testFlowA` is the flow's test ids, which
 * also name DuoChrome (docs/adr/0016-crowd-testflowa-keeps-test-ids.md); the session API answers both, the
 * ids as `testFlowA` and these as `chartTypes`. Tests that are not acuity charts have no chart type.
 */
export function chartTypesOf(testFlowA: readonly TestId[]): ChartType[] {
  const byTest = new Map(Object.entries(CHART_TEST).map(([chart, test]) => [test, chart as ChartType]));
  return testFlowA.flatMap((test) => {
    const chart = byTest.get(test);
    return chart ? [chart] : [];
  });
}

/** True when `id` is one of the test ids. */
export function isTestId(id: unknown): id is TestId {
  return typeof id === 'string' && (TEST_IDS as readonly string[]).includes(id);
}
