import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionsService } from '../../src/modules/sessions/sessions.service';
import { buildTestApp, call, register, type TestApp } from '../helpers/build-app';
import { canTestDatabase } from '../helpers/test-database';

/**
 * The state a reconnecting phone resumes from (docs/realtime.md) is written by every display-key,
 * sync-controller and display-status. Two of them at once must both land: a read-merge-write in
 * JavaScript lets the later write carry the stale copy it read and drop the other's key.
 */
describe.skipIf(!(await canTestDatabase()))('remembered session state', () => {
  let t: TestApp;
  let sessions: SessionsService;

  beforeAll(async () => {
    t = await buildTestApp();
    sessions = new SessionsService({ db: t.database.db });
  });
  afterAll(async () => t?.close());

  async function newPin(token: string): Promise<string> {
    const res = await call(t.app, 'POST', '/tests/session', { token, body: { chart: 'Sloan' } });
    return (res.body.data as { pin: string }).pin;
  }
  const stateOf = async (pin: string) => (await sessions.repository.findByPin(pin))?.state;

  it('keeps every key of concurrent updates (none is lost)', async () => {
    const owner = await register(t.app);
    const pins = await Promise.all(Array.from({ length: 16 }, () => newPin(owner.token)));
    // 48 updates at once, the three keys of each session interleaved with the other sessions'.
    await Promise.all(
      pins.flatMap((pin) => [
        sessions.rememberState(pin, { testStatus: 'InTest' }),
        sessions.rememberState(pin, { currentTest: 'sloan' }),
        sessions.rememberState(pin, { partBMethod: 'Grating Method' }),
      ]),
    );
    for (const pin of pins) {
      expect(await stateOf(pin)).toEqual({
        testStatus: 'InTest',
        currentTest: 'sloan',
        partBMethod: 'Grating Method',
      });
    }
  });

  it('merges into what is stored: a later update changes only its own keys, null included', async () => {
    const owner = await register(t.app);
    const pin = await newPin(owner.token);
    expect(await stateOf(pin)).toBeNull();
    await sessions.rememberState(pin, { testStatus: 'Ready', currentTest: 'sloan' });
    await sessions.rememberState(pin, { partBMethod: 'Spoke Targets Method' });
    await sessions.rememberState(pin, { testStatus: 'InTest', currentTest: null });
    expect(await stateOf(pin)).toEqual({
      testStatus: 'InTest',
      currentTest: null,
      partBMethod: 'Spoke Targets Method',
    });
    // A pin that does not exist changes nothing and does not throw.
    await sessions.rememberState('ABCDEFGH', { testStatus: 'InTest' });
  });
});
