import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { CONTROLLER_TAKEOVER_GRACE_MS, REALTIME_ERRORS } from '@visus/contracts';
import { socketClients } from '../helpers/socket-clients';
import { canTestDatabase } from '../helpers/test-database';

const GRACE = CONTROLLER_TAKEOVER_GRACE_MS;
const TAKEN = REALTIME_ERRORS.controllerTaken;

/**
 * Issue 15: a phone that closed its tab must not lock its session for good. The bound phone can always
 * come back; another phone is refused while it is connected and for CONTROLLER_TAKEOVER_GRACE_MS after
 * it left, then takes the session over. Time moves with the app's clock, not by sleeping.
 */
describe.skipIf(!(await canTestDatabase()))('a new phone taking over an abandoned session', () => {
  const clients = socketClients();
  const { open, refusal, newKey, states, newSession } = clients;

  /** 'connected', or the refusal's message. */
  const attempt = (pin: string, controllerKey: string) => refusal({ role: 'controller', pin, controllerKey });

  async function pair() {
    const { owner, pin } = await newSession();
    const display = await open({ role: 'display', token: owner.token, pin });
    const key = newKey();
    const phone = await open({ role: 'controller', pin, controllerKey: key });
    await expect.poll(() => states.get(display)).toMatchObject({ controllerConnected: true });
    return { pin, display, phone, key };
  }

  const leftAt = async (pin: string) =>
    (
      await clients.t.database.db
        .selectFrom('test_sessions')
        .select('controller_left_at')
        .where('pin', '=', pin)
        .executeTakeFirstOrThrow()
    ).controller_left_at;

  /** Closes the phone's tab and waits until the display is told (the grace has started by then). */
  async function leave(display: Socket, phone: Socket) {
    phone.disconnect();
    await expect.poll(() => states.get(display)?.controllerConnected).toBe(false);
  }

  it('refuses another phone while the first is connected and within the grace after it left, then lets it take over', async () => {
    const { pin, display, phone, key } = await pair();
    const second = newKey();
    expect(await attempt(pin, second)).toBe(TAKEN);

    await leave(display, phone);
    // The display hears about it with the leaving time already recorded.
    expect(await leftAt(pin)).toBeInstanceOf(Date);
    clients.t.advanceClock(GRACE - 1000);
    expect(await attempt(pin, second)).toBe(TAKEN);

    clients.t.advanceClock(1001);
    expect(await attempt(pin, second)).toBe('connected');
    await expect.poll(() => states.get(display)).toMatchObject({ controllerConnected: true });
    expect(await leftAt(pin)).toBeNull();
    // The first phone's key no longer works.
    expect(await attempt(pin, key)).toBe(TAKEN);
  });

  it('keeps refusing the old key after the new phone left, and lets the new phone come back', async () => {
    const { pin, display, phone, key } = await pair();
    await leave(display, phone);
    clients.t.advanceClock(GRACE + 1);
    const second = newKey();
    const newPhone = await open({ role: 'controller', pin, controllerKey: second });
    await leave(display, newPhone);
    expect(await attempt(pin, key)).toBe(TAKEN);
    // The new phone comes back as the bound one.
    expect(await attempt(pin, second)).toBe('connected');
  });

  it('lets the bound phone come back within the grace, and after it when no other phone took over', async () => {
    const { pin, display, phone, key } = await pair();
    await leave(display, phone);
    clients.t.advanceClock(GRACE / 2);
    const back = await open({ role: 'controller', pin, controllerKey: key });
    await expect.poll(() => states.get(display)?.controllerConnected).toBe(true);
    expect(await leftAt(pin)).toBeNull();
    // Connected again: the grace is no longer running, however long it lasts.
    clients.t.advanceClock(GRACE * 2);
    expect(await attempt(pin, newKey())).toBe(TAKEN);

    await leave(display, back);
    clients.t.advanceClock(GRACE * 2);
    expect(await attempt(pin, key)).toBe('connected');
  });

  it('keeps the session while the bound phone has another connection open', async () => {
    const { pin, display, phone, key } = await pair();
    const secondTab = await open({ role: 'controller', pin, controllerKey: key });
    phone.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await leftAt(pin)).toBeNull();
    clients.t.advanceClock(GRACE + 1);
    expect(await attempt(pin, newKey())).toBe(TAKEN);
    await leave(display, secondTab);
    expect(await leftAt(pin)).toBeInstanceOf(Date);
  });

  it('of several phones racing for an abandoned session, exactly one wins', async () => {
    const { pin, display, phone } = await pair();
    await leave(display, phone);
    clients.t.advanceClock(GRACE + 1);
    const answers = await Promise.all(Array.from({ length: 6 }, () => attempt(pin, newKey())));
    expect(answers.filter((a) => a === 'connected')).toHaveLength(1);
    expect(answers.filter((a) => a === TAKEN)).toHaveLength(5);
  });

  it('does not lock a session whose phone vanished without a leaving time (its instance stopped)', async () => {
    const { pin } = await newSession();
    // Bound to a phone that is nowhere connected, with no leaving time: what a crash leaves behind.
    await clients.t.database.db
      .updateTable('test_sessions')
      .set({ controller_key_hash: 'a'.repeat(64), controller_left_at: null })
      .where('pin', '=', pin)
      .execute();
    const phone = newKey();
    expect(await attempt(pin, phone)).toBe(TAKEN);
    // That attempt found nobody there and started the grace.
    expect(await leftAt(pin)).toBeInstanceOf(Date);
    clients.t.advanceClock(GRACE + 1);
    expect(await attempt(pin, phone)).toBe('connected');
  });
});
