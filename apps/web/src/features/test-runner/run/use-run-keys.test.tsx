import { act, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_FLOW_STATE, SELF_ADVANCE_MS, MORE_TIME_MS, transition, type FlowState } from '@visus/core';
import { useAppSelector } from '@/app/hooks';
import { makeStore, type AppStore } from '@/app/store';
import { theme } from '@/app/theme';
import { flowRestored, keyPressed } from '@/features/test-runner/test-slice';
import { StatusScreen, statusScreenKind } from './status-screens';
import { useRunKeys } from './use-run-keys';

/** Sloan's right eye done: the Continue screen ("Cover your RIGHT eye") before the left eye. */
function continueFlow(): FlowState {
  const loaded = transition(INITIAL_FLOW_STATE, { type: 'loadFlow', flowA: ['sloan', 'duoChrome'] });
  const checked = transition(transition(loaded, { type: 'check' }), {
    type: 'controllerReady',
    correction: 'None',
  });
  return { ...checked, status: 'Continue', startedAt: 1 };
}

function Harness({ autoAdvance }: { autoAdvance: boolean }) {
  const { countdown, togglePause, moreTime } = useRunKeys(autoAdvance);
  return <Probe countdown={countdown} togglePause={togglePause} moreTime={moreTime} />;
}

function Probe(props: Pick<ReturnType<typeof useRunKeys>, 'countdown' | 'togglePause' | 'moreTime'>) {
  const flowStatus = useAppSelector((state) => state.test.flow.status);
  const kind = statusScreenKind(flowStatus);
  return (
    <div data-testid="status" data-status={flowStatus}>
      {kind && (
        <StatusScreen
          kind={kind}
          testName="Sloan"
          countdown={
            props.countdown
              ? { view: props.countdown, onTogglePause: props.togglePause, onMoreTime: props.moreTime }
              : null
          }
        />
      )}
    </div>
  );
}

let current: AppStore;

function open(autoAdvance = true) {
  current = makeStore();
  current.dispatch(flowRestored({ flow: continueFlow() }));
  const view = render(
    <Provider store={current}>
      <ThemeProvider theme={theme}>
        <Harness autoAdvance={autoAdvance} />
      </ThemeProvider>
    </Provider>,
  );
  return view;
}
const status = () => current.getState().test.flow.status;
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const key = (k: string) => act(() => void fireEvent.keyDown(window, { key: k }));
const phone = (k: string) => act(() => void current.dispatch(keyPressed({ key: k, now: Date.now() })));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the countdown between eyes and tests is the person’s (WCAG 2.2.1)', () => {
  it('goes on by itself after 10 s, showing the seconds left', () => {
    open();
    wait(200);
    expect(screen.getByTestId('countdown-text')).toHaveTextContent('Goes on by itself in 10 s');
    wait(3_000);
    expect(screen.getByTestId('countdown-text')).toHaveTextContent('Goes on by itself in 7 s');
    expect(status()).toBe('Continue');
    wait(SELF_ADVANCE_MS);
    expect(status()).toBe('InTest');
  });

  it('P pauses it from the keyboard for as long as needed, P again goes on from where it stopped', () => {
    open();
    wait(4_000);
    key('p');
    wait(120_000);
    expect(status()).toBe('Continue');
    expect(screen.getByTestId('countdown-text')).toHaveTextContent('Paused with 6 s left');
    expect(screen.getByRole('progressbar', { name: 'Time until the test goes on' })).toHaveAttribute(
      'aria-valuetext',
      'Paused, 6 seconds left',
    );
    key('P');
    wait(5_000);
    expect(status()).toBe('Continue');
    wait(1_200);
    expect(status()).toBe('InTest');
  });

  it('M gives more time; the buttons do what the keys do', () => {
    open();
    wait(9_000);
    key('m');
    wait(2_000);
    expect(status()).toBe('Continue');
    expect(screen.getByTestId('countdown-text')).toHaveTextContent(
      `Goes on by itself in ${(MORE_TIME_MS - 1_000) / 1000} s`,
    );
    act(() => screen.getByRole('button', { name: 'Pause (P)' }).click());
    wait(60_000);
    expect(status()).toBe('Continue');
    act(() => screen.getByRole('button', { name: 'Start the countdown again (P)' }).click());
    act(() => screen.getByRole('button', { name: 'More time (M)' }).click());
    wait(MORE_TIME_MS + MORE_TIME_MS - 1_000 - 200);
    expect(status()).toBe('Continue');
    wait(1_500);
    expect(status()).toBe('InTest');
  });

  it("the phone's Pause stops it (pressed twice it stays paused) and CONTINUE then goes on", () => {
    open();
    wait(1_000);
    phone('pause');
    wait(500);
    phone('pause');
    wait(60_000);
    expect(status()).toBe('Continue');
    phone('more-time');
    wait(60_000);
    expect(status()).toBe('Continue');
    phone('continue');
    expect(status()).toBe('InTest');
  });

  it('P and M are the countdown’s only on its screens: Sloan’s letter P is not taken for it', () => {
    open();
    wait(SELF_ADVANCE_MS + 200);
    expect(status()).toBe('InTest');
    key('P');
    expect(current.getState().test.flow.keyPressed?.key).toBe('P');
  });

  it('with the setting off it waits for CONTINUE however long it takes', () => {
    open(false);
    wait(600_000);
    expect(status()).toBe('Continue');
    expect(screen.getByTestId('countdown-text')).toHaveTextContent('This screen waits for you');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause (P)' })).not.toBeInTheDocument();
    key(' ');
    expect(status()).toBe('InTest');
  });
});
