import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { dataResponse, resultsListSchema } from '@visus/contracts';
import { buildTestApp, call, register, type Json, type TestApp } from '../../../../helpers/build-app';
import { countResults } from '../../../../helpers/results';
import { canTestDatabase } from '../../../../helpers/test-database';

type Stored = {
  _id: string;
  session: string | null;
  setup: Json & { date: string };
  data: Json;
  createdAt: string;
};

const START = Date.UTC(2026, 0, 31, 9, 30);

/** A valid record (DESIGN.md §5) taken at `date`, holding the given tests. */
function record(options: { date?: string; session?: string; sloan?: number; tests?: Json } = {}) {
  const date = options.date ?? '2026-01-31T09:30:00.000Z';
  const start = Date.parse(date);
  return {
    ...(options.session ? { session: options.session } : {}),
    setup: { date, units: 'm', correction: 'None', testMode: false, testA: ['sloan', 'duoChrome'] },
    data: {
      start,
      end: start + 600_000,
      ...(options.tests ?? {
        sloan: {
          right: {
            va: options.sloan ?? 0.1,
            rounds: 21,
            loopLength: 30,
            logMAR: options.sloan ?? 0.1,
            ci95: [0, 0.2],
          },
          left: { va: 0.2, rounds: 22, loopLength: 30 },
        },
        duoChrome: { right: ['red', 'green'] },
      }),
    },
  };
}

