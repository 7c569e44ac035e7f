import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRealtimeTestServer, type RealtimeTestServer } from '@/lib/realtime/realtime-test-server';
import { ControllerApp } from '@/app/controller-app';
import { LARGE_MODE_STORAGE_KEY, LARGE_PAD_BUTTON_MIN_HEIGHT } from './controller-large-mode';
import { setLanguage } from '@/lib/i18n/i18n';
import { CONFIRMATION_MS } from './controller-page';

// The page connects to its own origin; point that at the in-process stand-in server.
const target = vi.hoisted(() => ({ url: '' }));
vi.mock('socket.io-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('socket.io-client')>();
  return {
    ...actual,
    io: (uri: string, options: Parameters<typeof actual.io>[1]) =>
      actual.io(uri.startsWith('/') ? `${target.url}${uri}` : uri, options),
  };
});

const PIN = 'ABCD2345';
let server: RealtimeTestServer;

beforeEach(async () => {
  server = await startRealtimeTestServer();
  target.url = server.url;
  window.sessionStorage.clear();
});
afterEach(async () => {
  await server.close();
});

/** The phone's page as its entry renders it (controller-main.tsx), at /controller/{pin}. */
function renderController(pin = PIN) {
  window.history.replaceState(null, '', `/controller/${pin}`);
  const user = userEvent.setup({ delay: null });
  return { ...render(<ControllerApp path={window.location.pathname} />), user };
}
const events = (name: string) => server.received.filter((e) => e.event === name);
async function connected() {
  // The spec's reconnection delay is 1 s ± 50 %: allow for it.
  await waitFor(() => expect(screen.getByTestId('controller-status')).toHaveTextContent('Connected'), {
    timeout: 5000,
  });
}

