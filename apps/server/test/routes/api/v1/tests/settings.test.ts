import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { emptyOpticalHistory, HISTORY_TEXT_MAX } from '@visus/core';
import { accountWithRole, buildTestApp, call, register, type TestApp } from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';

/** 3.779 px/mm at 3 m → 197.9 px per degree (pixelsPerMm × distanceMm × tan 1°). */
function cardCalibration(pixelsPerMm = 3.779, distanceMm = 3000) {
  return {
    pixelsPerDegree: pixelsPerMm * distanceMm * Math.tan(Math.PI / 180),
    resolution: { width: 1920, height: 1080 },
    pixelsPerMm,
    distanceMm,
    devicePixelRatio: 1,
    cssResolution: { width: 1920, height: 1080 },
    cardWidthPx: pixelsPerMm * 85.6,
  };
}

/** A 24-inch 1920×1080 screen: 3.614 px/mm. */
function diagonalCalibration() {
  const pixelsPerMm = Math.hypot(1920, 1080) / (24 * 25.4);
  return {
    pixelsPerDegree: pixelsPerMm * 2000 * Math.tan(Math.PI / 180),
    resolution: { width: 1920, height: 1080 },
    pixelsPerMm,
    distanceMm: 2000,
    diagonalInches: 24,
  };
}

function history() {
  return {
    ...emptyOpticalHistory(),
    q1: { selected: ['glaucoma', 'dry-eye'], details: 'Right eye, drops since 2019' },
    q2: 'March 2023, high-street optometrist',
    q3a: 'Varifocals, two years old',
    q8: { selected: ['halos'], details: 'At night' },
  };
}