describe.skipIf(!(await canTestDatabase()))('test results: PUT/GET /tests/results', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  async function newSession(token: string): Promise<string> {
    const res = await call(t.app, 'POST', '/tests/session', { token, body: { chart: 'Sloan' } });
    return (res.body.data as { pin: string }).pin;
  }
  const countRows = () => countResults(t.database);

  describe('PUT', () => {
    it('saves a record with its session, completes the session, and reads it back', async () => {
      const person = await register(t.app);
      const pin = await newSession(person.token);
      const body = record({ session: pin });
      const res = await call(t.app, 'PUT', '/tests/results', { token: person.token, body });
      expect(res.status).toBe(201);
      const saved = res.body.data as Stored;
      expect(saved).toMatchObject({ session: pin, setup: body.setup, data: body.data });
      expect(saved._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(saved.createdAt))).toBe(false);

      const session = await call(t.app, 'GET', `/tests/session/${pin}`, { token: person.token });
      expect((session.body.data as { status: string }).status).toBe('completed');

      const one = await call(t.app, 'GET', `/tests/results/${saved._id}`, { token: person.token });
      expect(one.status).toBe(200);
      expect(one.body.data).toEqual(saved);
    });

    it('stores a session once: a repeat answers the first stored result with 200', async () => {
      const person = await register(t.app);
      const pin = await newSession(person.token);
      const first = await call(t.app, 'PUT', '/tests/results', {
        token: person.token,
        body: record({ session: pin }),
      });
      const before = await countRows();
      const again = await call(t.app, 'PUT', '/tests/results', {
        token: person.token,
        body: record({ session: pin, sloan: 0.9 }),
      });
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(first.body.data);
      expect(await countRows()).toBe(before);
    });

    it('stores exactly once under concurrent saves of the same session', async () => {
      const person = await register(t.app);
      const pin = await newSession(person.token);
      const body = record({ session: pin });
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => call(t.app, 'PUT', '/tests/results', { token: person.token, body })),
      );
      expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
      const ids = new Set(responses.map((r) => (r.body.data as Stored)._id));
      expect(ids.size).toBe(1);
      const list = await call(t.app, 'GET', '/tests/results', { token: person.token });
      expect((list.body.data as { total: number }).total).toBe(1);
    });

    it('saves records without a session each time', async () => {
      const person = await register(t.app);
      await call(t.app, 'PUT', '/tests/results', { token: person.token, body: record() });
      const second = await call(t.app, 'PUT', '/tests/results', { token: person.token, body: record() });
      expect(second.status).toBe(201);
      const list = await call(t.app, 'GET', '/tests/results', { token: person.token });
      expect((list.body.data as { total: number }).total).toBe(2);
    });

    it.each([
      [{ setup: { ...record().setup, units: 'cm' } }, "units must be 'm' or 'ft'"],
      [{ data: { ...record().data, end: 0 } }, 'data.end must be'],
      [{ data: { start: START, end: START } }, 'data must hold at least one test'],
      [
        { data: { ...record().data, sloan: { right: { va: 9, rounds: 1, loopLength: 1 } } } },
        'data.sloan.right.va must be between',
      ],
      [
        { data: { ...record().data, diamond: { right: { selected: 7, rotation: 0, contrast: 8 } } } },
        'data.diamond.right.selected',
      ],
      [{ extra: true }, 'Unrecognized key: "extra"'],
      [{ session: 'lower' }, 'Test session not found'],
    ])('refuses %j with a 400 naming the field and stores nothing', async (change, message) => {
      const person = await register(t.app);
      const before = await countRows();
      const res = await call(t.app, 'PUT', '/tests/results', {
        token: person.token,
        body: { ...record(), ...change },
      });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toContain(message);
      expect(await countRows()).toBe(before);
    });

    it("refuses another account's session with 404 and stores nothing", async () => {
      const owner = await register(t.app);
      const intruder = await register(t.app);
      const pin = await newSession(owner.token);
      const before = await countRows();
      const res = await call(t.app, 'PUT', '/tests/results', {
        token: intruder.token,
        body: record({ session: pin }),
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Test session not found' });
      expect(await countRows()).toBe(before);
      const session = await call(t.app, 'GET', `/tests/session/${pin}`, { token: owner.token });
      expect((session.body.data as { status: string }).status).toBe('open');
    });

    it('needs a token', async () => {
      const res = await call(t.app, 'PUT', '/tests/results', { body: record() });
      expect(res.status).toBe(401);
    });
  });

  describe('an acuity bound (docs/adr/0010-censored-acuity-results.md)', () => {
    /** "0.5 or better" at 0.6 m: the record the display's acuity panel stores for a censored eye. */
    const bound = {
      va: 0.5,
      rounds: 12,
      loopLength: 30,
      logMAR: 0.5,
      ci95: [-1, 0.5],
      snellen: '6/19',
      censored: 'better-than',
      bound: 0.5,
      distanceMm: 600,
    };
    const withBound = (right: Json, session?: string) =>
      record({
        ...(session ? { session } : {}),
        tests: { landoltC: { right, left: { va: 0.1, rounds: 20, loopLength: 30 } } },
      });

    it('stores a censored record and reads it back as stored, in the list too', async () => {
      const person = await register(t.app);
      const res = await call(t.app, 'PUT', '/tests/results', { token: person.token, body: withBound(bound) });
      expect(res.status).toBe(201);
      const saved = res.body.data as Stored;
      expect((saved.data as { landoltC: { right: Json } }).landoltC.right).toEqual(bound);
      const one = await call(t.app, 'GET', `/tests/results/${saved._id}`, { token: person.token });
      expect(one.body.data).toEqual(saved);
      const list = await call(t.app, 'GET', '/tests/results?test=landoltC', { token: person.token });
      expect((list.body.data as { results: Stored[] }).results).toEqual([saved]);
    });

    it.each([
      [{ ...bound, bound: undefined }, 'data.landoltC.right.bound is required when censored is set'],
      [{ ...bound, censored: undefined }, 'data.landoltC.right.censored is required when bound is set'],
      [{ ...bound, bound: 2.6 }, 'data.landoltC.right.bound must be between -1 and 2.5'],
      [{ ...bound, bound: -1.5 }, 'data.landoltC.right.bound must be between -1 and 2.5'],
      [{ ...bound, logMAR: 0.37 }, 'data.landoltC.right.logMAR must equal bound (0.5) when censored is set'],
      [
        { ...bound, censored: 'maybe' },
        "data.landoltC.right.censored must be one of 'better-than', 'worse-than'",
      ],
    ])(
      'refuses %j with a 400 and that message, storing nothing and leaving the session open',
      async (right, message) => {
        const person = await register(t.app);
        const pin = await newSession(person.token);
        const before = await countRows();
        const res = await call(t.app, 'PUT', '/tests/results', {
          token: person.token,
          body: withBound(right as Json, pin),
        });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ success: false, error: message });
        expect(await countRows()).toBe(before);
        const session = await call(t.app, 'GET', `/tests/session/${pin}`, { token: person.token });
        expect((session.body.data as { status: string }).status).toBe('open');
      },
    );
  });

  describe('the screen calibration snapshot (setup.calibration)', () => {
    const calibration = {
      method: 'card',
      pxPerMm: 3.7795,
      distanceMm: 600,
      devicePixelRatio: 1.25,
      gamma: 2.2,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36',
    };
    const withCalibration = (value: Json, session?: string) => {
      const body = record(session ? { session } : {});
      return { ...body, setup: { ...body.setup, calibration: value } };
    };

    it('stores the snapshot with the record and reads it back, one and in the list', async () => {
      const person = await register(t.app);
      const body = withCalibration(calibration);
      const res = await call(t.app, 'PUT', '/tests/results', { token: person.token, body });
      expect(res.status).toBe(201);
      const saved = res.body.data as Stored;
      expect(saved.setup).toEqual(body.setup);
      const one = await call(t.app, 'GET', `/tests/results/${saved._id}`, { token: person.token });
      expect((one.body.data as Stored).setup).toEqual({ ...record().setup, calibration });
      const list = await call(t.app, 'GET', '/tests/results', { token: person.token });
      expect((list.body.data as { results: Stored[] }).results).toEqual([saved]);
    });

    it('stores an uncalibrated gamma as null, and a record without a snapshot (as older ones) as it is', async () => {
      const person = await register(t.app);
      const res = await call(t.app, 'PUT', '/tests/results', {
        token: person.token,
        body: withCalibration({ ...calibration, gamma: null }),
      });
      expect(res.status).toBe(201);
      expect((res.body.data as { setup: { calibration: Json } }).setup.calibration).toMatchObject({
        gamma: null,
      });
      const older = await call(t.app, 'PUT', '/tests/results', { token: person.token, body: record() });
      expect(older.status).toBe(201);
      expect((older.body.data as Stored).setup).not.toHaveProperty('calibration');
    });

    it.each([
      [{ ...calibration, pxPerMm: 100 }, 'setup.calibration.pxPerMm must be between 0.5 and 40'],
      [{ ...calibration, distanceMm: 'far' }, 'setup.calibration.distanceMm must be a number'],
      [{ ...calibration, gamma: 0.1 }, 'setup.calibration.gamma must be between 0.5 and 4'],
      [{ ...calibration, method: 'none' }, 'setup.calibration.method must be one of card, diagonal'],
      [
        { ...calibration, userAgent: 'x'.repeat(513) },
        'setup.calibration.userAgent must be at most 512 characters',
      ],
    ])(
      'refuses %j with a 400 naming the field, storing nothing and leaving the session open',
      async (value, message) => {
        const person = await register(t.app);
        const pin = await newSession(person.token);
        const before = await countRows();
        const res = await call(t.app, 'PUT', '/tests/results', {
          token: person.token,
          body: withCalibration(value as Json, pin),
        });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ success: false, error: message });
        expect(await countRows()).toBe(before);
        const session = await call(t.app, 'GET', `/tests/session/${pin}`, { token: person.token });
        expect((session.body.data as { status: string }).status).toBe('open');
      },
    );

    it('refuses an unknown field in the snapshot, naming it', async () => {
      const person = await register(t.app);
      const before = await countRows();
      const res = await call(t.app, 'PUT', '/tests/results', {
        token: person.token,
        body: withCalibration({ ...calibration, serialNumber: 'X1' }),
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain('serialNumber');
      expect(await countRows()).toBe(before);
    });
  });

  describe('GET list', () => {
    let token: string;
    const dates = [
      '2026-01-10T08:00:00.000Z',
      '2026-01-12T08:00:00.000Z',
      '2026-01-11T08:00:00+02:00', // 06:00Z: before the 08:00Z entry on the 11th
      '2026-01-11T08:00:00.000Z',
      '2026-02-01T08:00:00.000Z',
    ];
    beforeAll(async () => {
      token = (await register(t.app)).token;
      for (const [i, date] of dates.entries()) {
        const tests =
          i % 2 === 0
            ? undefined
            : {
                presbyopia: { stereo: { add: 1.5, answer: 2 } },
                astigAxis: { left: { endpoint: 90, firstResponseKey: null, secondResponseKey: null } },
              };
        const res = await call(t.app, 'PUT', '/tests/results', {
          token,
          body: record({ date, ...(tests ? { tests } : {}) }),
        });
        expect(res.status).toBe(201);
      }
      // Someone else's results never show.
      const other = await register(t.app);
      await call(t.app, 'PUT', '/tests/results', {
        token: other.token,
        body: record({ date: '2026-01-15T08:00:00.000Z' }),
      });
    });

    async function list(query = '') {
      const res = await call(t.app, 'GET', `/tests/results${query}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const data = res.body.data as { results: Stored[]; total: number };
      return { dates: data.results.map((r) => r.setup.date), total: data.total };
    }

    it('answers newest first by test date (not text order), with the total', async () => {
      expect(await list()).toEqual({
        dates: [
          '2026-02-01T08:00:00.000Z',
          '2026-01-12T08:00:00.000Z',
          '2026-01-11T08:00:00.000Z',
          '2026-01-11T08:00:00+02:00',
          '2026-01-10T08:00:00.000Z',
        ],
        total: 5,
      });
    });

    it('pages without overlap', async () => {
      const p1 = await list('?limit=2&page=1');
      const p2 = await list('?limit=2&page=2');
      const p3 = await list('?limit=2&page=3');
      const p4 = await list('?limit=2&page=4');
      expect([p1.total, p2.total, p3.total, p4.total]).toEqual([5, 5, 5, 5]);
      expect([...p1.dates, ...p2.dates, ...p3.dates]).toEqual((await list()).dates);
      expect(p4.dates).toEqual([]);
    });

    it('counts the filtered results on a page past their end', async () => {
      expect(await list('?test=presbyopia&limit=1&page=3')).toEqual({ dates: [], total: 2 });
      expect(await list('?test=presbyopia&limit=1&page=2')).toEqual({
        dates: ['2026-01-11T08:00:00.000Z'],
        total: 2,
      });
    });

    it('sends a page byte for byte as the zod serializer does, also when its results are remembered', async () => {
      const zod = serializerCompiler({
        schema: dataResponse(resultsListSchema),
        method: 'GET',
        url: '/api/v1/tests/results',
      } as Parameters<typeof serializerCompiler>[0]);
      for (let i = 0; i < 2; i++) {
        const res = await call(t.app, 'GET', '/tests/results?limit=100', { token });
        expect(res.status).toBe(200);
        expect(res.raw.body).toBe(zod(res.raw.json()));
        expect((res.body.data as { results: unknown[] }).results).toHaveLength(5);
      }
    });

    it('filters by date range (a date means the whole UTC day) and by test', async () => {
      expect(await list('?from=2026-01-11&to=2026-01-12')).toEqual({
        dates: ['2026-01-12T08:00:00.000Z', '2026-01-11T08:00:00.000Z', '2026-01-11T08:00:00+02:00'],
        total: 3,
      });
      expect((await list('?from=2026-01-11T07:00:00Z')).total).toBe(3);
      expect(await list('?test=presbyopia')).toEqual({
        dates: ['2026-01-12T08:00:00.000Z', '2026-01-11T08:00:00.000Z'],
        total: 2,
      });
      // A date-time end is inclusive: 08:00+02:00 is exactly 06:00Z.
      expect((await list('?test=sloan&to=2026-01-11T06:00:00Z')).total).toBe(2);
      expect((await list('?test=sloan&to=2026-01-11T05:59:59Z')).total).toBe(1);
      expect((await list('?test=diamond')).total).toBe(0);
    });

    it.each([
      ['?page=0', 'page must be a whole number from 1'],
      ['?limit=101', 'limit must be a whole number from 1 to 100'],
      ['?limit=abc', 'limit must be a whole number'],
      ['?from=yesterday', 'from must be an ISO date'],
      ['?from=2026-02-01&to=2026-01-01', 'from must not be after to'],
      ['?test=snellen', 'test must be one of'],
      ['?sort=asc', 'sort'],
    ])('refuses %s with a 400 naming the parameter', async (query, message) => {
      const res = await call(t.app, 'GET', `/tests/results${query}`, { token });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toContain(message);
    });

    it('needs a token', async () => {
      expect((await call(t.app, 'GET', '/tests/results')).status).toBe(401);
    });
  });

  describe('GET one', () => {
    it("answers 404 for another account's result and malformed ids, without telling them apart", async () => {
      const owner = await register(t.app);
      const other = await register(t.app);
      const saved = await call(t.app, 'PUT', '/tests/results', { token: owner.token, body: record() });
      const id = (saved.body.data as Stored)._id;
      const theirs = await call(t.app, 'GET', `/tests/results/${id}`, { token: other.token });
      const missing = await call(t.app, 'GET', '/tests/results/00000000-0000-4000-8000-000000000000', {
        token: other.token,
      });
      const malformed = await call(t.app, 'GET', "/tests/results/not-a-uuid'--", { token: other.token });
      for (const res of [theirs, missing, malformed]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ success: false, error: 'Result not found' });
      }
      expect((await call(t.app, 'GET', `/tests/results/${id}`)).status).toBe(401);
    });
  });

  it("deleting the account deletes the account's results", async () => {
    const person = await register(t.app);
    await call(t.app, 'PUT', '/tests/results', { token: person.token, body: record() });
    const me = (await call(t.app, 'GET', '/auth/current', { token: person.token })).body.data as {
      _id: string;
    };
    const del = await call(t.app, 'DELETE', '/auth', { token: person.token });
    expect(del.status).toBe(200);
    const left = await t.database.db
      .selectFrom('results')
      .select('id')
      .where('user_id', '=', me._id)
      .execute();
    expect(left).toEqual([]);
  });
});
