import { act, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GuidanceView } from '@visus/core';
import { SPOKEN_PHRASES } from '@/lib/speech/spoken-phrases';
import { fakeVoice, installFakeSpeech, type FakeSpeechSynthesis } from '@/testing/fake-speech';
import { useSpeechToggle, useSpokenGuidance } from './use-spoken-guidance';

const view = (over: Partial<GuidanceView> = {}): GuidanceView => ({
  status: 'Ready',
  test: 'sloan',
  checking: false,
  saving: false,
  paused: false,
  distance: null,
  ...over,
});

let synth: FakeSpeechSynthesis;
let restore: () => void;
afterEach(() => restore());

function guide(initial: GuidanceView, on = true, language: 'en' | 'es' = 'en') {
  return renderHook(
    (props: { view: GuidanceView; on: boolean }) => useSpokenGuidance(props.view, props.on, language),
    {
      initialProps: { view: initial, on },
    },
  );
}

describe('useSpokenGuidance', () => {
  beforeEach(() => {
    ({ synth, restore } = installFakeSpeech([
      fakeVoice('en-US', false),
      fakeVoice('en-GB'),
      fakeVoice('es-ES'),
    ]));
  });

  it('says each new screen once, with a voice on the device, and nothing while a test runs', () => {
    const { rerender, result } = guide(view());
    expect(result.current).toBe('ready');
    expect(synth.spoken).toEqual([
      { text: SPOKEN_PHRASES.en['cover-left-eye'], lang: 'en-GB', voice: 'en-GB local' },
    ]);
    rerender({ view: view({ status: 'Checked' }), on: true });
    rerender({ view: view({ status: 'InTest' }), on: true });
    rerender({ view: view({ status: 'InTest' }), on: true });
    rerender({ view: view({ status: 'Continue' }), on: true });
    rerender({ view: view({ status: 'Continue', paused: true }), on: true });
    expect(synth.texts).toEqual([
      SPOKEN_PHRASES.en['cover-left-eye'],
      SPOKEN_PHRASES.en['test-started'],
      SPOKEN_PHRASES.en['cover-right-eye'],
      SPOKEN_PHRASES.en.paused,
    ]);
  });

  it('speaks the chosen language', () => {
    guide(view({ status: 'Finished' }), true, 'es');
    expect(synth.spoken).toEqual([
      { text: SPOKEN_PHRASES.es['test-complete'], lang: 'es-ES', voice: 'es-ES local' },
    ]);
  });

  it('says the screen again in the new language when the language changes, and nothing when muted', () => {
    const { rerender } = renderHook(
      (props: { language: 'en' | 'es'; on: boolean }) => useSpokenGuidance(view(), props.on, props.language),
      { initialProps: { language: 'en' as 'en' | 'es', on: true } },
    );
    const cancels = synth.cancels;
    rerender({ language: 'es', on: true });
    expect(synth.cancels).toBeGreaterThan(cancels);
    expect(synth.spoken.at(-1)).toEqual({
      text: SPOKEN_PHRASES.es['cover-left-eye'],
      lang: 'es-ES',
      voice: 'es-ES local',
    });
    rerender({ language: 'es', on: true });
    rerender({ language: 'es', on: false });
    rerender({ language: 'en', on: false });
    expect(synth.texts).toEqual([SPOKEN_PHRASES.en['cover-left-eye'], SPOKEN_PHRASES.es['cover-left-eye']]);
  });

  it('stays silent while muted, stops talking when muted, and says the current screen when turned on', () => {
    const { rerender } = guide(view(), false);
    rerender({ view: view({ status: 'InTest' }), on: false });
    expect(synth.spoken).toEqual([]);
    rerender({ view: view({ status: 'Continue' }), on: false });
    rerender({ view: view({ status: 'Continue' }), on: true });
    expect(synth.texts).toEqual([SPOKEN_PHRASES.en['cover-right-eye']]);
    const cancels = synth.cancels;
    rerender({ view: view({ status: 'Continue' }), on: false });
    expect(synth.cancels).toBeGreaterThan(cancels);
    rerender({ view: view({ status: 'InTest' }), on: false });
    expect(synth.texts).toHaveLength(1);
  });

  it('cancels what is queued when the test screen goes', () => {
    const { unmount } = guide(view());
    const cancels = synth.cancels;
    unmount();
    expect(synth.cancels).toBe(cancels + 1);
  });

  it('cancels when the page is left', () => {
    guide(view());
    const cancels = synth.cancels;
    window.dispatchEvent(new Event('pagehide'));
    expect(synth.cancels).toBe(cancels + 1);
  });
});

describe('useSpokenGuidance with voices that load late or not at all', () => {
  it('says the waiting instruction when the voices arrive', () => {
    ({ synth, restore } = installFakeSpeech([]));
    const { result } = guide(view());
    expect(result.current).toBe('loading');
    expect(synth.spoken).toEqual([]);
    act(() => synth.setVoices([fakeVoice('en-AU')]));
    expect(result.current).toBe('ready');
    expect(synth.texts).toEqual([SPOKEN_PHRASES.en['cover-left-eye']]);
  });

  it('stays silent without a voice for the language, and says so', () => {
    ({ synth, restore } = installFakeSpeech([fakeVoice('de-DE')]));
    const { result, rerender } = guide(view(), true, 'es');
    rerender({ view: view({ status: 'InTest' }), on: true });
    expect(result.current).toBe('no-voice');
    expect(synth.spoken).toEqual([]);
  });

  it('says the browser cannot speak at all', () => {
    ({ synth, restore } = installFakeSpeech([]));
    delete (window as unknown as Record<string, unknown>).speechSynthesis;
    const { result } = guide(view());
    expect(result.current).toBe('unsupported');
  });
});

describe('useSpeechToggle', () => {
  beforeEach(() => {
    ({ synth, restore } = installFakeSpeech([]));
  });

  it("starts as the setting and flips with '*', not with letters or inside a field", () => {
    const { result } = renderHook(() => useSpeechToggle(true));
    expect(result.current.on).toBe(true);
    fireEvent.keyDown(window, { key: '*' });
    expect(result.current.on).toBe(false);
    fireEvent.keyDown(window, { key: 'V' });
    expect(result.current.on).toBe(false);
    const input = document.createElement('input');
    document.body.append(input);
    fireEvent.keyDown(input, { key: '*' });
    expect(result.current.on).toBe(false);
    input.remove();
    act(() => result.current.setOn(true));
    expect(result.current.on).toBe(true);
  });
});
