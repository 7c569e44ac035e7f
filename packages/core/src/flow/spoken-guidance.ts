import type { TestId } from './test-definitions';
import type { TestStatus } from './transition';

/**
 * Spoken guidance on the display (issue 20 item 2): which instruction the display says aloud when what it
 * shows changes. Only fixed phrases are ever spoken, named by these ids; the web app keeps their words per
 * language. No id carries anything from a trial (a letter, a direction, a tile), so the voice can never
 * give the answer away: while a test runs, the only thing said is that it started.
 */
export const UTTERANCE_IDS = [
  /** The check screen: connect the phone, or use the keyboard. */
  'connect-phone',
  /** Ready, for a test of one eye at a time: cover the left eye (the right eye goes first). */
  'cover-left-eye',
  /** Ready, for Presbyopia: both eyes open. */
  'use-both-eyes',
  /** Continue: the left eye's turn, so cover the right one. */
  'cover-right-eye',
  /** Repeat: the test again, with the right eye covered. */
  'repeat-cover-right-eye',
  /** The test's first screen is up (nothing about what it shows). */
  'test-started',
  /** Complete and the part switches: this test is done, the next one comes. */
  'test-completed',
  /** The countdown between eyes and tests was paused. */
  'paused',
  /** The results are being saved. */
  'saving',
  /** Finished: the whole test is complete. */
  'test-complete',
  /** Stopped: the test was interrupted. */
  'test-interrupted',
  /** The camera measures the person too close: move back. */
  'move-back',
  /** The camera measures the person too far: come closer. */
  'move-closer',
] as const;
export type UtteranceId = (typeof UTTERANCE_IDS)[number];

/** What the display shows, as far as the voice cares. */
export interface GuidanceView {
  readonly status: TestStatus;
  readonly test: TestId | null;
  /** The check screen is up (Ready or Check before the phone or keyboard completed the check). */
  readonly checking: boolean;
  /** The results are being saved (the flow's saveRequested). */
  readonly saving: boolean;
  /** The countdown of a screen that moves on by itself is paused. */
  readonly paused: boolean;
  /** The camera's advice while it measures the distance, or null. */
  readonly distance: 'move-back' | 'move-closer' | null;
}

/** The instruction the screen itself gives, or null for a screen with nothing to say. */
export function screenUtterance(view: GuidanceView): UtteranceId | null {
  if (view.saving) return 'saving';
  if (view.checking) return 'connect-phone';
  switch (view.status) {
    case 'Ready':
    case 'Checked':
      return view.test === 'presbyopia' ? 'use-both-eyes' : 'cover-left-eye';
    case 'Continue':
      return 'cover-right-eye';
    case 'Repeat':
      return 'repeat-cover-right-eye';
    case 'InTest':
      return 'test-started';
    case 'Complete':
    case 'PartBReady':
    case 'PartCReady':
      return 'test-completed';
    case 'Finished':
      return 'test-complete';
    case 'Stopped':
      return 'test-interrupted';
    default:
      return null;
  }
}

/**
 * What to say when the display goes from `previous` (null: nothing shown yet) to `next`, or null for
 * nothing. A new screen says its instruction; on the same screen, pausing the countdown says so and a new
 * distance advice from the camera is said once. Repeats are never said again: the same screen re-rendered,
 * the same advice still standing, or a paused countdown staying paused.
 */
export function spokenGuidance(previous: GuidanceView | null, next: GuidanceView): UtteranceId | null {
  const now = screenUtterance(next);
  const before = previous ? screenUtterance(previous) : null;
  if (now !== before) return now;
  if (next.paused && !previous?.paused) return 'paused';
  if (next.distance !== null && next.distance !== previous?.distance) return next.distance;
  return null;
}

/** The display's key that mutes or unmutes the voice: '*', which no test takes (core keyboardKey). */
export const SPEECH_TOGGLE_KEY = '*';

/** Whether a key event's `key` mutes or unmutes the voice. */
export function isSpeechToggleKey(eventKey: string): boolean {
  return eventKey === SPEECH_TOGGLE_KEY;
}
