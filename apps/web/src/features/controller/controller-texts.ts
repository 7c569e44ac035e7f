import {
  CANNOT_SEE_KEY,
  CONTROLLER_KEYS,
  TEST_DEFINITIONS,
  eyeToCover,
  type ControllerLayout,
  type TestId,
  type TestStatus,
} from '@visus/core';
import { CONTROLLER_TAKEOVER_GRACE_MS, REALTIME_ERRORS } from '@visus/contracts/constants';
import { CANNOT_SEE_LABEL, DIRECTION_LABELS } from './controller-pad';

/*
 * What the phone says, in words: the keys it sent, the question per pad, what to do on each screen and
 * while waiting, and what to do about a refusal (split from controller-page.tsx, which draws them).
 */

/** A sent key as people read it: 'Up-left' rather than '135'. */
export function keyLabel(test: TestId | null, key: string): string {
  if (key === 'continue') return 'Continue';
  if (key === 'submit') return 'Submit';
  if (key === 'back') return 'Back';
  if (key === CANNOT_SEE_KEY) return CANNOT_SEE_LABEL;
  if (key === 'pause') return 'Pause';
  if (key.startsWith('rx_')) return 'your answer';
  const layout = test ? CONTROLLER_KEYS[test].layout : null;
  if ((layout === 'directions-8' || layout === 'directions-4') && DIRECTION_LABELS[key])
    return DIRECTION_LABELS[key];
  if (layout === 'grating-positions' || layout === 'diamond') return key;
  if (layout === 'axis' && /^\d+$/.test(key)) return `${key}°`;
  return layout === 'letters' ? key : key.charAt(0).toUpperCase() + key.slice(1);
}

/** The question on the phone while a test runs, per pad. */
export function prompt(test: TestId, layout: ControllerLayout): string {
  switch (layout) {
    case 'letters':
      return 'Which letter do you see? Guess if you are unsure.';
    case 'directions-8':
      return 'Where is the gap in the ring? Guess if you are unsure.';
    case 'directions-4':
      return 'Which way do the bars of the E point? Guess if you are unsure.';
    case 'axis':
      return 'Which image is clearer?';
    case 'grating-positions':
      return 'Which target has the lines?';
    case 'spoke-circle':
    case 'spoke-ellipse':
      return 'Adjust the shape on your screen, then Submit.';
    case 'diamond':
      return 'Choose a tile, then Submit.';
    case 'duochrome':
      return 'Are the letters clearer on red or on green, or the same?';
    case 'presbyopia':
      return 'Answer on this phone, then Submit.';
    default:
      return TEST_DEFINITIONS[test].name;
  }
}

/**
 * What the phone says on a screen that CONTINUE moves on from: the eye to cover when the screen starts an
 * eye (core eyeToCover, as the display says it), and what CONTINUE does when that is not obvious.
 */
export function screenInstruction(status: TestStatus, test: TestId): [string, string | null] {
  const cover = eyeToCover(status, test);
  const eye =
    cover === 'none'
      ? 'Please use both eyes for this test'
      : cover
        ? `Cover your ${cover.toUpperCase()} eye`
        : null;
  if (status === 'Repeat') return [eye ?? '', 'Press CONTINUE when you are ready'];
  return eye ? [eye, null] : ['The next test starts in 10 seconds, or now with CONTINUE', null];
}

/** What the phone says while the display needs nothing from it. */
export function waitingText(status: TestStatus | null, displayConnected: boolean | null): [string, string] {
  if (displayConnected === false)
    return ['Waiting for your screen', 'Open the test on your computer; this phone follows it.'];
  switch (status) {
    case 'Checked':
      return ['Thank you', 'Your screen is getting the test ready.'];
    case 'Complete':
      return ['Test completed', 'Your next test will start in 10 seconds.'];
    case 'PartBReady':
    case 'PartCReady':
      return ['Next part', 'Look at your screen: the next part is about to start.'];
    case 'Finished':
      return ['Test complete', 'Your results are on your screen.'];
    case 'Stopped':
      return ['Test interrupted', 'A test error has occurred: look at your screen.'];
    default:
      return ['Waiting for your screen', 'Keep the test page open on your computer.'];
  }
}

/** What to do about a refusal (the refusal itself is in the status line). */
export function refusalAdvice(error: string | null): string {
  switch (error) {
    case REALTIME_ERRORS.sessionNotFound:
      return 'Check the code on your computer screen and enter it again.';
    case REALTIME_ERRORS.sessionClosed:
      return 'Start a new test on your computer to pair this phone again.';
    case REALTIME_ERRORS.controllerTaken:
      return `Only one phone can drive a test. Use the phone that is connected, or, if it has left the test, try again ${CONTROLLER_TAKEOVER_GRACE_MS / 1000} seconds after it left.`;
    case REALTIME_ERRORS.tooManyAttempts:
      return 'Wait a minute before trying again.';
    default:
      return 'This phone could not join the test. Try again, or enter the code again.';
  }
}
