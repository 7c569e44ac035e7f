import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, register, type Json, type TestApp } from '../../../../helpers/build-app';
import { expectSaveRefused, resultRecord } from '../../../../helpers/results';
import { canTestDatabase } from '../../../../helpers/test-database';

/*
 * Issue 17 "every test's outcome says what the answers mean": the Astigmatism Axis finding and the
 * DuoChrome 'same' answer are stored and read back as sent; older axis records (no finding) still are;
 * bad values are a 400 naming the field, and nothing is stored.
 */

type Stored = { _id: string; data: Json };

const record = (tests: Json) =>
  resultRecord(tests, { date: '2026-01-31T09:30:00.000Z', setup: { testA: ['duoChrome'] } });

const outcomes = {
  duoChrome: { right: ['same', 'red', 'same'], left: ['green'] },
  astigAxis: {
    right: { endpoint: 90, firstResponseKey: 'same', secondResponseKey: 'same', finding: 'none-found' },
    // An older record: no finding.
    left: { endpoint: 40, firstResponseKey: 'left', secondResponseKey: 'left' },
  },
};

describe.skipIf(!(await canTestDatabase()))('test results: outcomes (issue 17)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('stores an axis finding and a duochrome "same", and reads them back as stored', async () => {
    const person = await register(t.app);
    const res = await call(t.app, 'PUT', '/tests/results', { token: person.token, body: record(outcomes) });
    expect(res.status).toBe(201);
    const saved = res.body.data as Stored;
    expect(saved.data).toMatchObject(outcomes);
    expect((saved.data as { astigAxis: { left: Json } }).astigAxis.left).not.toHaveProperty('finding');
    const one = await call(t.app, 'GET', `/tests/results/${saved._id}`, { token: person.token });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(saved);
    const list = await call(t.app, 'GET', '/tests/results?test=astigAxis', { token: person.token });
    expect((list.body.data as { results: Stored[] }).results).toEqual([saved]);
  });

  it.each([
    [
      { astigAxis: { right: { ...outcomes.astigAxis.right, finding: 'none' } } },
      "data.astigAxis.right.finding must be one of 'none-found', 'axis', 'uncertain'",
    ],
    [
      // What a view says about an older record is never a stored value.
      { astigAxis: { left: { ...outcomes.astigAxis.left, finding: 'not-recorded' } } },
      "data.astigAxis.left.finding must be one of 'none-found', 'axis', 'uncertain'",
    ],
    [
      { duoChrome: { right: ['red', 'equal'] } },
      "data.duoChrome.right answers must be 'red', 'green' or 'same'",
    ],
  ])('refuses %j with a 400 naming the field, storing nothing', async (tests, message) => {
    await expectSaveRefused(t, record(tests), message);
  });
});
