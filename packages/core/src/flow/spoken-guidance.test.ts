import { describe, expect, it } from 'vitest';
import { keyboardKey, TEST_IDS } from '../index';
import {
  isSpeechToggleKey,
  screenUtterance,
  spokenGuidance,
  SPEECH_TOGGLE_KEY,
  UTTERANCE_IDS,
  type GuidanceView,
} from './spoken-guidance';
import { TEST_STATUSES } from './transition';

const view = (over: Partial<GuidanceView> = {}): GuidanceView => ({
  status: 'Ready',
  test: 'sloan',
  checking: false,
  saving: false,
  paused: false,
  distance: null,
  ...over,
});

describe('screenUtterance', () => {
  it('says what each screen asks', () => {
    expect(screenUtterance(view({ checking: true }))).toBe('connect-phone');
    expect(screenUtterance(view())).toBe('cover-left-eye');
    expect(screenUtterance(view({ status: 'Checked' }))).toBe('cover-left-eye');
    expect(screenUtterance(view({ test: 'presbyopia' }))).toBe('use-both-eyes');
    expect(screenUtterance(view({ status: 'Continue' }))).toBe('cover-right-eye');
    expect(screenUtterance(view({ status: 'Repeat' }))).toBe('repeat-cover-right-eye');
    expect(screenUtterance(view({ status: 'InTest' }))).toBe('test-started');
    for (const status of ['Complete', 'PartBReady', 'PartCReady'] as const)
      expect(screenUtterance(view({ status }))).toBe('test-completed');
    expect(screenUtterance(view({ status: 'Finished' }))).toBe('test-complete');
    expect(screenUtterance(view({ status: 'Stopped' }))).toBe('test-interrupted');
    expect(screenUtterance(view({ status: 'InTest', saving: true }))).toBe('saving');
    expect(screenUtterance(view({ status: '' }))).toBeNull();
    expect(screenUtterance(view({ status: 'Idle' }))).toBeNull();
  });
});

describe('spokenGuidance', () => {
  it('says a new screen once, and nothing when the same screen comes again', () => {
    expect(spokenGuidance(null, view())).toBe('cover-left-eye');
    expect(spokenGuidance(view(), view())).toBeNull();
    // Ready → Checked is the same instruction on the same screen.
    expect(spokenGuidance(view(), view({ status: 'Checked' }))).toBeNull();
    expect(spokenGuidance(view({ status: 'Checked' }), view({ status: 'InTest' }))).toBe('test-started');
    expect(spokenGuidance(view({ status: 'InTest' }), view({ status: 'Continue' }))).toBe('cover-right-eye');
    expect(spokenGuidance(view({ status: 'InTest' }), view({ status: 'InTest', saving: true }))).toBe(
      'saving',
    );
    expect(spokenGuidance(view({ status: 'InTest', saving: true }), view({ status: 'Finished' }))).toBe(
      'test-complete',
    );
  });

  it('never speaks while a test runs, whatever changes in it (the answer stays unsaid)', () => {
    const running = view({ status: 'InTest' });
    for (const test of TEST_IDS) {
      expect(spokenGuidance(running, view({ status: 'InTest', test }))).toBeNull();
    }
    // Only fixed ids exist: nothing a trial shows can be turned into speech.
    for (const id of UTTERANCE_IDS) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('says a pause once, when the countdown stops', () => {
    const counting = view({ status: 'Continue' });
    expect(spokenGuidance(counting, view({ status: 'Continue', paused: true }))).toBe('paused');
    expect(
      spokenGuidance(view({ status: 'Continue', paused: true }), view({ status: 'Continue', paused: true })),
    ).toBeNull();
    expect(spokenGuidance(view({ status: 'Continue', paused: true }), counting)).toBeNull();
  });

  it("says the camera's advice when it changes, not while it stands", () => {
    const running = view({ status: 'InTest' });
    const back = view({ status: 'InTest', distance: 'move-back' });
    expect(spokenGuidance(running, back)).toBe('move-back');
    expect(spokenGuidance(back, back)).toBeNull();
    expect(spokenGuidance(back, view({ status: 'InTest', distance: 'move-closer' }))).toBe('move-closer');
    expect(spokenGuidance(back, running)).toBeNull();
  });

  it('gives the new screen precedence over a pause or advice arriving with it', () => {
    expect(
      spokenGuidance(
        view({ status: 'InTest' }),
        view({ status: 'Continue', paused: true, distance: 'move-back' }),
      ),
    ).toBe('cover-right-eye');
  });

  it('has something to say for every status a screen shows', () => {
    const silent = TEST_STATUSES.filter((status) => screenUtterance(view({ status })) === null);
    expect(silent).toEqual(['', 'Idle', 'Syncing', 'Check']);
  });
});

describe('the speech toggle key', () => {
  it('is a key no test takes as an answer', () => {
    expect(isSpeechToggleKey(SPEECH_TOGGLE_KEY)).toBe(true);
    expect(isSpeechToggleKey('v')).toBe(false);
    for (const test of TEST_IDS) expect(keyboardKey(test, SPEECH_TOGGLE_KEY)).toBeNull();
  });
});
