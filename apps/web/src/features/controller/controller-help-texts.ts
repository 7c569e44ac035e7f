import type { ControllerStep, TestId, TestStatus } from '@visus/core';
import { t } from '@/lib/i18n/i18n';
import { testName } from './controller-texts';
import { phoneStepHelp, type HelpWords, type PhoneHelpKey } from '@/lib/i18n/step-help-words';

/*
 * The phone's help in the current language (issue 20). Core's stepHelp composes it in English only;
 * step-help-words.ts composes the same parts from the same facts of core, and this says them with the
 * controller catalog's words (`phoneHelp.<key>`). In English it says exactly what
 * stepHelp({ device: 'phone' }) says: controller-help-texts.test.ts checks every test, status and step.
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

const PHONE_WORDS: HelpWords<PhoneHelpKey> = {
  say: (key, values) => t(`phoneHelp.${key}`, values),
  name: testName,
  place: (key) => t(key),
};

/** The help of the step the phone is on: what it asks, how to answer, how to pause, how to stop. */
export function phoneHelp(test: TestId, status: TestStatus, step: ControllerStep | null): PhoneHelp {
  return phoneStepHelp({ test, status, step }, PHONE_WORDS);
}
