import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountWithRole,
  buildTestApp,
  call,
  register,
  type Json,
  type TestApp,
} from '../../../../helpers/build-app';
import { expectSaveRefused, resultRecord } from '../../../../helpers/results';
import { canTestDatabase } from '../../../../helpers/test-database';

/*
 * Issue 18: each test of a record may say how its viewing distance was known, in `data.<test>.viewing`
 * (docs/results.md). Stored and read back whole; an unknown method, a negative distance or a range that
 * does not hold the distance is a 400 naming the field that stores nothing. Records without it are
 * covered by results.test.ts.
 */

const record = (tests: Json) =>
  resultRecord(tests, {
    date: '2026-11-25T23:00:00.000Z',
    minutes: 5,
    setup: { testA: ['sloan', 'presbyopia'] },
  });

const sloan = {
  right: { va: 0.1, rounds: 12, loopLength: 3, distanceMm: 600 },
  viewing: { method: 'camera', distanceMm: 612, minMm: 590, maxMm: 640 },
};
const presbyopia = {
  stereo: { add: 1.5, answer: 0 },
  viewing: { method: 'typed', distanceMm: 400 },
};

describe.skipIf(!(await canTestDatabase()))('test results: how the viewing distance was known', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('stores a camera-measured and a typed distance and reads them back', async () => {
    const person = await register(t.app);
    const body = record({ sloan, presbyopia });
    const res = await call(t.app, 'PUT', '/tests/results', { token: person.token, body });
    expect(res.status).toBe(201);
    const saved = res.body.data as { _id: string; data: Json };
    expect(saved.data).toEqual(body.data);
    const one = await call(t.app, 'GET', `/tests/results/${saved._id}`, { token: person.token });
    expect(one.status).toBe(200);
    expect((one.body.data as { data: Json }).data).toEqual(body.data);
  });

  it.each([
    [
      { sloan: { ...sloan, viewing: { method: 'ruler', distanceMm: 600 } } },
      "data.sloan.viewing.method must be one of 'typed', 'blind-spot', 'camera'",
    ],
    [
      { sloan: { ...sloan, viewing: { method: 'camera', distanceMm: -600 } } },
      'data.sloan.viewing.distanceMm must be between 250 and 10000',
    ],
    [
      { sloan: { ...sloan, viewing: { method: 'camera', distanceMm: 600, minMm: 590 } } },
      'data.sloan.viewing.maxMm is required when minMm is set',
    ],
    [
      { sloan: { ...sloan, viewing: { method: 'camera', distanceMm: 700, minMm: 590, maxMm: 640 } } },
      'data.sloan.viewing.distanceMm must lie between minMm and maxMm',
    ],
    [
      { presbyopia: { ...presbyopia, viewing: { method: 'blind-spot' } } },
      'data.presbyopia.viewing.distanceMm must be a number',
    ],
    [{ sloan: { ...sloan, viewing: 600 } }, 'data.sloan.viewing must be an object'],
  ])('refuses %j with a 400 naming the field and stores nothing', async (tests, message) => {
    await expectSaveRefused(t, record(tests), message);
  });

  it("shows a record's viewing to no other account, whatever its role, and nothing without a token", async () => {
    const person = await register(t.app);
    const res = await call(t.app, 'PUT', '/tests/results', {
      token: person.token,
      body: record({ sloan }),
    });
    const id = (res.body.data as { _id: string })._id;
    const other = await register(t.app);
    const admin = await accountWithRole(t, 'admin');
    for (const token of [other.token, admin.token]) {
      expect((await call(t.app, 'GET', `/tests/results/${id}`, { token })).status).toBe(404);
    }
    expect((await call(t.app, 'PUT', '/tests/results', { body: record({ sloan }) })).status).toBe(401);
  });
});
