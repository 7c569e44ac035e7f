import type { StepHelp, TestId } from '@visus/core';
import {
  displayStepHelp,
  placeParts,
  type DisplayHelpKey,
  type HelpStep,
  type HelpWords,
} from '@/lib/i18n/step-help-words';
import { t } from '@/lib/i18n/i18n';
import { testName } from '@/lib/i18n/test-names';

/*
 * The display's help in the language shown (issue 20): composed from core's facts as the phone's is
 * (lib/i18n/step-help-words.ts), with the test-run catalog's words (`help.<key>`) and the
 * tests' names of the shell. In English it says exactly what core's stepHelp({ device: 'display' }) says
 * (display-help.test.ts checks every test, status and step).
 */

const DISPLAY_WORDS: HelpWords<DisplayHelpKey> = {
  say: (key, values) => t(`help.${key}`, values),
  name: testName,
  place: (key) => t(`help.${key}`),
};

/** The help of the step the display is on: what it asks, how to answer, how to pause, how to stop. */
export function displayHelp(step: HelpStep): StepHelp {
  return displayStepHelp(step, DISPLAY_WORDS);
}

/** Where the test sits in the battery (core batteryPlace), its activity and method in the language shown. */
export function displayPlace(test: TestId): { activity: string; method: string } | null {
  return placeParts(test, DISPLAY_WORDS.place);
}