describe.skipIf(!(await canTestDatabase()))('settings and optical history (/tests)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  describe('GET /tests', () => {
    it('answers the defaults for someone who never saved anything', async () => {
      const { token } = await register(t.app);
      const res = await call(t.app, 'GET', '/tests', { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: {
          opticalHistory: null,
          settings: {
            method: 'none',
            card: null,
            diagonal: null,
            gamma: 1,
            autoAdvance: true,
            speakInstructions: false,
          },
        },
      });
    });

    it('refuses a request without a valid token with 401', async () => {
      for (const token of [undefined, 'not-a-token']) {
        const res = await call(t.app, 'GET', '/tests', token ? { token } : {});
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ success: false, error: 'Token is not valid' });
      }
      for (const [method, url] of [
        ['PUT', '/tests/settings'],
        ['PUT', '/tests/gammasettings'],
        ['PUT', '/tests/settings/history'],
      ] as const) {
        expect((await call(t.app, method, url, { body: { gamma: 2 } })).status).toBe(401);
      }
    });
  });

  describe('PUT /tests/settings', () => {
    it('stores a card calibration and answers data.settings', async () => {
      const { token } = await register(t.app);
      const card = cardCalibration();
      const res = await call(t.app, 'PUT', '/tests/settings', { token, body: { method: 'card', card } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: {
          settings: {
            method: 'card',
            card,
            diagonal: null,
            gamma: 1,
            autoAdvance: true,
            speakInstructions: false,
          },
        },
      });
      const read = await call(t.app, 'GET', '/tests', { token });
      expect((read.body.data as { settings: unknown }).settings).toEqual({
        method: 'card',
        card,
        diagonal: null,
        gamma: 1,
        autoAdvance: true,
        speakInstructions: false,
      });
    });

    it('keeps the card calibration when switching to the diagonal method', async () => {
      const { token } = await register(t.app);
      const card = cardCalibration();
      const diagonal = diagonalCalibration();
      await call(t.app, 'PUT', '/tests/settings', { token, body: { method: 'card', card } });
      const res = await call(t.app, 'PUT', '/tests/settings', {
        token,
        body: { method: 'diagonal', diagonal },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        settings: {
          method: 'diagonal',
          card,
          diagonal,
          gamma: 1,
          autoAdvance: true,
          speakInstructions: false,
        },
      });
    });

    const bad: [string, (c: Record<string, unknown>) => unknown, string][] = [
      ['0 px/mm', (c) => ({ method: 'card', card: { ...c, pixelsPerMm: 0 } }), 'pixelsPerMm'],
      ['negative px/mm', (c) => ({ method: 'card', card: { ...c, pixelsPerMm: -3.7 } }), 'pixelsPerMm'],
      ['10 000 px/mm', (c) => ({ method: 'card', card: { ...c, pixelsPerMm: 10_000 } }), 'pixelsPerMm'],
      ['NaN as a string', (c) => ({ method: 'card', card: { ...c, pixelsPerMm: 'NaN' } }), 'pixelsPerMm'],
      [
        'NaN as JSON null',
        (c) => ({ method: 'card', card: { ...c, pixelsPerDegree: null } }),
        'pixelsPerDegree',
      ],
      ['0 px per degree', (c) => ({ method: 'card', card: { ...c, pixelsPerDegree: 0 } }), 'pixelsPerDegree'],
      [
        'an inconsistent px per degree',
        (c) => ({ method: 'card', card: { ...c, pixelsPerDegree: 500 } }),
        'pixelsPerDegree',
      ],
      ['a negative distance', (c) => ({ method: 'card', card: { ...c, distanceMm: -1 } }), 'distanceMm'],
      [
        'a zero resolution',
        (c) => ({ method: 'card', card: { ...c, resolution: { width: 0, height: 1080 } } }),
        'resolution width',
      ],
      ['a wrong method', (c) => ({ method: 'ruler', card: c }), 'method'],
      ['card method without a card', () => ({ method: 'card' }), 'card'],
      ['an unknown field', (c) => ({ method: 'card', card: c, colour: 'blue' }), 'colour'],
      ['an unknown calibration field', (c) => ({ method: 'card', card: { ...c, zoom: 2 } }), 'zoom'],
      [
        'a diagonal of 0 inches',
        () => ({ method: 'diagonal', diagonal: { ...diagonalCalibration(), diagonalInches: 0 } }),
        'diagonalInches',
      ],
    ];
    it.each(bad)('refuses %s with 400 naming the field and stores nothing', async (_name, body, field) => {
      const { token } = await register(t.app);
      const good = cardCalibration(4.2);
      await call(t.app, 'PUT', '/tests/settings', { token, body: { method: 'card', card: good } });
      const res = await call(t.app, 'PUT', '/tests/settings', { token, body: body(cardCalibration()) });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toContain(field);
      const read = await call(t.app, 'GET', '/tests', { token });
      expect((read.body.data as { settings: unknown }).settings).toEqual({
        method: 'card',
        card: good,
        diagonal: null,
        gamma: 1,
        autoAdvance: true,
        speakInstructions: false,
      });
    });
  });

  describe('PUT /tests/gammasettings', () => {
    it('stores the gamma and keeps the calibration', async () => {
      const { token } = await register(t.app);
      const card = cardCalibration();
      await call(t.app, 'PUT', '/tests/settings', { token, body: { method: 'card', card } });
      const res = await call(t.app, 'PUT', '/tests/gammasettings', { token, body: { gamma: 2.2 } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: {
          settings: {
            method: 'card',
            card,
            diagonal: null,
            gamma: 2.2,
            autoAdvance: true,
            speakInstructions: false,
          },
        },
      });
    });

    it('stores a gamma for someone without a calibration', async () => {
      const { token } = await register(t.app);
      const res = await call(t.app, 'PUT', '/tests/gammasettings', { token, body: { gamma: 1.8 } });
      expect(res.body.data).toEqual({
        settings: {
          method: 'none',
          card: null,
          diagonal: null,
          gamma: 1.8,
          autoAdvance: true,
          speakInstructions: false,
        },
      });
    });

    it.each([0, -2, 100, '2.2', null])('refuses gamma %s and keeps the stored one', async (gamma) => {
      const { token } = await register(t.app);
      await call(t.app, 'PUT', '/tests/gammasettings', { token, body: { gamma: 2 } });
      const res = await call(t.app, 'PUT', '/tests/gammasettings', { token, body: { gamma } });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain('gamma');
      const read = await call(t.app, 'GET', '/tests', { token });
      expect((read.body.data as { settings: { gamma: number } }).settings.gamma).toBe(2);
    });
  });

  describe('PUT /tests/settings/auto-advance (issue 25, WCAG 2.2.1)', () => {
    it('turns moving on by itself off and on, keeps the rest, and GET /tests says it', async () => {
      const { token } = await register(t.app);
      const card = cardCalibration();
      await call(t.app, 'PUT', '/tests/settings', { token, body: { method: 'card', card } });
      await call(t.app, 'PUT', '/tests/gammasettings', { token, body: { gamma: 2.2 } });
      const off = await call(t.app, 'PUT', '/tests/settings/auto-advance', {
        token,
        body: { autoAdvance: false },
      });
      expect(off.status).toBe(200);
      expect(off.body).toEqual({
        success: true,
        data: {
          settings: {
            method: 'card',
            card,
            diagonal: null,
            gamma: 2.2,
            autoAdvance: false,
            speakInstructions: false,
          },
        },
      });
      const read = await call(t.app, 'GET', '/tests', { token });
      expect((read.body.data as { settings: { autoAdvance: boolean } }).settings.autoAdvance).toBe(false);
      // Other settings saved later keep it.
      await call(t.app, 'PUT', '/tests/gammasettings', { token, body: { gamma: 2 } });
      const again = await call(t.app, 'GET', '/tests', { token });
      expect((again.body.data as { settings: { autoAdvance: boolean } }).settings.autoAdvance).toBe(false);
      const on = await call(t.app, 'PUT', '/tests/settings/auto-advance', {
        token,
        body: { autoAdvance: true },
      });
      expect((on.body.data as { settings: { autoAdvance: boolean } }).settings.autoAdvance).toBe(true);
    });

    it('stores it for someone who never saved a setting, with the calibration defaults', async () => {
      const { token } = await register(t.app);
      const res = await call(t.app, 'PUT', '/tests/settings/auto-advance', {
        token,
        body: { autoAdvance: false },
      });
      expect(res.body.data).toEqual({
        settings: {
          method: 'none',
          card: null,
          diagonal: null,
          gamma: 1,
          autoAdvance: false,
          speakInstructions: false,
        },
      });
    });

    it('a row written before the setting existed reads as moving on by itself', async () => {
      const { token } = await register(t.app);
      const me = await call(t.app, 'GET', '/auth/current', { token });
      const userId = (me.body.data as { _id: string })._id;
      // As an older server wrote it: no auto_advance column named (migration 0015's default fills it).
      await sql`insert into settings (user_id, method, gamma) values (${userId}, 'none', 1.5)`.execute(
        t.database.db,
      );
      const read = await call(t.app, 'GET', '/tests', { token });
      expect((read.body.data as { settings: unknown }).settings).toEqual({
        method: 'none',
        card: null,
        diagonal: null,
        gamma: 1.5,
        autoAdvance: true,
        speakInstructions: false,
      });
    });
  });

  describe('PUT /tests/settings/speech (issue 20 item 2)', () => {
    type Speech = { settings: { speakInstructions: boolean; autoAdvance: boolean; gamma: number } };

    it('turns the voice on and off, keeps the rest, and GET /tests says it', async () => {
      const { token } = await register(t.app);
      await call(t.app, 'PUT', '/tests/gammasettings', { token, body: { gamma: 2.2 } });
      await call(t.app, 'PUT', '/tests/settings/auto-advance', { token, body: { autoAdvance: false } });
      const on = await call(t.app, 'PUT', '/tests/settings/speech', {
        token,
        body: { speakInstructions: true },
      });
      expect(on.status).toBe(200);
      expect(on.body).toEqual({
        success: true,
        data: {
          settings: {
            method: 'none',
            card: null,
            diagonal: null,
            gamma: 2.2,
            autoAdvance: false,
            speakInstructions: true,
          },
        },
      });
      const read = await call(t.app, 'GET', '/tests', { token });
      expect((read.body.data as Speech).settings.speakInstructions).toBe(true);
      // Other settings saved later keep it.
      await call(t.app, 'PUT', '/tests/gammasettings', { token, body: { gamma: 2 } });
      const again = await call(t.app, 'GET', '/tests', { token });
      expect((again.body.data as Speech).settings.speakInstructions).toBe(true);
      const off = await call(t.app, 'PUT', '/tests/settings/speech', {
        token,
        body: { speakInstructions: false },
      });
      expect((off.body.data as Speech).settings.speakInstructions).toBe(false);
    });

    it('a row written before the setting existed reads as silent', async () => {
      const { token } = await register(t.app);
      const me = await call(t.app, 'GET', '/auth/current', { token });
      const userId = (me.body.data as { _id: string })._id;
      await sql`insert into settings (user_id, method, gamma) values (${userId}, 'none', 1)`.execute(
        t.database.db,
      );
      const read = await call(t.app, 'GET', '/tests', { token });
      expect((read.body.data as Speech).settings.speakInstructions).toBe(false);
    });
  });

  /** The two on/off settings of the test screen share their refusals and their scope. */
  describe.each([
    { route: '/tests/settings/auto-advance', field: 'autoAdvance', byDefault: true, stray: 'gamma' },
    { route: '/tests/settings/speech', field: 'speakInstructions', byDefault: false, stray: 'language' },
  ] as const)('PUT $route refuses and scopes', ({ route, field, byDefault, stray }) => {
    const stored = async (token: string) =>
      ((await call(t.app, 'GET', '/tests', { token })).body.data as { settings: Record<string, unknown> })
        .settings[field];

    it.each([
      ['no body field', {}, field],
      ['a string', { [field]: String(!byDefault) }, field],
      ['null', { [field]: null }, field],
      ['a number', { [field]: 0 }, field],
      ['an extra field', { [field]: !byDefault, [stray]: 2 }, stray],
    ])('refuses %s with 400 and keeps the stored value', async (_name, body, word) => {
      const { token } = await register(t.app);
      await call(t.app, 'PUT', route, { token, body: { [field]: !byDefault } });
      const res = await call(t.app, 'PUT', route, { token, body });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toContain(word);
      expect(await stored(token)).toBe(!byDefault);
    });

    it('refuses a caller without a valid token with 401', async () => {
      for (const token of [undefined, 'not-a-token']) {
        const res = await call(t.app, 'PUT', route, {
          ...(token ? { token } : {}),
          body: { [field]: !byDefault },
        });
        expect(res.status).toBe(401);
        expect(res.body.success).toBe(false);
      }
    });

    it("changes only the caller's own setting, whatever the caller's role", async () => {
      const ada = await register(t.app);
      const bob = await register(t.app);
      for (const role of ['admin', 'clinician'] as const) {
        const someone = await accountWithRole(t, role);
        const res = await call(t.app, 'PUT', route, { token: someone.token, body: { [field]: !byDefault } });
        expect(res.status).toBe(200);
      }
      await call(t.app, 'PUT', route, { token: ada.token, body: { [field]: !byDefault } });
      expect(await stored(ada.token)).toBe(!byDefault);
      expect(await stored(bob.token)).toBe(byDefault);
    });
  });

  describe('PUT /tests/settings/history', () => {
    it('stores the questionnaire, answers it, and GET /tests returns it', async () => {
      const { token } = await register(t.app);
      const res = await call(t.app, 'PUT', '/tests/settings/history', { token, body: history() });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: history() });
      const read = await call(t.app, 'GET', '/tests', { token });
      expect((read.body.data as { opticalHistory: unknown }).opticalHistory).toEqual(history());
    });

    const bad: [string, Record<string, unknown>, string][] = [
      ['an oversized answer', { ...history(), q4: 'x'.repeat(HISTORY_TEXT_MAX + 1) }, 'q4'],
      [
        'oversized details',
        { ...history(), q9: { selected: [], details: 'y'.repeat(HISTORY_TEXT_MAX + 1) } },
        'q9.details',
      ],
      ['an unknown option', { ...history(), q7: { selected: ['aliens'], details: '' } }, 'q7.selected'],
      ['a text where a checklist belongs', { ...history(), q6: 'yes' }, 'q6'],
      ['an unknown question', { ...history(), q11: 'extra' }, 'q11'],
      ['a missing question', { ...history(), q10: undefined }, 'q10'],
    ];
    it.each(bad)(
      'refuses %s with 400 naming the field and keeps the stored answers',
      async (_n, body, field) => {
        const { token } = await register(t.app);
        await call(t.app, 'PUT', '/tests/settings/history', { token, body: history() });
        const res = await call(t.app, 'PUT', '/tests/settings/history', { token, body });
        expect(res.status).toBe(400);
        expect(res.body.error).toContain(field);
        const read = await call(t.app, 'GET', '/tests', { token });
        expect((read.body.data as { opticalHistory: unknown }).opticalHistory).toEqual(history());
      },
    );

    it('upgrades an older record on read, keeping q1 to q5b (SPEC.md §3)', async () => {
      const person = await register(t.app);
      const me = await call(t.app, 'GET', '/auth/current', { token: person.token });
      const userId = (me.body.data as { _id: string })._id;
      const old = {
        q1: { selected: ['glasses'], details: 'since 2010' },
        q2: '2021',
        q3a: 'yes',
        q3b: 'no',
        q4: 'blurry far',
        q5a: 'none',
        q5b: 'pollen',
        q6: 'yes',
        q7: 'no',
      };
      await sql`insert into settings (user_id, optical_history) values (${userId}, ${JSON.stringify(old)}::jsonb)`.execute(
        t.database.db,
      );
      const read = await call(t.app, 'GET', '/tests', { token: person.token });
      expect(read.status).toBe(200);
      const { q6, q7, ...kept } = old;
      expect((read.body.data as { opticalHistory: unknown }).opticalHistory).toEqual({
        ...kept,
        q6: { selected: [], details: '' },
        q7: { selected: [], details: '' },
        q8: { selected: [], details: '' },
        q9: { selected: [], details: '' },
        q10: { selected: [], details: '' },
      });
      expect([q6, q7]).toEqual(['yes', 'no']);
    });
  });

  it("never shows one person's settings or history to another", async () => {
    const ada = await register(t.app);
    const bob = await register(t.app);
    await call(t.app, 'PUT', '/tests/settings', {
      token: ada.token,
      body: { method: 'card', card: cardCalibration() },
    });
    await call(t.app, 'PUT', '/tests/gammasettings', { token: ada.token, body: { gamma: 2.4 } });
    await call(t.app, 'PUT', '/tests/settings/history', { token: ada.token, body: history() });
    const bobs = await call(t.app, 'GET', '/tests', { token: bob.token });
    expect(bobs.body.data).toEqual({
      opticalHistory: null,
      settings: {
        method: 'none',
        card: null,
        diagonal: null,
        gamma: 1,
        autoAdvance: true,
        speakInstructions: false,
      },
    });
    await call(t.app, 'PUT', '/tests/gammasettings', { token: bob.token, body: { gamma: 1.9 } });
    const adas = await call(t.app, 'GET', '/tests', { token: ada.token });
    expect((adas.body.data as { settings: { gamma: number } }).settings.gamma).toBe(2.4);
  });

  it('deleting the account deletes its settings', async () => {
    const ada = await register(t.app);
    const me = await call(t.app, 'GET', '/auth/current', { token: ada.token });
    const userId = (me.body.data as { _id: string })._id;
    await call(t.app, 'PUT', '/tests/settings/history', { token: ada.token, body: history() });
    const stored = () =>
      t.database.db.selectFrom('settings').select('user_id').where('user_id', '=', userId).execute();
    expect(await stored()).toHaveLength(1);
    expect((await call(t.app, 'DELETE', '/auth', { token: ada.token })).status).toBe(200);
    expect(await stored()).toHaveLength(0);
  });
});
