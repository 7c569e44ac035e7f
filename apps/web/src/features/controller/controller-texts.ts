import {
  CANNOT_SEE_KEY,
  CONTROLLER_KEYS,
  eyeToCover,
  type ControllerLayout,
  type TestId,
  type TestStatus,
} from '@visus/core';
import { CONTROLLER_TAKEOVER_GRACE_MS, REALTIME_ERRORS, SERVER_ERROR } from '@visus/contracts/constants';
import { t, type MessageId } from '@/lib/i18n/i18n';
import { SOCKET_ERRORS } from '@/lib/realtime/tests-socket';
import { cannotSeeLabel, directionLabel } from './controller-pad';
import { placeWords } from '@/lib/i18n/step-help-words';

/*
 * What the phone says, in words: the keys it sent, the question per pad, what to do on each screen and
 * while waiting, and what to do about a refusal (split from controller-page.tsx, which draws them). The
 * words are in the controller catalog (src/locales/<language>/controller.json, issue 20).
 */

/** A sent key as people read it: 'Up-left' rather than '135'. */
export function keyLabel(test: TestId | null, key: string): string {
  if (key === 'continue') return t('key.continue');
  if (key === 'submit') return t('key.submit');
  if (key === 'back') return t('key.back');
  if (key === CANNOT_SEE_KEY) return cannotSeeLabel();
  if (key === 'pause') return t('key.pause');
  if (key.startsWith('rx_')) return t('key.yourAnswer');
  const layout = test ? CONTROLLER_KEYS[test].layout : null;
  const direction = directionLabel(key);
  if ((layout === 'directions-8' || layout === 'directions-4') && direction) return direction;
  if (layout === 'grating-positions' || layout === 'diamond') return key;
  if (layout === 'axis' && /^\d+$/.test(key)) return `${key}°`;
  if (Object.hasOwn(WORD_KEYS, key)) return t(WORD_KEYS[key as keyof typeof WORD_KEYS]);
  return layout === 'letters' ? key : key.charAt(0).toUpperCase() + key.slice(1);
}

/** The keys that are words (Astigmatism Axis, DuoChrome, the Spoke tests), named as their buttons are. */
const WORD_KEYS = {
  left: 'pad.left',
  right: 'pad.right',
  same: 'pad.same',
  red: 'pad.red',
  green: 'pad.green',
  increase: 'pad.larger',
  decrease: 'pad.smaller',
  clockwise: 'pad.rotateClockwise',
  'counter-clockwise': 'pad.rotateCounterClockwise',
} as const satisfies Readonly<Record<string, MessageId>>;

const TEST_NAME_IDS = {
  sloan: 'test.sloan',
  landoltC: 'test.landoltC',
  tumblingE: 'test.tumblingE',
  duoChrome: 'test.duoChrome',
  astigAxis: 'test.astigAxis',
  astigPower: 'test.astigPower',
  spokeCircle: 'test.spokeCircle',
  spokeEllipse: 'test.spokeEllipse',
  diamond: 'test.diamond',
  presbyopia: 'test.presbyopia',
} as const satisfies Readonly<Record<TestId, MessageId>>;

/** A test's name in the current language (core TEST_DEFINITIONS[test].name in English). */
export function testName(test: TestId): string {
  return t(TEST_NAME_IDS[test]);
}

/**
 * Where the test sits in the battery (core batteryPlace: 'Activity Three · Grating'), in the current
 * language; null for a test outside the battery's activities.
 */
export function testPlaceText(test: TestId): string | null {
  return placeWords(test, (key) => t(key));
}

