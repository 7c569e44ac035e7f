import {
  CONTROLLER_KEYS,
  advancesByItself,
  continueStarts,
  eyeToCover,
  offersCannotSee,
  type ControllerLayout,
  type ControllerStep,
  type TestId,
  type TestStatus,
} from '@visus/core';
import { t, type MessageId } from '@/lib/i18n/i18n';
import { testName, testPlaceText } from './controller-texts';

/*
 * The phone's help in the current language (issue 20). Core's stepHelp composes it in English only; this
 * composes the same parts, from the same facts of core (eyeToCover, advancesByItself, continueStarts,
 * offersCannotSee, the pad's layout), with the controller catalog's words. In English it says exactly
 * what stepHelp({ device: 'phone' }) says: controller-help-texts.test.ts checks every test, status and step.
 */

/** The phone's help of one step, as its dialog shows it. */
export interface PhoneHelp {
  title: string;
  place: string | null;
  asks: string;
  answer: string;
  pause: string;
  stop: string;
}

const TASK_IDS = {
  sloan: 'phoneHelp.task.sloan',
  landoltC: 'phoneHelp.task.landoltC',
  tumblingE: 'phoneHelp.task.tumblingE',
  duoChrome: 'phoneHelp.task.duoChrome',
  astigAxis: 'phoneHelp.task.astigAxis',
  astigPower: 'phoneHelp.task.astigPower',
  spokeCircle: 'phoneHelp.task.spokeCircle',
  spokeEllipse: 'phoneHelp.task.spokeEllipse',
  diamond: 'phoneHelp.task.diamond',
  presbyopia: 'phoneHelp.task.presbyopia',
} as const satisfies Readonly<Record<TestId, MessageId>>;

/** The pad in words (the buttons' own names, controller-pad.tsx). */
function padAnswer(layout: ControllerLayout, step: ControllerStep | null): MessageId {
  switch (layout) {
    case 'letters':
      return 'phoneHelp.answer.letters';
    case 'directions-8':
    case 'directions-4':
      return 'phoneHelp.answer.directions';
    case 'axis':
      return step === 'axis-letter' ? 'phoneHelp.answer.axisLetter' : 'phoneHelp.answer.axisPair';
    case 'grating-positions':
      return 'phoneHelp.answer.grating';
    case 'spoke-circle':
      return 'phoneHelp.answer.spokeCircle';
    case 'spoke-ellipse':
      return 'phoneHelp.answer.spokeEllipse';
    case 'diamond':
      return 'phoneHelp.answer.diamond';
    case 'duochrome':
      return 'phoneHelp.answer.duochrome';
    case 'presbyopia':
      return 'phoneHelp.answer.presbyopia';
  }
}

/** What a status screen (not the running test) asks. */
function screenAsks(test: TestId, status: TestStatus): string {
  const name = testName(test);
  const cover = eyeToCover(status, test);
  const eye =
    cover === 'none'
      ? t('phoneHelp.eye.both')
      : cover === 'left'
        ? t('phoneHelp.eye.left')
        : cover === 'right'
          ? t('phoneHelp.eye.right')
          : '';
  switch (status) {
    case 'Ready':
    case 'Checked':
    case 'Check':
      return t('phoneHelp.screen.starting', { name, task: t(TASK_IDS[test]), eye }).trim();
    case 'Repeat':
    case 'Continue':
      return t('phoneHelp.screen.firstEyeDone', { eye }).trim();
    case 'Complete':
    case 'PartBReady':
    case 'PartCReady':
      return t('phoneHelp.screen.testDone', { name });
    case 'Finished':
      return t('phoneHelp.screen.finished');
    case 'Stopped':
      return t('phoneHelp.screen.stopped');
    default:
      return t('phoneHelp.screen.gettingReady', { name });
  }
}

/** The help of the step the phone is on: what it asks, how to answer, how to pause, how to stop. */
export function phoneHelp(test: TestId, status: TestStatus, step: ControllerStep | null): PhoneHelp {
  const running = status === 'InTest';
  let asks = running ? t(TASK_IDS[test]) : screenAsks(test, status);
  if (running && test === 'astigAxis' && step)
    asks = t(step === 'axis-letter' ? 'phoneHelp.asks.axisLetter' : 'phoneHelp.asks.axisPair');

  let answer: string;
  if (running) {
    answer = t(padAnswer(CONTROLLER_KEYS[test].layout, step));
    if (offersCannotSee(test)) answer = `${answer} ${t('phoneHelp.answer.cannotSee')}`;
  } else answer = t(continueStarts(status) ? 'phoneHelp.answer.continue' : 'phoneHelp.answer.nothing');

  const pause = t(
    running
      ? 'phoneHelp.pause.running'
      : advancesByItself(status)
        ? 'phoneHelp.pause.countdown'
        : 'phoneHelp.pause.nothing',
  );

  return {
    title: t('phoneHelp.title', { name: testName(test) }),
    place: testPlaceText(test),
    asks,
    answer,
    pause,
    stop: t('phoneHelp.stop.phone'),
  };
}
