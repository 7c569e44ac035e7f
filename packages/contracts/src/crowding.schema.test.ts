import { describe, expect, it } from 'vitest';
import { resultRecordSchema, storedResultSchema } from './results.schema';
import { createSessionBodySchema, createSingleSessionBodySchema, sessionSchema } from './sessions.schema';

/** Crowding (SPEC.md §3) in the session bodies, the session and the acuity eye record (issue 23). */
const start = Date.UTC(2026, 10, 25, 9, 30);
const record = (right: unknown, test = 'sloan') => ({
  session: 'ABCDEFGH',
  setup: {
    date: '2026-11-25T09:30:00.000Z',
    units: 'm',
    correction: 'None',
    testMode: false,
    testA: [test],
    testB: [],
    testC: [],
  },
  data: { start, end: start + 60_000, [test]: { right } },
});
const eye = { va: 0.2, rounds: 30, loopLength: 30, logMAR: 0.2, ci95: [0.1, 0.3], snellen: '6/9.5' };

function firstError(schema: { safeParse: (v: unknown) => unknown }, value: unknown): string | undefined {
  const result = schema.safeParse(value) as { success: boolean; error?: { issues: { message: string }[] } };
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('the acuity eye record keeps whether it was crowded', () => {
  it.each(['sloan', 'tumblingE', 'landoltC'])('accepts crowded true and false on %s', (test) => {
    for (const crowded of [true, false]) {
      const parsed = resultRecordSchema.parse(record({ ...eye, crowded }, test));
      expect(parsed.data[test as 'sloan']?.right).toEqual({ ...eye, crowded });
    }
  });

  it('keeps older records without it valid, and reads them back without it', () => {
    const older = record(eye);
    expect(resultRecordSchema.parse(older).data.sloan?.right).toEqual(eye);
    expect(resultRecordSchema.parse(record(0.3)).data.sloan?.right).toBe(0.3);
  });

  it.each([['yes'], [1], [null]])('refuses crowded %j with a message naming the field', (crowded) => {
    expect(firstError(resultRecordSchema, record({ ...eye, crowded }))).toBe(
      'data.sloan.right.crowded must be true or false',
    );
  });

  it('is part of what the server answers', () => {
    const stored = { ...record({ ...eye, crowded: true }), _id: 'r1', createdAt: '2026-11-25T09:31:00.000Z' };
    expect(storedResultSchema.parse(stored).data.sloan?.right).toMatchObject({ crowded: true });
  });
});

describe('session bodies take crowding for Sloan and Tumbling E only', () => {
  it('defaults to uncrowded', () => {
    expect(createSessionBodySchema.parse({ chart: 'Sloan' })).toEqual({
      chart: 'Sloan',
      units: 'm',
      crowding: false,
    });
    expect(createSingleSessionBodySchema.parse({ test: 'landoltC' }).crowding).toBe(false);
  });

  it('accepts crowded Sloan and Tumbling E, battery or single', () => {
    expect(createSessionBodySchema.parse({ chart: 'Tumbling E', crowding: true }).crowding).toBe(true);
    expect(createSingleSessionBodySchema.parse({ test: 'sloan', crowding: true }).crowding).toBe(true);
  });

  it.each([
    [createSessionBodySchema, { chart: 'Sloan', crowding: 'true' }, 'crowding must be true or false'],
    [
      createSessionBodySchema,
      { chart: 'Landolt C', crowding: true },
      'crowding is only for Sloan and Tumbling E',
    ],
    [
      createSingleSessionBodySchema,
      { test: 'diamond', crowding: true },
      'crowding is only for Sloan and Tumbling E',
    ],
    [createSingleSessionBodySchema, { test: 'sloan', crowding: 0 }, 'crowding must be true or false'],
  ])('refuses a bad body with a message naming crowding', (schema, body, message) => {
    expect(firstError(schema, body)).toBe(message);
  });

  it('the session answers the chart types and crowding alongside the test ids', () => {
    const session = {
      pin: 'ABCDEFGH',
      user: 'u1',
      units: 'm',
      pixelSize: null,
      testFlowA: ['sloan', 'duoChrome'],
      chartTypes: ['Sloan'],
      crowding: true,
      single: null,
      testMode: false,
      status: 'open',
      createdAt: '2026-11-25T09:30:00.000Z',
      expiresAt: '2026-11-25T15:30:00.000Z',
      completedAt: null,
    };
    expect(sessionSchema.parse(session)).toEqual(session);
    expect(sessionSchema.safeParse({ ...session, chartTypes: ['sloan'] }).success).toBe(false);
  });
});
