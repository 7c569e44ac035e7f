import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_ALPHABET } from '@visus/core';
import { buildTestApp, call, register, type TestApp } from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';

type SessionBody = {
  pin: string;
  user: string;
  units: string;
  pixelSize: number | null;
  testFlowA: string[];
  single: string | null;
  testMode: boolean;
  status: string;
};

describe.skipIf(!(await canTestDatabase()))('test sessions: POST/GET/PATCH /tests/session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  async function me(token: string) {
    return (await call(t.app, 'GET', '/auth/current', { token })).body.data as { _id: string };
  }

  it('creates a full battery with an unguessable pin and the chosen chart first', async () => {
    const person = await register(t.app);
    const res = await call(t.app, 'POST', '/tests/session', {
      token: person.token,
      body: { chart: 'Landolt C' },
    });
    expect(res.status).toBe(201);
    const session = res.body.data as SessionBody;
    expect(session).toMatchObject({
      user: (await me(person.token))._id,
      units: 'm',
      pixelSize: null,
      testFlowA: ['landoltC', 'duoChrome'],
      single: null,
      testMode: false,
      status: 'open',
    });
    expect(session.pin).toMatch(new RegExp(`^[${PIN_ALPHABET}]{8}$`));
    const again = await call(t.app, 'GET', `/tests/session/${session.pin}`, { token: person.token });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(session);
  });

  it('gives every session its own pin', async () => {
    const person = await register(t.app);
    const pins = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await call(t.app, 'POST', '/tests/session', {
        token: person.token,
        body: { chart: 'Sloan', units: 'ft' },
      });
      pins.add((res.body.data as SessionBody).pin);
    }
    expect(pins.size).toBe(20);
  });

  it('creates a single test, in test mode when asked', async () => {
    const person = await register(t.app);
    const res = await call(t.app, 'POST', '/tests/session/single', {
      token: person.token,
      body: { test: 'astigAxis', testMode: true },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      single: 'astigAxis',
      testFlowA: ['astigAxis'],
      testMode: true,
      status: 'open',
    });
  });

  it('records the calibrated pixel size (mm per CSS pixel) when the screen is calibrated', async () => {
    const person = await register(t.app);
    const userId = (await me(person.token))._id;
    await t.database.db
      .insertInto('settings')
      .values({
        user_id: userId,
        method: 'card',
        card: JSON.stringify({
          pixelsPerMm: 4,
          pixelsPerDegree: 279.3,
          distanceMm: 4000,
          resolution: { width: 1920, height: 1080 },
        }),
        diagonal: null,
        gamma: 1,
        optical_history: null,
      } as never)
      .execute();
    const res = await call(t.app, 'POST', '/tests/session', {
      token: person.token,
      body: { chart: 'Sloan' },
    });
    expect((res.body.data as SessionBody).pixelSize).toBeCloseTo(0.25, 12);
  });

  it('completes a session once; completing again keeps the first time', async () => {
    const person = await register(t.app);
    const created = (
      await call(t.app, 'POST', '/tests/session', { token: person.token, body: { chart: 'Sloan' } })
    ).body.data as SessionBody;
    const first = await call(t.app, 'PATCH', `/tests/session/${created.pin}`, { token: person.token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
    const second = await call(t.app, 'PATCH', `/tests/session/${created.pin}`, { token: person.token });
    expect((second.body.data as { completedAt: string }).completedAt).toBe(
      (first.body.data as { completedAt: string }).completedAt,
    );
  });

  it('reports an expired session as expired', async () => {
    const person = await register(t.app);
    const created = (
      await call(t.app, 'POST', '/tests/session', { token: person.token, body: { chart: 'Sloan' } })
    ).body.data as SessionBody;
    t.advanceClock(7 * 60 * 60_000);
    try {
      const res = await call(t.app, 'GET', `/tests/session/${created.pin}`, { token: person.token });
      expect(res.body.data).toMatchObject({ status: 'expired' });
    } finally {
      t.advanceClock(-7 * 60 * 60_000);
    }
  });

  it("hides another account's session behind the same 404 as a missing one", async () => {
    const owner = await register(t.app);
    const other = await register(t.app);
    const created = (
      await call(t.app, 'POST', '/tests/session', { token: owner.token, body: { chart: 'Sloan' } })
    ).body.data as SessionBody;
    const read = await call(t.app, 'GET', `/tests/session/${created.pin}`, { token: other.token });
    const missing = await call(t.app, 'GET', '/tests/session/ABCDEFGH', { token: other.token });
    expect(read.status).toBe(404);
    expect(read.body).toEqual({ success: false, error: 'Test session not found' });
    expect(missing.body).toEqual(read.body);
    const complete = await call(t.app, 'PATCH', `/tests/session/${created.pin}`, { token: other.token });
    expect(complete.status).toBe(404);
    expect(
      (await call(t.app, 'GET', `/tests/session/${created.pin}`, { token: owner.token })).body.data,
    ).toMatchObject({
      status: 'open',
    });
  });

  it.each([
    ['/tests/session', { chart: 'Snellen' }, /chart must be one of Sloan, Landolt C, Tumbling E/],
    ['/tests/session', {}, /chart must be one of/],
    ['/tests/session', { chart: 'Sloan', units: 'yards' }, /units must be 'm' or 'ft'/],
    ['/tests/session', { chart: 'Sloan', pin: 'AAAAAAAA' }, /pin/],
    ['/tests/session/single', { test: 'reading' }, /test must be one of/],
    ['/tests/session/single', { test: 'sloan', testMode: 'yes' }, /testMode must be true or false/],
  ])('POST %s with %j is refused and stores nothing', async (url, body, message) => {
    const person = await register(t.app);
    const before = await t.database.db.selectFrom('test_sessions').select('id').execute();
    const res = await call(t.app, 'POST', url, { token: person.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
    expect(await t.database.db.selectFrom('test_sessions').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('refuses malformed pins and anonymous callers', async () => {
    const person = await register(t.app);
    const bad = await call(t.app, 'GET', "/tests/session/abc'--", { token: person.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Test session not found');
    expect((await call(t.app, 'POST', '/tests/session', { body: { chart: 'Sloan' } })).status).toBe(401);
    expect((await call(t.app, 'GET', '/tests/session/ABCDEFGH')).status).toBe(401);
  });

  it('removes sessions with the account', async () => {
    const person = await register(t.app);
    const created = (
      await call(t.app, 'POST', '/tests/session', { token: person.token, body: { chart: 'Sloan' } })
    ).body.data as SessionBody;
    await call(t.app, 'DELETE', '/auth', { token: person.token });
    const rows = await t.database.db
      .selectFrom('test_sessions')
      .select('id')
      .where('pin', '=', created.pin)
      .execute();
    expect(rows).toEqual([]);
  });
});
