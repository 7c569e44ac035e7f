import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMAND_KEYS, CONTROLLER_STEPS, TEST_IDS, TEST_STATUSES } from '@visus/core';
import { CONTROLLER_EVENT_NAMES, DISPLAY_EVENT_NAMES } from './realtime-constants';
import { RELAYED_EVENT_NAMES, parseRelayedEvent, parseSessionState } from './realtime-guards';
import { controllerEvents, displayEvents, sessionStateSchema } from './realtime.schema';

/*
 * The zod-free guards must accept exactly what the schemas accept: the server validates with the
 * schemas, the browser with the guards, and a difference would mean a valid event ignored (a phone
 * that stops following its display) or an invalid one acted on.
 */

const SCHEMAS = { ...displayEvents, ...controllerEvents } as const;

/** A value of one field: mostly valid-looking values of every field, plus junk. */
const fieldValue = fc.oneof(
  fc.constantFrom(...TEST_IDS, ...TEST_STATUSES, 'Grating Method', 'Spoke Targets Method', ''),
  fc.constantFrom(null, undefined, true, 0, 45, -360, 360, 361, 1.5, 'A', 'rx_1', 'a b', 'x'.repeat(25)),
  fc.string({ maxLength: 70 }),
  fc.integer({ min: -400, max: 400 }),
  fc.dictionary(fc.string({ maxLength: 70 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.constant({ big: 'x'.repeat(16_400) }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Values that are valid for each field of the protocol, so that generated events are often valid. */
const VALID = {
  userId: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 70 })),
  partBMethod: fc.constantFrom('Grating Method', 'Spoke Targets Method', ''),
  currentTest: fc.constantFrom(...TEST_IDS, null),
  testStatus: fc.constantFrom(...TEST_STATUSES),
  currentStatus: fc.constantFrom(...TEST_STATUSES),
  step: fc.constantFrom(...CONTROLLER_STEPS, 'axis', 'letter'),
  key: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{1,26}$/), fc.integer({ min: -370, max: 370 })),
  correction: fc.string({ maxLength: 70 }),
  state: fc.dictionary(fc.string({ maxLength: 70 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  pin: fc.string({ maxLength: 10 }),
  displayConnected: fc.boolean(),
  controllerConnected: fc.boolean(),
  speak: fc.boolean(),
} as const;
type Field = keyof typeof VALID;
const field = (name: Field) =>
  fc.oneof({ weight: 3, arbitrary: VALID[name] }, { weight: 1, arbitrary: fieldValue });

/** Objects with any subset of `fields` (sometimes another key too), or something else entirely. */
function payloadOf(fields: readonly Field[]) {
  const record = fc.record(Object.fromEntries(fields.map((name) => [name, field(name)])), {
    requiredKeys: [],
  });
  return fc.oneof(
    { weight: 8, arbitrary: record },
    {
      weight: 1,
      arbitrary: fc
        .tuple(record, fc.constantFrom('extra', 'pin', 'key', '__proto__'), fieldValue)
        .map(([value, key, extra]) => ({ ...value, [key]: extra })),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}
const shapeOf = (schema: { shape: object }) => Object.keys(schema.shape) as Field[];

describe('realtime guards', () => {
  it('name the same events as the schemas', () => {
    expect([...DISPLAY_EVENT_NAMES].sort()).toEqual(Object.keys(displayEvents).sort());
    expect([...CONTROLLER_EVENT_NAMES].sort()).toEqual(Object.keys(controllerEvents).sort());
    expect([...RELAYED_EVENT_NAMES].sort()).toEqual(Object.keys(SCHEMAS).sort());
  });

  for (const event of RELAYED_EVENT_NAMES) {
    it(`accept exactly what the ${event} schema accepts`, () => {
      let accepted = 0;
      fc.assert(
        fc.property(payloadOf(shapeOf(SCHEMAS[event])), (value) => {
          const parsed = SCHEMAS[event].safeParse(value);
          const guarded = parseRelayedEvent(event, value);
          expect(guarded !== null, JSON.stringify(value)?.slice(0, 300)).toBe(parsed.success);
          if (parsed.success) {
            accepted += 1;
            expect(guarded).toEqual(parsed.data);
          }
        }),
        { numRuns: 4000 },
      );
      // The generator must reach the accepting side too, or the property says little.
      expect(accepted).toBeGreaterThan(0);
    });
  }

  it("leave out the reconnect state's own __proto__ key, as the schema does (found by the property)", () => {
    const payload = JSON.parse('{"state":{"__proto__":[],"step":1}}') as unknown;
    const guarded = parseRelayedEvent('display-reconnect', payload);
    expect(guarded).toEqual(displayEvents['display-reconnect'].parse(payload));
    expect(Object.keys(guarded!.state)).toEqual(['step']);
    expect(Object.getPrototypeOf(guarded!.state)).toBe(Object.prototype);
  });

  it('accept the valid events of the protocol and refuse broken ones', () => {
    expect(parseRelayedEvent('display-key', { currentTest: 'sloan', testStatus: 'InTest' })).not.toBeNull();
    expect(parseRelayedEvent('display-key', { currentTest: 'sloan', testStatus: 'Flying' })).toBeNull();
    // The Axis test's step (docs/adr/0017): its two names only.
    const axis = { currentTest: 'astigAxis', testStatus: 'InTest' } as const;
    expect(parseRelayedEvent('display-key', { ...axis, step: 'axis-letter' })).not.toBeNull();
    expect(parseRelayedEvent('display-key', { ...axis, step: 'axis-pair' })).not.toBeNull();
    expect(parseRelayedEvent('display-key', { ...axis, step: 'letter' })).toBeNull();
    expect(displayEvents['display-key'].safeParse({ ...axis, step: 'x' }).error?.issues[0]?.message).toMatch(
      /step must be one of axis-letter, axis-pair/,
    );
    expect(parseRelayedEvent('controller-key', { key: 'A' })).not.toBeNull();
    expect(parseRelayedEvent('controller-key', { key: 361 })).toBeNull();
    expect(parseRelayedEvent('sync-display', { userId: 'u', extra: 1 })).toBeNull();
    expect(parseRelayedEvent('display-reconnect', { state: { big: 'x'.repeat(16_400) } })).toBeNull();
    expect(parseRelayedEvent('display-status', ['testStatus'])).toBeNull();
    expect(parseRelayedEvent('toString' as 'sync-display', {})).toBeNull();
  });

  it("carry the phone's countdown commands, pause and more-time, as controller-key (issue 25)", () => {
    for (const key of [COMMAND_KEYS.pause, COMMAND_KEYS.moreTime]) {
      expect(controllerEvents['controller-key'].parse({ key })).toEqual({ key });
      expect(parseRelayedEvent('controller-key', { key })).toEqual({ key });
    }
    expect(parseRelayedEvent('controller-key', { key: 'pause please' })).toBeNull();
  });

  it('read the session state as the schema does, unknown keys dropped', () => {
    let accepted = 0;
    const state = payloadOf(shapeOf(sessionStateSchema));
    fc.assert(
      fc.property(state, (value) => {
        const parsed = sessionStateSchema.safeParse(value);
        const guarded = parseSessionState(value);
        expect(guarded !== null, JSON.stringify(value)?.slice(0, 300)).toBe(parsed.success);
        if (parsed.success) {
          accepted += 1;
          expect(guarded).toEqual(parsed.data);
        }
      }),
      { numRuns: 4000 },
    );
    expect(accepted).toBeGreaterThan(0);
  });
});
