import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Settings } from '@visus/contracts';
import { link, resetLink, sent } from './testing/fake-tests-socket';
import { CALIBRATED, openTestScreen as open, statusOf } from './testing/test-screen-harness';
import { SPOKEN_PHRASES } from '@/lib/speech/spoken-phrases';
import { fakeVoice, installFakeSpeech, type FakeSpeechSynthesis } from '@/testing/fake-speech';

vi.mock('@/lib/realtime/use-tests-socket', () => import('./testing/fake-tests-socket'));

beforeEach(() => {
  resetLink();
  window.sessionStorage.clear();
});
let synth: FakeSpeechSynthesis;
let restore: () => void;
beforeEach(() => {
  ({ synth, restore } = installFakeSpeech([fakeVoice('en-GB')]));
});
afterEach(() => {
  restore();
  vi.unstubAllGlobals();
});
const en = SPOKEN_PHRASES.en;
const SPEAKING: Settings = { ...CALIBRATED, speakInstructions: true };

describe('TestScreen speaks its instructions (issue 20 item 2)', { timeout: 20_000 }, () => {
  it('says each screen once, mutes from the phone and with *, and tells the phone', async () => {
    link.controllerConnected = true;
    open({ settings: SPEAKING });
    await waitFor(() => expect(statusOf()).toBe('Check'));
    await waitFor(() => expect(synth.texts).toEqual([en['connect-phone']]));
    // The phone is told that the screen speaks.
    await waitFor(() => expect(sent('display-speech')).toContainEqual({ speak: true }));

    act(() => link.handlers['controller-ready']!({ correction: 'Glasses' }));
    await screen.findByRole('heading', { name: 'Sloan Ready' });
    await waitFor(() => expect(synth.texts).toEqual([en['connect-phone'], en['cover-left-eye']]));
    expect(screen.queryByTestId('voice-notice')).toBeNull();

    act(() => link.handlers['controller-key']!({ key: 'continue' }));
    await waitFor(() => expect(statusOf()).toBe('InTest'));
    await waitFor(() => expect(synth.texts.at(-1)).toBe(en['test-started']));
    // Answers are given and letters change: nothing more is said while the test runs.
    const spokenSoFar = synth.texts.length;
    act(() => link.handlers['controller-key']!({ key: 'K' }));
    act(() => link.handlers['controller-key']!({ key: 'S' }));
    expect(synth.texts).toHaveLength(spokenSoFar);

    // The phone mutes it: what is queued is cancelled, and the display tells the phone.
    const cancels = synth.cancels;
    act(() => link.handlers['controller-speech']!({ speak: false }));
    await waitFor(() => expect(sent('display-speech').at(-1)).toEqual({ speak: false }));
    expect(synth.cancels).toBeGreaterThan(cancels);
    expect(screen.getByRole('button', { name: 'Speak the instructions' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // '*' turns it on again, and the screen's instruction is said.
    fireEvent.keyDown(window, { key: '*' });
    await waitFor(() => expect(sent('display-speech').at(-1)).toEqual({ speak: true }));
    expect(synth.texts.at(-1)).toBe(en['test-started']);
    // The button mutes too.
    await userEvent.click(screen.getByRole('button', { name: 'Mute the spoken instructions' }));
    await waitFor(() => expect(sent('display-speech').at(-1)).toEqual({ speak: false }));
  });

  it('stays silent when the person did not ask for it', async () => {
    open();
    await waitFor(() => expect(statusOf()).toBe('Check'));
    act(() => link.handlers['controller-ready']!({ correction: 'Glasses' }));
    await screen.findByRole('heading', { name: 'Sloan Ready' });
    expect(synth.spoken).toEqual([]);
    expect(screen.getByRole('button', { name: 'Speak the instructions' })).toBeInTheDocument();
  });

  it('says on the ready screen that there is no voice for the language, and stays silent', async () => {
    restore();
    ({ synth, restore } = installFakeSpeech([fakeVoice('ja-JP')]));
    open({ settings: SPEAKING });
    await waitFor(() => expect(statusOf()).toBe('Check'));
    act(() => link.handlers['controller-ready']!({ correction: 'Glasses' }));
    await screen.findByRole('heading', { name: 'Sloan Ready' });
    expect(await screen.findByTestId('voice-notice')).toHaveTextContent('no English voice');
    expect(synth.spoken).toEqual([]);
  });
});
