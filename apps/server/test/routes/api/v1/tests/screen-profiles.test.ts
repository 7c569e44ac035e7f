import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_PROFILES_MAX } from '@visus/core';
import {
  accountWithRole,
  buildTestApp,
  call,
  register,
  type Json,
  type TestApp,
} from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';

/*
 * Issue 18 item 4 (docs/adr/0027): one calibration per display. Saving a calibration keeps it in the
 * profile of the screen it was made on; a second monitor gets its own profile instead of overwriting the
 * first; putting a profile in use makes it the account's settings; profiles are renamed, given the camera
 * scale and deleted by their owner only.
 */

/** A card calibration made on a screen of `width × height` CSS px at `dpr`, 3.779 px/mm at `distanceMm`. */
function card(width: number, height: number, dpr = 1, distanceMm = 3000, pixelsPerMm = 3.779) {
  return {
    pixelsPerDegree: pixelsPerMm * distanceMm * Math.tan(Math.PI / 180),
    resolution: { width: Math.round(width * dpr), height: Math.round(height * dpr) },
    pixelsPerMm,
    distanceMm,
    devicePixelRatio: dpr,
    cssResolution: { width, height },
    cardWidthPx: pixelsPerMm * 85.6,
  };
}

type Profile = { id: string; name: string; settings: Json; cameraScale: Json | null; lastUsedAt: string };

