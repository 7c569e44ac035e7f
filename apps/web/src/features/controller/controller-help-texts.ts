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
  sloan: 'help.task.sloan',
  landoltC: 'help.task.landoltC',
  tumblingE: 'help.task.tumblingE',
  duoChrome: 'help.task.duoChrome',
  astigAxis: 'help.task.astigAxis',
  astigPower: 'help.task.astigPower',
  spokeCircle: 'help.task.spokeCircle',
  spokeEllipse: 'help.task.spokeEllipse',
  diamond: 'help.task.diamond',
  presbyopia: 'help.task.presbyopia',
} as const satisfies Readonly<Record<TestId, MessageId>>;

/** The pad in words (the buttons' own names, controller-pad.tsx). */
function padAnswer(layout: ControllerLayout, step: ControllerStep | null): MessageId {
  switch (layout) {
    case 'letters':
      return 'help.answer.letters';
    case 'directions-8':
    case 'directions-4':
      return 'help.answer.directions';
    case 'axis':
      return step === 'axis-letter' ? 'help.answer.axisLetter' : 'help.answer.axisPair';
    case 'grating-positions':
      return 'help.answer.grating';
    case 'spoke-circle':
      return 'help.answer.spokeCircle';
    case 'spoke-ellipse':
      return 'help.answer.spokeEllipse';
    case 'diamond':
      return 'help.answer.diamond';
    case 'duochrome':
      return 'help.answer.duochrome';
    case 'presbyopia':
      return 'help.answer.presbyopia';
  }
}

/** What a status screen (not the running test) asks. */
function screenAsks(test: TestId, status: TestStatus): string {
  const name = testName(test);
  const cover = eyeToCover(status, test);
  const eye =
    cover === 'none'
      ? t('help.eye.both')
      : cover === 'left'
        ? t('help.eye.left')
        : cover === 'right'
          ? t('help.eye.right')
          : '';
  switch (status) {
    case 'Ready':
    case 'Checked':
    case 'Check':
      return t('help.screen.starting', { name, task: t(TASK_IDS[test]), eye }).trim();
    case 'Repeat':
    case 'Continue':
      return t('help.screen.firstEyeDone', { eye }).trim();
    case 'Complete':
    case 'PartBReady':
    case 'PartCReady':
      return t('help.screen.testDone', { name });
    case 'Finished':
      return t('help.screen.finished');
    case 'Stopped':
      return t('help.screen.stopped');
    default:
      return t('help.screen.gettingReady', { name });
  }
}

/** The help of the step the phone is on: what it asks, how to answer, how to pause, how to stop. */
export function phoneHelp(test: TestId, status: TestStatus, step: ControllerStep | null): PhoneHelp {
  const running = status === 'InTest';
  let asks = running ? t(TASK_IDS[test]) : screenAsks(test, status);
  if (running && test === 'astigAxis' && step)
    asks = t(step === 'axis-letter' ? 'help.asks.axisLetter' : 'help.asks.axisPair');

  let answer: string;
  if (running) {
    answer = t(padAnswer(CONTROLLER_KEYS[test].layout, step));
    if (offersCannotSee(test)) answer = `${answer} ${t('help.answer.cannotSee')}`;
  } else answer = t(continueStarts(status) ? 'help.answer.continue' : 'help.answer.nothing');

  const pause = t(
    running ? 'help.pause.running' : advancesByItself(status) ? 'help.pause.countdown' : 'help.pause.nothing',
  );

  return {
    title: t('help.title', { name: testName(test) }),
    place: testPlaceText(test),
    asks,
    answer,
    pause,
    stop: t('help.stop.phone'),
  };
}