/** The question on the phone while a test runs, per pad. */
export function prompt(test: TestId, layout: ControllerLayout): string {
  switch (layout) {
    case 'letters':
      return t('prompt.letters');
    case 'directions-8':
      return t('prompt.ring');
    case 'directions-4':
      return t('prompt.e');
    case 'axis':
      return t('prompt.axis');
    case 'grating-positions':
      return t('prompt.grating');
    case 'spoke-circle':
    case 'spoke-ellipse':
      return t('prompt.spoke');
    case 'diamond':
      return t('prompt.diamond');
    case 'duochrome':
      return t('prompt.duochrome');
    case 'presbyopia':
      return t('prompt.presbyopia');
    default:
      return testName(test);
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
      ? t('instruction.bothEyes')
      : cover === 'left'
        ? t('instruction.coverLeft')
        : cover === 'right'
          ? t('instruction.coverRight')
          : null;
  if (status === 'Repeat') return [eye ?? '', t('instruction.pressContinue')];
  return eye ? [eye, null] : [t('instruction.nextTest'), null];
}

/** What the phone says while the display needs nothing from it. */
export function waitingText(status: TestStatus | null, displayConnected: boolean | null): [string, string] {
  if (displayConnected === false) return [t('waiting.forScreen'), t('waiting.openTest')];
  switch (status) {
    case 'Checked':
      return [t('waiting.thankYou'), t('waiting.gettingReady')];
    case 'Complete':
      return [t('waiting.testCompleted'), t('waiting.nextIn10')];
    case 'PartBReady':
    case 'PartCReady':
      return [t('waiting.nextPart'), t('waiting.nextPartSoon')];
    case 'Finished':
      return [t('waiting.testComplete'), t('waiting.resultsOnScreen')];
    case 'Stopped':
      return [t('waiting.interrupted'), t('waiting.errorOnScreen')];
    default:
      return [t('waiting.forScreen'), t('waiting.keepOpen')];
  }
}

/** What to do about a refusal (the refusal itself is in the status line). */
export function refusalAdvice(error: string | null): string {
  switch (error) {
    case REALTIME_ERRORS.sessionNotFound:
      return t('advice.sessionNotFound');
    case REALTIME_ERRORS.sessionClosed:
      return t('advice.sessionClosed');
    case REALTIME_ERRORS.controllerTaken:
      return t('advice.controllerTaken', { seconds: CONTROLLER_TAKEOVER_GRACE_MS / 1000 });
    case REALTIME_ERRORS.tooManyAttempts:
      return t('advice.tooManyAttempts');
    default:
      return t('advice.other');
  }
}

/**
 * The refusals the realtime server gives (contracts' REALTIME_ERRORS, stable English texts), the socket's
 * own "disconnected" and the relay's "Server Error", in words: the status line shows a refused connection
 * with them, and "Not sent: …" a refused key press. The English words are the texts themselves.
 */
const REFUSAL_IDS: Readonly<Record<string, MessageId>> = {
  [REALTIME_ERRORS.sessionNotFound]: 'realtime.sessionNotFound',
  [REALTIME_ERRORS.sessionClosed]: 'realtime.sessionClosed',
  [REALTIME_ERRORS.databaseUnavailable]: 'realtime.databaseUnavailable',
  [REALTIME_ERRORS.controllerTaken]: 'realtime.controllerTaken',
  [REALTIME_ERRORS.tooManyAttempts]: 'realtime.tooManyAttempts',
  [REALTIME_ERRORS.tokenNotValid]: 'realtime.tokenNotValid',
  [REALTIME_ERRORS.badHandshake]: 'realtime.badHandshake',
  [REALTIME_ERRORS.tooManyKeys]: 'realtime.tooManyKeys',
  [REALTIME_ERRORS.unknownEvent]: 'realtime.unknownEvent',
  [REALTIME_ERRORS.peerTimeout]: 'realtime.peerTimeout',
  [SOCKET_ERRORS.disconnected]: 'realtime.disconnected',
  [SERVER_ERROR]: 'realtime.serverError',
};

/**
 * A refusal from the realtime server in the current language; one it does not know (the server's check
 * of a malformed event, "Invalid controller-key: …") as sent.
 */
export function refusalText(error: string): string {
  const id = Object.hasOwn(REFUSAL_IDS, error) ? REFUSAL_IDS[error] : undefined;
  return id ? t(id) : error;
}
