import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, register, type TestApp } from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';

/** Crowding (SPEC.md §3) and the spec's chart types (issue 23 items 1 and 7) on POST/GET /tests/session. */
describe.skipIf(!(await canTestDatabase()))('test sessions: crowding and chartTypes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const countSessions = async () =>
    (await t.database.db.selectFrom('test_sessions').select('id').execute()).length;

  it('starts a crowded Sloan battery and reads it back, with the chart types the spec names', async () => {
    const person = await register(t.app);
    const res = await call(t.app, 'POST', '/tests/session', {
      token: person.token,
      body: { chart: 'Sloan', crowding: true },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      testFlowA: ['sloan', 'duoChrome'],
      chartTypes: ['Sloan'],
      crowding: true,
    });
    const pin = (res.body.data as { pin: string }).pin;
    const again = await call(t.app, 'GET', `/tests/session/${pin}`, { token: person.token });
    expect(again.body.data).toEqual(res.body.data);
  });

  it('starts a crowded single Tumbling E, and is uncrowded when not asked', async () => {
    const person = await register(t.app);
    const crowded = await call(t.app, 'POST', '/tests/session/single', {
      token: person.token,
      body: { test: 'tumblingE', crowding: true },
    });
    expect(crowded.status).toBe(201);
    expect(crowded.body.data).toMatchObject({
      single: 'tumblingE',
      chartTypes: ['Tumbling E'],
      crowding: true,
    });
    const plain = await call(t.app, 'POST', '/tests/session/single', {
      token: person.token,
      body: { test: 'duoChrome' },
    });
    expect(plain.body.data).toMatchObject({ testFlowA: ['duoChrome'], chartTypes: [], crowding: false });
  });

  it('reads a session stored before crowding existed as uncrowded', async () => {
    const person = await register(t.app);
    const userId = (await call(t.app, 'GET', '/auth/current', { token: person.token })).body.data as {
      _id: string;
    };
    // Inserted the way the code before migration 0010 did: no crowding column given.
    await t.database.db
      .insertInto('test_sessions')
      .values({
        pin: 'CRWDXD23',
        user_id: userId._id,
        units: 'm',
        pixel_size: null,
        test_flow_a: JSON.stringify(['tumblingE', 'duoChrome']),
        single: null,
        test_mode: false,
        expires_at: new Date(Date.now() + 60 * 60_000),
      })
      .execute();
    const res = await call(t.app, 'GET', '/tests/session/CRWDXD23', { token: person.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ crowding: false, chartTypes: ['Tumbling E'] });
  });

  it.each([
    ['/tests/session', { chart: 'Sloan', crowding: 'yes' }, 'crowding must be true or false'],
    ['/tests/session', { chart: 'Landolt C', crowding: true }, 'crowding is only for Sloan and Tumbling E'],
    [
      '/tests/session/single',
      { test: 'landoltC', crowding: true },
      'crowding is only for Sloan and Tumbling E',
    ],
    ['/tests/session/single', { test: 'sloan', crowding: 1 }, 'crowding must be true or false'],
  ])('POST %s with %j is a 400 naming crowding and stores nothing', async (url, body, message) => {
    const person = await register(t.app);
    const before = await countSessions();
    const res = await call(t.app, 'POST', url, { token: person.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    expect(await countSessions()).toBe(before);
  });

  it('keeps a crowded session from another account and from anonymous callers', async () => {
    const owner = await register(t.app);
    const other = await register(t.app);
    const created = await call(t.app, 'POST', '/tests/session', {
      token: owner.token,
      body: { chart: 'Tumbling E', crowding: true },
    });
    const pin = (created.body.data as { pin: string }).pin;
    expect((await call(t.app, 'GET', `/tests/session/${pin}`, { token: other.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/tests/session/${pin}`)).status).toBe(401);
    expect(
      (await call(t.app, 'POST', '/tests/session', { body: { chart: 'Sloan', crowding: true } })).status,
    ).toBe(401);
  });
});