describe('ControllerPage', () => {
  it('connects as a controller with a random key kept for this pin', async () => {
    renderController();
    await connected();
    await server.waitFor(() => events('sync-display').length === 1);
    const auth = server.received[0]!.auth;
    expect(auth).toMatchObject({ role: 'controller', pin: PIN });
    expect(auth.controllerKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const stored = JSON.parse(window.localStorage.getItem(`visus.controller.${PIN}`)!) as {
      controllerKey: string;
    };
    expect(stored.controllerKey).toBe(auth.controllerKey);
    expect(window.sessionStorage.getItem(`visus.controller.${PIN}`)).toContain(auth.controllerKey as string);
    expect(screen.getByRole('heading', { name: 'Waiting for your screen' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a wrong pin", async () => {
    server.refuse = () => 'Test session not found';
    renderController();
    expect(await screen.findByRole('alert')).toHaveTextContent('Check the code on your computer screen');
    expect(screen.getByTestId('controller-status')).toHaveTextContent('Test session not found');
    expect(screen.getByRole('link', { name: 'Enter the code again' })).toHaveAttribute('href', '/connect');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers to try again when another phone holds the session', async () => {
    let refusals = 0;
    server.refuse = () => (refusals++ === 0 ? 'Another phone is already connected to this session' : null);
    const { user } = renderController();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only one phone can drive a test');
    expect(screen.getByTestId('controller-status')).toHaveTextContent(
      'Another phone is already connected to this session',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await connected();
  });

  it('refuses a malformed code without connecting, and tidies a lower-case one', async () => {
    renderController('abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Test session not found');
    expect(server.connected()).toHaveLength(0);

    renderController('abcd-2345');
    await waitFor(() => expect(window.location.pathname).toBe('/controller/ABCD2345'));
  });

  it('answers the correction question, then starts and answers the test', async () => {
    const vibrate = vi.fn(() => true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { vibrate }));
    const { user } = renderController();
    await connected();

    await server.send('sync-controller', { testStatus: 'Check', currentTest: 'sloan' });
    expect(
      await screen.findByRole('heading', { name: 'What are you wearing for this test?' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Glasses/ }));
    await server.waitFor(() => events('controller-ready').length === 1);
    expect(events('controller-ready')[0]!.payload).toEqual({ correction: 'Glasses' });
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument();

    await server.send('display-key', { currentTest: 'sloan', testStatus: 'Ready' });
    expect(await screen.findByText('Cover your LEFT eye')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await server.waitFor(() => events('controller-key').length === 1);
    expect(events('controller-key')[0]!.payload).toEqual({ key: 'continue' });
    // The buzz comes when the display has taken the key (its acknowledgement).
    await waitFor(() => expect(vibrate).toHaveBeenCalledWith(15));

    await server.send('display-status', { testStatus: 'InTest' });
    const letters = await screen.findByRole('group', { name: 'Letters' });
    expect(within(letters).getAllByRole('button')).toHaveLength(26);
    await user.click(within(letters).getByRole('button', { name: 'K' }));
    await server.waitFor(() => events('controller-key').length === 2);
    expect(events('controller-key')[1]!.payload).toEqual({ key: 'K' });
    expect(await screen.findByText('Sent: K')).toBeInTheDocument();
    // Remembered for a reload.
    expect(window.localStorage.getItem(`visus.controller.${PIN}`)).toContain('"correction":"Glasses"');
  });

  it("tells the display its status whenever it changes, and only then (SPEC.md §4 'controller-status')", async () => {
    renderController();
    await connected();
    const statuses = () => events('controller-status').map((e) => e.payload);

    await server.send('sync-controller', { testStatus: 'Check', currentTest: 'sloan' });
    await server.waitFor(() => statuses().length === 1);
    expect(statuses()).toEqual([{ currentStatus: 'Check' }]);

    await server.send('display-key', { currentTest: 'sloan', testStatus: 'Ready' });
    await server.waitFor(() => statuses().length === 2);
    expect(statuses()[1]).toEqual({ currentStatus: 'Ready' });

    // The display's answer repeats the same status: nothing changes, so nothing is sent back (no echo loop).
    await server.send('display-status', { testStatus: 'Ready' });
    await server.send('display-status', { testStatus: 'InTest' });
    await server.waitFor(() => statuses().length === 3);
    expect(statuses()).toEqual([
      { currentStatus: 'Check' },
      { currentStatus: 'Ready' },
      { currentStatus: 'InTest' },
    ]);
  });

  it('says which eye to cover on every screen that switches eyes (Astigmatism Axis repeats on the left eye)', async () => {
    const { user } = renderController();
    await connected();
    await server.send('sync-controller', { testStatus: 'Check', currentTest: 'astigAxis' });
    await user.click(await screen.findByRole('button', { name: /^None/ }));
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument();
    await server.send('display-key', { currentTest: 'astigAxis', testStatus: 'Repeat' });
    expect(await screen.findByText('Cover your RIGHT eye')).toBeInTheDocument();
    expect(screen.getByText('Press CONTINUE when you are ready')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    await server.send('display-status', { testStatus: 'Continue' });
    expect(await screen.findByText('Cover your RIGHT eye')).toBeInTheDocument();
    expect(screen.queryByText('Press CONTINUE when you are ready')).not.toBeInTheDocument();
    await server.send('display-status', { testStatus: 'Complete' });
    expect(
      await screen.findByText('The next test starts in 10 seconds, or now with CONTINUE'),
    ).toBeInTheDocument();
  });

  it('pauses the countdown of the screens that move on by themselves, not Ready (WCAG 2.2.1)', async () => {
    const { user } = renderController();
    await connected();
    await server.send('sync-controller', { testStatus: 'Check', currentTest: 'sloan' });
    await user.click(await screen.findByRole('button', { name: /^None/ }));
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument();
    await server.send('display-key', { currentTest: 'sloan', testStatus: 'Ready' });
    expect(await screen.findByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();

    await server.send('display-status', { testStatus: 'Continue' });
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    await server.waitFor(() => events('controller-key').length === 1);
    expect(events('controller-key')[0]!.payload).toEqual({ key: 'pause' });
    expect(await screen.findByTestId('paused')).toHaveTextContent(
      'your screen waits until you press CONTINUE',
    );
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();

    // The next such screen counts down again: Pause is back.
    await server.send('display-status', { testStatus: 'Complete' });
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.queryByTestId('paused')).not.toBeInTheDocument();
  });

  it('shows the activity and method above the test, on the Ready screen and during the test (SPEC.md §1)', async () => {
    const { user } = renderController();
    await connected();
    await server.send('sync-controller', { testStatus: 'Check', currentTest: 'astigAxis' });
    await user.click(await screen.findByRole('button', { name: /^None/ }));
    await server.waitFor(() => events('controller-ready').length === 1);
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument();
    await server.send('display-key', { currentTest: 'astigAxis', testStatus: 'Ready' });
    expect(await screen.findByTestId('battery-place')).toHaveTextContent('Activity Three · Grating');
    expect(screen.getByRole('heading', { name: 'Astigmatism Axis' })).toBeInTheDocument();
    await server.send('display-key', { currentTest: 'spokeCircle', testStatus: 'InTest' });
    await waitFor(() =>
      expect(screen.getByTestId('battery-place')).toHaveTextContent('Activity Four · Spoke Targets'),
    );
    await server.send('display-key', { currentTest: 'landoltC', testStatus: 'InTest' });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Landolt C' })).toBeInTheDocument());
    expect(screen.queryByTestId('battery-place')).not.toBeInTheDocument();
  });

  it('keeps the question open when the display did not get the answer', async () => {
    server.answer = (event) =>
      event === 'controller-ready' ? { ok: true, delivered: false } : { ok: true, delivered: true };
    const { user } = renderController();
    await connected();
    await server.send('sync-controller', { testStatus: 'Check', currentTest: 'sloan' });
    await user.click(await screen.findByRole('button', { name: /^None/ }));
    expect(await screen.findByText(/Your screen did not get that/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What are you wearing for this test?' })).toBeInTheDocument();
  });

  it('keeps the keys disabled until the handshake is done', async () => {
    renderController();
    await connected();
    server.tell('session-state', {
      pin: PIN,
      testStatus: 'InTest',
      currentTest: 'landoltC',
      partBMethod: null,
      displayConnected: true,
      controllerConnected: true,
    });
    const pad = await screen.findByRole('group', { name: 'Directions' });
    for (const button of within(pad).getAllByRole('button')) expect(button).toBeDisabled();
    expect(screen.getByText(/The buttons work once your screen has checked this phone/)).toBeInTheDocument();

    // The display's answer to sync-display carries the correction it already has.
    await server.send('display-reconnect', {
      state: { testStatus: 'InTest', currentTest: 'landoltC', correction: 'None' },
    });
    await waitFor(() => expect(within(pad).getByRole('button', { name: 'Up-right' })).toBeEnabled());
    expect(events('controller-key')).toHaveLength(0);
  });

  it('after a drop, reconnects as the same phone, asks the display to resync and stays on the question', async () => {
    window.localStorage.setItem(
      `visus.controller.${PIN}`,
      JSON.stringify({ controllerKey: 'remembered-key-0123456789abcdef', correction: 'None' }),
    );
    const { user } = renderController();
    await connected();
    await server.send('display-key', { currentTest: 'tumblingE', testStatus: 'InTest' });
    const pad = await screen.findByRole('group', { name: 'Directions' });
    expect(
      within(pad)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Up', 'Left', 'Right', 'Down']);
    await server.waitFor(() => events('sync-display').length === 1);
    await server.waitFor(() => events('controller-status').length === 1);

    for (const socket of server.connected()) socket.conn.close();
    // Both seen in one snapshot: the link may be back within half a second.
    await waitFor(() => {
      expect(screen.getByTestId('controller-status')).toHaveTextContent('Reconnecting…');
      expect(within(pad).getByRole('button', { name: 'Up' })).toBeDisabled();
    });
    await connected();
    await server.waitFor(() => events('sync-display').length === 2, 8000);
    expect(events('sync-display').map((e) => e.auth.controllerKey)).toEqual([
      'remembered-key-0123456789abcdef',
      'remembered-key-0123456789abcdef',
    ]);
    // Back on line, it tells the display its status again.
    await server.waitFor(() => events('controller-status').length === 2);
    expect(events('controller-status')[1]!.payload).toEqual({ currentStatus: 'InTest' });
    await user.click(
      within(screen.getByRole('group', { name: 'Directions' })).getByRole('button', { name: 'Up' }),
    );
    await server.waitFor(() => events('controller-key').length === 1);
    expect(events('controller-key')[0]!.payload).toEqual({ key: '90' });
  }, 15_000);

  it('says so when a key press is refused', async () => {
    window.localStorage.setItem(
      `visus.controller.${PIN}`,
      JSON.stringify({ controllerKey: 'remembered-key-0123456789abcdef', correction: 'None' }),
    );
    server.answer = (event) =>
      event === 'controller-key'
        ? { ok: false, error: 'Too many key presses' }
        : { ok: true, delivered: true };
    const { user } = renderController();
    await connected();
    await server.send('display-key', { currentTest: 'duoChrome', testStatus: 'InTest' });
    await user.click(await screen.findByRole('button', { name: 'Letters on red are clearer' }));
    expect(await screen.findByText('Not sent: Too many key presses')).toBeInTheDocument();
  });

  it('says why a key press was not sent in the language shown (issue 20)', async () => {
    await setLanguage('de', { areas: ['controller'] });
    try {
      window.localStorage.setItem(
        `visus.controller.${PIN}`,
        JSON.stringify({ controllerKey: 'remembered-key-0123456789abcdef', correction: 'None' }),
      );
      server.answer = (event) =>
        event === 'controller-key'
          ? { ok: false, error: 'Too many key presses' }
          : { ok: true, delivered: true };
      const { user } = renderController();
      await waitFor(() => expect(screen.getByTestId('controller-status')).toHaveTextContent('Verbunden'), {
        timeout: 5000,
      });
      await server.send('display-key', { currentTest: 'duoChrome', testStatus: 'InTest' });
      await user.click(await screen.findByRole('button', { name: 'Die Buchstaben auf Rot sind deutlicher' }));
      expect(await screen.findByText('Nicht gesendet: Zu viele Tastendrücke')).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });

  it('turns large mode on from the top bar and remembers it on this device (issue 20)', async () => {
    window.localStorage.removeItem(LARGE_MODE_STORAGE_KEY);
    const first = renderController();
    const toggle = screen.getByRole('button', { name: 'Large text' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(first.container.querySelector('.vc-frame')).not.toHaveClass('vc-large');
    await first.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(first.container.querySelector('.vc-frame')).toHaveClass('vc-large');
    expect(window.localStorage.getItem(LARGE_MODE_STORAGE_KEY)).toBe('on');
    first.unmount();

    // A new page on this device opens in large mode, with big buttons.
    window.localStorage.setItem(
      `visus.controller.${PIN}`,
      JSON.stringify({ controllerKey: 'remembered-key-0123456789abcdef', correction: 'None' }),
    );
    const second = renderController();
    expect(second.container.querySelector('.vc-frame')).toHaveClass('vc-large');
    await connected();
    await server.send('display-key', { currentTest: 'tumblingE', testStatus: 'InTest' });
    const up = await screen.findByRole('button', { name: 'Up' });
    expect(parseFloat(up.style.minHeight)).toBeGreaterThanOrEqual(LARGE_PAD_BUTTON_MIN_HEIGHT);

    // And off again: forgotten.
    await second.user.click(screen.getByRole('button', { name: 'Large text' }));
    expect(second.container.querySelector('.vc-frame')).not.toHaveClass('vc-large');
    expect(window.localStorage.getItem(LARGE_MODE_STORAGE_KEY)).toBeNull();
  });

  it('sends "I can\'t see it", buzzes once the display took it and shows it clearly for a moment', async () => {
    const vibrate = vi.fn(() => true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { vibrate }));
    window.localStorage.setItem(
      `visus.controller.${PIN}`,
      JSON.stringify({ controllerKey: 'remembered-key-0123456789abcdef', correction: 'None' }),
    );
    const { user } = renderController();
    await connected();
    await server.send('display-key', { currentTest: 'sloan', testStatus: 'InTest' });
    expect(await screen.findByText(/Guess if you are unsure/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "I can't see it" }));
    await server.waitFor(() => events('controller-key').length === 1);
    expect(events('controller-key')[0]!.payload).toEqual({ key: 'cannot-see' });
    const sent = await screen.findByText("Sent: I can't see it");
    expect(sent).toHaveClass('vc-sent-fresh');
    expect(vibrate).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(sent).not.toHaveClass('vc-sent-fresh'), { timeout: CONFIRMATION_MS + 2000 });
    expect(sent).toHaveTextContent("Sent: I can't see it");

    // Not taken by the display: no buzz and no "Sent".
    server.answer = (event) =>
      event === 'controller-key' ? { ok: true, delivered: false } : { ok: true, delivered: true };
    await user.click(screen.getByRole('button', { name: 'K' }));
    expect(await screen.findByText(/Your screen did not get that/)).toBeInTheDocument();
    expect(vibrate).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Sent: K')).toBeNull();
  }, 15_000);

  it('ends with the session', async () => {
    renderController();
    await connected();
    server.tell('session-ended', { pin: PIN });
    await waitFor(() =>
      expect(screen.getByTestId('controller-status')).toHaveTextContent('This test session has ended'),
    );
    expect(screen.getByRole('link', { name: 'Connect to another test' })).toBeInTheDocument();
  });

  it("shows the screen's voice and mutes it or turns it on (controller-speech, issue 20)", async () => {
    const { user } = renderController();
    await connected();
    // Hidden until the display says whether it speaks.
    expect(screen.queryByTestId('controller-speech')).not.toBeInTheDocument();
    await server.send('display-speech', { speak: true });
    const toggle = await screen.findByRole('button', { name: /Screen speaks: on/ });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    await server.waitFor(() => events('controller-speech').length === 1);
    expect(events('controller-speech')[0]!.payload).toEqual({ speak: false });
    expect(await screen.findByRole('button', { name: /Screen speaks: off/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    // The display's own change (its button or key) is followed.
    await server.send('display-speech', { speak: true });
    expect(await screen.findByRole('button', { name: /Screen speaks: on/ })).toBeInTheDocument();
    // Not taken by the display: the switch stays as it was and says why.
    server.answer = (event) =>
      event === 'controller-speech' ? { ok: true, delivered: false } : { ok: true, delivered: true };
    await user.click(screen.getByRole('button', { name: /Screen speaks: on/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your screen did not get that');
    expect(screen.getByRole('button', { name: /Screen speaks: on/ })).toBeInTheDocument();
  });
});
