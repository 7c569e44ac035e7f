import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { link, resetLink, sent } from './testing/fake-tests-socket';
import { CALIBRATED, openTestScreen as open, PIN, session, statusOf } from './testing/test-screen-harness';

vi.mock('@/lib/realtime/use-tests-socket', () => import('./testing/fake-tests-socket'));

beforeEach(() => {
  resetLink();
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TestScreen', { timeout: 20_000 }, () => {
  it('runs the handshake with the phone: Check → sync-controller → controller-ready → Ready → continue', async () => {
    const { store } = open();
    expect(
      await screen.findByRole('heading', { name: /turn on full screen with the full-screen button/i }),
    ).toBeInTheDocument();
    await waitFor(() => expect(statusOf()).toBe('Check'));
    expect(sent('sync-controller')).toContainEqual({ testStatus: 'Check', currentTest: 'sloan' });
    expect(store.getState().session).toMatchObject({ token: PIN, loading: false, controllerStatus: 'Sync' });

    // Keys before the check are ignored.
    act(() => link.handlers['controller-key']!({ key: 'continue' }));
    expect(statusOf()).toBe('Check');

    act(() => link.handlers['controller-ready']!({ correction: 'Glasses' }));
    expect(await screen.findByRole('heading', { name: 'Sloan Ready' })).toBeInTheDocument();
    expect(screen.getByText('Cover your LEFT eye')).toBeInTheDocument();
    // How far to sit: the calibrated distance (issue 15).
    expect(screen.getByText('Sit 3.00 m from the screen')).toBeInTheDocument();
    // At 3 m a 96-dpi screen measures down to −0.2: no question about the range (issue 16).
    expect(screen.queryByTestId('range-check')).toBeNull();
    // The display tells the controller Ready, and which pad to show.
    await waitFor(() => expect(sent('display-status')).toContainEqual({ testStatus: 'Ready' }));
    expect(sent('display-key')).toContainEqual({
      currentTest: 'sloan',
      testStatus: 'Ready',
      partBMethod: '',
    });

    // A key of another test means nothing; 'continue' starts the test.
    act(() => link.handlers['controller-key']!({ key: 'red' }));
    expect(store.getState().test.flow.keyPressed).toBeNull();
    act(() => link.handlers['controller-key']!({ key: 'continue' }));
    await waitFor(() => expect(statusOf()).toBe('InTest'));
    expect(await screen.findByText('Progress: 1 / 30')).toBeInTheDocument();
    expect(await screen.findByTestId('acuity-stimulus')).toBeInTheDocument();
    await waitFor(() =>
      expect(sent('display-key')).toContainEqual({
        currentTest: 'sloan',
        testStatus: 'InTest',
        partBMethod: '',
      }),
    );

    // A phone that reconnects asks for the state and gets it.
    act(() => link.handlers['sync-display']!({}));
    const [state] = sent('display-reconnect');
    expect(state).toMatchObject({
      state: { testStatus: 'InTest', currentTest: 'sloan', correction: 'Glasses', eye: 'right' },
    });

    // A letter from the phone is an answer: the round moves on.
    act(() => link.handlers['controller-key']!({ key: 'k' }));
    expect(await screen.findByText('Progress: 2 / 30')).toBeInTheDocument();
    expect(store.getState().testResults.results.start).toEqual(expect.any(Number));
  });

  it("follows the phone's controller-status and answers with its own; a reload resumes Ready and Sync (SPEC.md §4)", async () => {
    const first = open();
    await waitFor(() => expect(statusOf()).toBe('Check'));
    act(() => link.handlers['controller-ready']!({ correction: 'Glasses' }));
    await screen.findByRole('heading', { name: 'Sloan Ready' });
    expect(first.store.getState().test.loading).toBe(false);

    link.emitted = [];
    act(() => link.handlers['controller-status']!({ currentStatus: 'Check' }));
    expect(first.store.getState().session.controllerStatus).toBe('Sync');
    expect(sent('display-status')).toEqual([{ testStatus: 'Ready' }]);
    act(() => link.handlers['controller-status']!({ currentStatus: 'Ready' }));
    expect(first.store.getState().session.controllerStatus).toBe('Ready');

    // The display reloads: its run resumes from its own copy, which had a checked controller.
    first.unmount();
    const second = open();
    await screen.findByRole('heading', { name: 'Sloan Ready' });
    expect(second.store.getState().session).toMatchObject({
      displayStatus: 'Ready',
      controllerStatus: 'Sync',
    });
    // The phone syncs again by telling its status.
    act(() => link.handlers['controller-status']!({ currentStatus: 'Ready' }));
    expect(second.store.getState().session.controllerStatus).toBe('Ready');
  });

  it('says during the test that the link is reconnecting (a server restart), and keeps the round', async () => {
    open();
    await waitFor(() => expect(statusOf()).toBe('Check'));
    act(() => link.handlers['controller-ready']!({ correction: 'Glasses' }));
    await screen.findByRole('heading', { name: 'Sloan Ready' });
    act(() => link.handlers['controller-key']!({ key: 'continue' }));
    expect(await screen.findByText('Progress: 1 / 30')).toBeInTheDocument();
    expect(screen.queryByTestId('display-link-status')).not.toBeInTheDocument();

    link.connection = 'reconnecting';
    act(() => link.handlers['controller-key']!({ key: 'k' }));
    expect(await screen.findByText('Progress: 2 / 30')).toBeInTheDocument();
    expect(screen.getByTestId('display-link-status')).toHaveTextContent('Connecting to the server again');
    expect(screen.getByTestId('display-link-status')).toHaveAttribute('role', 'status');

    link.connection = 'connected';
    act(() => link.handlers['controller-key']!({ key: 'c' }));
    expect(await screen.findByText('Progress: 3 / 30')).toBeInTheDocument();
    expect(screen.queryByTestId('display-link-status')).not.toBeInTheDocument();
  });

  it('lets the keyboard alone run the test: keys ignored before the check, then Space and letters', async () => {
    link.connection = 'refused';
    const { user, store } = open();
    const choose = await screen.findByRole('button', { name: 'No phone? Use this keyboard' });
    await user.keyboard(' ');
    await user.keyboard('c');
    expect(store.getState().test.flow).toMatchObject({
      status: 'Ready',
      keyPressed: null,
      controllerChecked: false,
    });

    await user.click(choose);
    await user.click(screen.getByRole('radio', { name: 'Contact lenses' }));
    await user.click(screen.getByRole('button', { name: 'Use the keyboard' }));
    expect(await screen.findByRole('heading', { name: 'Sloan Ready' })).toBeInTheDocument();
    expect(store.getState().test.flow.correction).toBe('Contact lenses');

    await user.keyboard(' ');
    expect(await screen.findByText('Progress: 1 / 30')).toBeInTheDocument();
    await screen.findByTestId('acuity-stimulus');
    await user.keyboard('h');
    expect(await screen.findByText('Progress: 2 / 30')).toBeInTheDocument();
    // Keys that mean nothing to Sloan are ignored without side effects.
    await user.keyboard('{ArrowUp}');
    expect(screen.getByText('Progress: 2 / 30')).toBeInTheDocument();
  });

  it('at 0.6 m asks to move back before Sloan, and Space goes on knowing the limit', async () => {
    link.connection = 'refused';
    const near = { ...CALIBRATED, card: { ...CALIBRATED.card!, distanceMm: 600 } };
    const { user } = open({ settings: near });
    await user.click(await screen.findByRole('button', { name: 'No phone? Use this keyboard' }));
    await user.click(screen.getByRole('radio', { name: 'Contact lenses' }));
    await user.click(screen.getByRole('button', { name: 'Use the keyboard' }));
    expect(await screen.findByRole('heading', { name: 'Sloan Ready' })).toBeInTheDocument();
    const prompt = screen.getByTestId('range-check');
    // 96 dpi at 0.6 m: the smallest line is 0.5 (6/19); 0.0 needs 1.82 m → 1.9 m.
    expect(prompt).toHaveTextContent('At 0.60 m this screen shows letters down to 0.5 logMAR (6/19) only');
    expect(prompt).toHaveTextContent('stand at 1.9 m or more and set that distance in Setup');
    expect(within(prompt).getByRole('link', { name: 'Change distance' })).toHaveAttribute(
      'href',
      '/user/setup',
    );
    await user.keyboard(' ');
    expect(await screen.findByText('Progress: 1 / 30')).toBeInTheDocument();
    const first = await screen.findByTestId('acuity-stimulus');
    expect(Number(first.getAttribute('data-logmar'))).toBeGreaterThanOrEqual(0.5 - 1e-9);
  });

  it('starts the keyboard path from the keyboard: Tab to the button, Enter opens it, Space chooses', async () => {
    link.connection = 'refused';
    const { user, store } = open();
    const choose = await screen.findByRole('button', { name: 'No phone? Use this keyboard' });
    await waitFor(() => expect(statusOf()).toBe('Ready'));
    while (document.activeElement !== choose) await user.tab();
    await user.keyboard('{Enter}');
    const use = await screen.findByRole('button', { name: 'Use the keyboard' });
    use.focus();
    await user.keyboard(' ');
    expect(await screen.findByRole('heading', { name: 'Sloan Ready' })).toBeInTheDocument();
    expect(store.getState().test.flow).toMatchObject({ controllerChecked: true, correction: 'None' });
    // From here on Space is the test's 'continue'.
    await user.keyboard(' ');
    expect(await screen.findByText('Progress: 1 / 30')).toBeInTheDocument();
  });

  it('asks before leaving a test under way, and the Tests page offers to go on with it', async () => {
    const { user, router } = open();
    await waitFor(() => expect(statusOf()).toBe('Check'));
    act(() => link.handlers['controller-ready']!({ correction: 'Glasses' }));
    await screen.findByRole('heading', { name: 'Sloan Ready' });
    act(() => link.handlers['controller-key']!({ key: 'continue' }));
    await screen.findByTestId('acuity-stimulus');
    act(() => link.handlers['controller-key']!({ key: 'k' }));
    expect(await screen.findByText('Progress: 2 / 30')).toBeInTheDocument();

    // Back (or any link) asks first; staying keeps the run where it was.
    act(() => void router.navigate(-1));
    act(() => void router.navigate('/user/tests'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the test?' });
    expect(dialog).toHaveTextContent('Your answers so far stay on this device');
    // The dialog's keys are its own: Space presses its focused button, not the test's 'continue'.
    await user.click(screen.getByRole('button', { name: 'Stay in the test' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`/user/test/${PIN}`);
    expect(screen.getByText('Progress: 2 / 30')).toBeInTheDocument();

    act(() => void router.navigate('/user/tests'));
    await user.click(await screen.findByRole('button', { name: 'Leave the test' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/tests'));
    const offer = await screen.findByTestId('resume-offer');
    expect(offer).toHaveTextContent('You left a test before it ended');
    expect(offer).toHaveTextContent('Sloan, right eye, round 2 of 30');

    await user.click(screen.getByRole('link', { name: 'Go on with the test' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/user/test/${PIN}`));
    expect(await screen.findByText('Progress: 2 / 30')).toBeInTheDocument();
  });

  it('says when the phone leaves during the test, and that the keyboard or another phone can go on', async () => {
    link.controllerConnected = true;
    open();
    await waitFor(() => expect(statusOf()).toBe('Check'));
    act(() => link.handlers['controller-ready']!({ correction: 'None' }));
    await screen.findByRole('heading', { name: 'Sloan Ready' });
    act(() => link.handlers['controller-key']!({ key: 'continue' }));
    await screen.findByTestId('acuity-stimulus');
    expect(screen.queryByTestId('phone-left')).not.toBeInTheDocument();

    // The phone's tab closes: the server's session-state says no controller is there any more.
    link.controllerConnected = false;
    act(() => link.handlers['controller-key']!({ key: 'k' }));
    expect(await screen.findByText('Progress: 2 / 30')).toBeInTheDocument();
    const notice = await screen.findByTestId('phone-left');
    expect(notice).toHaveTextContent('Your phone has left the test');
    expect(notice).toHaveTextContent('ABCD EFGH');
    // Another phone can take over once the server's grace period (15 s) has passed.
    expect(notice).toHaveTextContent(/possible in 1[45] s/);

    link.controllerConnected = true;
    act(() => link.handlers['controller-key']!({ key: 'c' }));
    await waitFor(() => expect(screen.queryByTestId('phone-left')).not.toBeInTheDocument());
  });

  it('runs a test-mode session on the Test Mode screen, marked for the tester', async () => {
    const { router } = open({
      session: session({ single: 'landoltC', testFlowA: ['landoltC'], testMode: true }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/user/test/${PIN}/test-mode`));
    await waitFor(() => expect(document.title).toBe('Visus | Test Mode'));
    expect(await screen.findByText('Test mode')).toBeInTheDocument();
    expect(document.body.dataset.testMode).toBe('true');
    await waitFor(() => expect(statusOf()).toBe('Check'));
    act(() => link.handlers['controller-ready']!({ correction: 'None' }));
    act(() => link.handlers['controller-key']!({ key: 'continue' }));
    const stimulus = await screen.findByTestId('acuity-stimulus');
    expect(stimulus.getAttribute('data-answer')).toMatch(/^(0|45|90|135|180|225|270|315)$/);
    expect(screen.getByRole('region', { name: 'Procedure state' })).toHaveTextContent('trial 1 of 30');
  });

  it('says Presbyopia is done with both eyes', async () => {
    open({ session: session({ single: 'presbyopia', testFlowA: ['presbyopia'] }) });
    await waitFor(() => expect(statusOf()).toBe('Check'));
    act(() => link.handlers['controller-ready']!({ correction: 'None' }));
    expect(await screen.findByRole('heading', { name: 'Presbyopia Ready' })).toBeInTheDocument();
    expect(screen.getByText('Please use both eyes for this test')).toBeInTheDocument();
  });

  it('refuses a completed session and an expired one', async () => {
    open({ session: session({ status: 'completed', completedAt: '2026-01-31T10:00:00.000Z' }) });
    expect(await screen.findByRole('heading', { name: 'This test is complete' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my results' })).toHaveAttribute('href', '/user/results');
  });

  it('refuses an expired session', async () => {
    open({ session: session({ status: 'expired' }) });
    expect(await screen.findByRole('heading', { name: 'This test session has expired' })).toBeInTheDocument();
  });

  it("shows 'Server Error' when the session cannot be loaded and the server says nothing", async () => {
    const { store } = open({ session: new Response('oops', { status: 500 }) });
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ loading: false, error: 'Server Error', session: null });
  });

  it('sends an uncalibrated screen, or one whose zoom changed, to Setup', async () => {
    open({ settings: { method: 'none', card: null, diagonal: null, gamma: 1 } });
    expect(await screen.findByRole('heading', { name: 'Calibrate your screen first' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Setup' })).toHaveAttribute('href', '/user/setup');
  });

  it('refuses Astigmatism Power, Diamond or a battery on a screen without the colour calibration', async () => {
    open({ session: session({ single: 'astigPower' }), settings: { ...CALIBRATED, gamma: 1 } });
    expect(
      await screen.findByRole('heading', { name: 'Calibrate your screen’s colours first' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Astigmatism Power asks you to find fine lines/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Calibrate Colour' })).toHaveAttribute('href', '/user/gamma');
    expect(
      screen.queryByRole('heading', { name: /turn on full screen with the full-screen button/i }),
    ).toBeNull();
  });

  it('refuses a battery before its first test when the colour calibration is missing', async () => {
    open({ settings: { ...CALIBRATED, gamma: 1 } });
    expect(await screen.findByText(/The full battery includes Diamond/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Calibrate Colour' })).toHaveAttribute('href', '/user/gamma');
  });

  it('explains why a calibration made at another zoom level no longer holds', async () => {
    open({
      settings: {
        ...CALIBRATED,
        card: { ...CALIBRATED.card!, devicePixelRatio: 2, cssResolution: { width: 960, height: 540 } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Calibrate this screen again' })).toBeInTheDocument();
    expect(screen.getByText(/browser zoom or display scaling changed/)).toBeInTheDocument();
  });

  it('stops a pinch-zoomed page from drawing letters, as it does browser zoom', async () => {
    vi.stubGlobal('visualViewport', { scale: 2, addEventListener: vi.fn(), removeEventListener: vi.fn() });
    try {
      open({ settings: CALIBRATED });
      expect(await screen.findByRole('heading', { name: 'Undo the pinch-zoom' })).toBeInTheDocument();
      expect(screen.getByText(/The page is pinch-zoomed/)).toBeInTheDocument();
      expect(screen.queryByTestId('acuity-stimulus')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