describe.skipIf(!(await canTestDatabase()))('screen profiles (/tests/screen-profiles)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const list = async (token: string) => {
    const res = await call(t.app, 'GET', '/tests/screen-profiles', { token });
    expect(res.status).toBe(200);
    return (res.body.data as { profiles: Profile[] }).profiles;
  };
  const save = (token: string, body: Json) => call(t.app, 'PUT', '/tests/settings', { token, body });

  it('keeps each screen’s calibration apart: a second monitor no longer overwrites the first', async () => {
    const { token } = await register(t.app);
    expect(await list(token)).toEqual([]);
    const laptop = card(1440, 900, 2, 600, 5.6);
    expect((await save(token, { method: 'card', card: laptop, screenName: '  Laptop  ' })).status).toBe(200);
    const monitor = card(2560, 1440, 1, 2000);
    expect((await save(token, { method: 'card', card: monitor })).status).toBe(200);

    const [latest, first] = await list(token);
    expect(latest).toMatchObject({ name: 'Screen 2560 × 1440', settings: { method: 'card', card: monitor } });
    expect(first).toMatchObject({ name: 'Laptop', settings: { method: 'card', card: laptop } });

    // The account's own preference is not a screen's: it stays as set when a profile is put in use.
    const pref = await call(t.app, 'PUT', '/tests/settings/auto-advance', {
      token,
      body: { autoAdvance: false },
    });
    expect(pref.status).toBe(200);
    expect(latest!.settings).not.toHaveProperty('autoAdvance');
    // Back on the laptop: putting its profile in use makes it the account's settings again.
    const use = await call(t.app, 'POST', `/tests/screen-profiles/${first!.id}/use`, { token });
    expect(use.status).toBe(200);
    expect((use.body.data as { settings: Json }).settings).toMatchObject({
      method: 'card',
      card: laptop,
      autoAdvance: false,
    });
    const tests = await call(t.app, 'GET', '/tests', { token });
    expect((tests.body.data as { settings: Json }).settings).toMatchObject({
      card: laptop,
      autoAdvance: false,
    });
    expect((await list(token))[0]!.id).toBe(first!.id);
  });

  it('updates the profile of the same screen when it is recalibrated, and keeps gamma with it', async () => {
    const { token } = await register(t.app);
    await save(token, { method: 'card', card: card(1920, 1080) });
    const closer = card(1920, 1080, 1, 1000);
    await save(token, { method: 'card', card: closer, screenName: 'Living room' });
    expect((await call(t.app, 'PUT', '/tests/gammasettings', { token, body: { gamma: 2.2 } })).status).toBe(
      200,
    );
    const profiles = await list(token);
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({ name: 'Living room', settings: { card: closer, gamma: 2.2 } });
  });

  it('keeps no profile for a calibration saved without its window (older clients) or for method none', async () => {
    const { token } = await register(t.app);
    const { devicePixelRatio: _d, cssResolution: _c, ...older } = card(1920, 1080);
    expect((await save(token, { method: 'card', card: older })).status).toBe(200);
    expect((await save(token, { method: 'none' })).status).toBe(200);
    expect(await list(token)).toEqual([]);
  });

  it(`keeps at most ${SCREEN_PROFILES_MAX} screens, forgetting the one used longest ago`, async () => {
    const { token } = await register(t.app);
    for (let i = 0; i <= SCREEN_PROFILES_MAX; i += 1) {
      await save(token, { method: 'card', card: card(800 + i * 100, 600), screenName: `S${i}` });
    }
    const names = (await list(token)).map((p) => p.name);
    expect(names).toHaveLength(SCREEN_PROFILES_MAX);
    expect(names).not.toContain('S0');
    expect(names[0]).toBe(`S${SCREEN_PROFILES_MAX}`);
  });

  it('renames a profile and keeps or forgets the camera scale', async () => {
    const { token } = await register(t.app);
    await save(token, { method: 'card', card: card(1920, 1080) });
    const [profile] = await list(token);
    const scale = { mm: 412.5, anchor: 'blind-spot', anchorMm: 600 };
    const res = await call(t.app, 'PATCH', `/tests/screen-profiles/${profile!.id}`, {
      token,
      body: { name: 'Study', cameraScale: scale },
    });
    expect(res.status).toBe(200);
    expect((res.body.data as { profile: Profile }).profile).toMatchObject({
      name: 'Study',
      cameraScale: scale,
    });
    await call(t.app, 'PATCH', `/tests/screen-profiles/${profile!.id}`, {
      token,
      body: { cameraScale: null },
    });
    expect((await list(token))[0]).toMatchObject({ name: 'Study', cameraScale: null });
  });

  it.each([
    [{}, 'Send a name or a cameraScale'],
    [{ name: '   ' }, 'screenName must not be empty'],
    [{ name: 'x'.repeat(61) }, 'screenName must be at most 60 characters'],
    [{ cameraScale: { mm: -1, anchor: 'typed', anchorMm: 600 } }, 'cameraScale.mm must be a positive number'],
    [
      { cameraScale: { mm: 400, anchor: 'ruler', anchorMm: 600 } },
      "cameraScale.anchor must be 'typed' or 'blind-spot'",
    ],
    [{ cameraScale: { mm: 400, anchor: 'typed', anchorMm: 5 } }, 'cameraScale.anchorMm must be between'],
    [{ name: 'ok', colour: 'red' }, 'colour'],
  ])('refuses the change %j with a 400 and changes nothing', async (body, message) => {
    const { token } = await register(t.app);
    await save(token, { method: 'card', card: card(1920, 1080) });
    const before = await list(token);
    const res = await call(t.app, 'PATCH', `/tests/screen-profiles/${before[0]!.id}`, { token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.stringContaining(message) });
    expect(await list(token)).toEqual(before);
  });

  it('refuses a screen name that is empty or too long when saving a calibration, saving nothing', async () => {
    const { token } = await register(t.app);
    const res = await save(token, { method: 'card', card: card(1920, 1080), screenName: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: expect.stringContaining('screenName must not be empty'),
    });
    expect(await list(token)).toEqual([]);
    const tests = await call(t.app, 'GET', '/tests', { token });
    expect((tests.body.data as { settings: Json }).settings).toMatchObject({ method: 'none' });
  });

  it('answers 404 for another account’s profile, whatever the role, and changes nothing; 400 for a bad id', async () => {
    const owner = await register(t.app);
    await save(owner.token, { method: 'card', card: card(1920, 1080), screenName: 'Mine' });
    const [profile] = await list(owner.token);
    for (const role of ['user', 'admin', 'clinician', 'tester'] as const) {
      const other = await accountWithRole(t, role);
      const url = `/tests/screen-profiles/${profile!.id}`;
      expect((await call(t.app, 'POST', `${url}/use`, { token: other.token })).status).toBe(404);
      expect((await call(t.app, 'PATCH', url, { token: other.token, body: { name: 'Theirs' } })).status).toBe(
        404,
      );
      expect((await call(t.app, 'DELETE', url, { token: other.token })).status).toBe(404);
      expect(await list(other.token)).toEqual([]);
    }
    expect(await list(owner.token)).toEqual([profile]);
    const bad = await call(t.app, 'DELETE', '/tests/screen-profiles/not-an-id', { token: owner.token });
    expect(bad.status).toBe(400);
    expect((await call(t.app, 'GET', '/tests/screen-profiles')).status).toBe(401);
  });

  it('deletes a profile without changing the calibration in use; the account’s deletion removes them all', async () => {
    const person = await register(t.app);
    const calibration = card(1920, 1080);
    await save(person.token, { method: 'card', card: calibration });
    const [profile] = await list(person.token);
    const url = `/tests/screen-profiles/${profile!.id}`;
    expect((await call(t.app, 'DELETE', url, { token: person.token })).status).toBe(200);
    expect((await call(t.app, 'DELETE', url, { token: person.token })).status).toBe(404);
    const tests = await call(t.app, 'GET', '/tests', { token: person.token });
    expect((tests.body.data as { settings: Json }).settings).toMatchObject({ card: calibration });

    await save(person.token, { method: 'card', card: card(1280, 800) });
    const id = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', person.email.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id;
    expect((await call(t.app, 'DELETE', '/auth', { token: person.token })).status).toBe(200);
    const left = await t.database.db
      .selectFrom('screen_profiles')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });
});
