import {
  CONTROLLER_KEYS,
  KEYBOARD_MAP,
  MORE_TIME_MS,
  SELF_ADVANCE_MS,
  advancesByItself,
  batteryPlace,
  continueStarts,
  eyeToCover,
  offersCannotSee,
  placeText,
  type ControllerLayout,
  type ControllerStep,
  type StepHelp,
  type TestId,
  type TestStatus,
} from '@visus/core';

/*
 * The help of one step in the language shown (issue 20), for the phone and for the display. Core's
 * stepHelp composes it in English only; this composes the same parts from the same facts of core
 * (eyeToCover, advancesByItself, continueStarts, offersCannotSee, the pad's layout, the keyboard map's rows,
 * batteryPlace) with words the caller looks up in its own catalog: each key below is an id of that
 * catalog after the device's prefix (`phoneHelp.` in the controller area, `help.` in the test-run area).
 * It imports core only (no app code, no catalog), so the phone's chunk holds it without pulling the main app
 * in. In English it says exactly what stepHelp says: features/controller/controller-help-texts.test.ts and
 * features/test-runner/run/display-help.test.ts check every test, status and step.
 */

/** The words both devices say, as keys after the device's prefix. */
export type SharedHelpKey =
  | 'title'
  | `task.${TestId}`
  | 'asks.axisLetter'
  | 'asks.axisPair'
  | 'eye.both'
  | 'eye.left'
  | 'eye.right'
  | 'screen.starting'
  | 'screen.firstEyeDone'
  | 'screen.testDone'
  | 'screen.finished'
  | 'screen.stopped'
  | 'screen.gettingReady'
  | 'answer.continue'
  | 'answer.nothing'
  | 'pause.running'
  | 'pause.nothing';

/** The phone's own words: its pad's buttons, its pause and its way to stop. */
export type PhoneHelpKey =
  | SharedHelpKey
  | 'answer.letters'
  | 'answer.directions'
  | 'answer.axisLetter'
  | 'answer.axisPair'
  | 'answer.grating'
  | 'answer.spokeCircle'
  | 'answer.spokeEllipse'
  | 'answer.diamond'
  | 'answer.duochrome'
  | 'answer.presbyopia'
  | 'answer.cannotSee'
  | 'pause.countdown'
  | 'stop.phone';

/** The keyboard map's rows for one test (core KEYBOARD_MAP), named by the first test of the row. */
export type KeysRow =
  'sloan' | 'landoltC' | 'duoChrome' | 'astigAxis' | 'astigPower' | 'spokeCircle' | 'diamond' | 'presbyopia';

/** The display's own words: its keys, its countdown and its way to stop. */
export type DisplayHelpKey =
  | SharedHelpKey
  | 'answer.keys'
  | 'answer.buttons'
  | `keys.${KeysRow}`
  | 'pause.waits'
  | 'pause.counts'
  | 'stop.display';

/** Core's activity and method names (batteryPlace, English) as keys (the catalog's ids, unprefixed). */
export type PlaceKey =
  | 'activity.one'
  | 'activity.two'
  | 'activity.three'
  | 'activity.four'
  | 'method.spokeTargets'
  | 'method.grating';

const PLACE_KEYS: Readonly<Record<string, PlaceKey>> = {
  'Activity One': 'activity.one',
  'Activity Two': 'activity.two',
  'Activity Three': 'activity.three',
  'Activity Four': 'activity.four',
  'Spoke Targets': 'method.spokeTargets',
  Grating: 'method.grating',
};

/** Values for a message's placeholders. */
type Values = Readonly<Record<string, string | number>>;

/** How a device says its words: a key (its catalog's id after the device's prefix) in the language shown. */
export interface HelpWords<K extends string> {
  say: (key: K, values?: Values) => string;
  /** The test's name in the language shown. */
  name: (test: TestId) => string;
  /** An activity or method name in the language shown. */
  place: (key: PlaceKey) => string;
}

/** Which step to explain (as core's StepHelpInput, without the device). */
export interface HelpStep {
  readonly test: TestId;
  readonly status: TestStatus;
  readonly step?: ControllerStep | null;
  /** The display's setting: whether the screens between eyes and tests move on by themselves. */
  readonly autoAdvance?: boolean;
}

/**
 * Where the test sits in the battery (core batteryPlace: its activity and method) in the language shown;
 * null for a test outside the battery's activities. A name core adds later stays as core says it.
 */
export function placeParts(
  test: TestId,
  place: (key: PlaceKey) => string,
): { activity: string; method: string } | null {
  const found = batteryPlace(test);
  if (!found) return null;
  const word = (english: string) =>
    Object.hasOwn(PLACE_KEYS, english) ? place(PLACE_KEYS[english]!) : english;
  return { activity: word(found.activity), method: found.method && word(found.method) };
}

/** {@link placeParts} as one line, 'Activity Three · Grating' (core placeText). */
export function placeWords(test: TestId, place: (key: PlaceKey) => string): string | null {
  const parts = placeParts(test, place);
  return parts && placeText(parts);
}

/** What a status screen (not the running test) asks. */
function screenAsks(test: TestId, status: TestStatus, words: HelpWords<SharedHelpKey>): string {
  const { say } = words;
  const name = words.name(test);
  const cover = eyeToCover(status, test);
  const eye =
    cover === 'none'
      ? say('eye.both')
      : cover === 'left'
        ? say('eye.left')
        : cover === 'right'
          ? say('eye.right')
          : '';
  switch (status) {
    case 'Ready':
    case 'Checked':
    case 'Check':
      return say('screen.starting', { name, task: say(`task.${test}`), eye }).trim();
    case 'Repeat':
    case 'Continue':
      return say('screen.firstEyeDone', { eye }).trim();
    case 'Complete':
    case 'PartBReady':
    case 'PartCReady':
      return say('screen.testDone', { name });
    case 'Finished':
      return say('screen.finished');
    case 'Stopped':
      return say('screen.stopped');
    default:
      return say('screen.gettingReady', { name });
  }
}

/** The parts both devices share: the title, the place, what the step asks. */
function commonParts(input: HelpStep, words: HelpWords<SharedHelpKey>) {
  const { test, status, step } = input;
  let asks = status === 'InTest' ? words.say(`task.${test}`) : screenAsks(test, status, words);
  if (status === 'InTest' && test === 'astigAxis' && step)
    asks = words.say(step === 'axis-letter' ? 'asks.axisLetter' : 'asks.axisPair');
  return {
    title: words.say('title', { name: words.name(test) }),
    place: placeWords(test, words.place),
    asks,
  };
}

/** The pad in words (the buttons' own names, controller-pad.tsx). */
function padAnswer(layout: ControllerLayout, step: ControllerStep | null | undefined): PhoneHelpKey {
  switch (layout) {
    case 'letters':
      return 'answer.letters';
    case 'directions-8':
    case 'directions-4':
      return 'answer.directions';
    case 'axis':
      return step === 'axis-letter' ? 'answer.axisLetter' : 'answer.axisPair';
    case 'grating-positions':
      return 'answer.grating';
    case 'spoke-circle':
      return 'answer.spokeCircle';
    case 'spoke-ellipse':
      return 'answer.spokeEllipse';
    case 'diamond':
      return 'answer.diamond';
    case 'duochrome':
      return 'answer.duochrome';
    case 'presbyopia':
      return 'answer.presbyopia';
  }
}

/** The phone's help of a step (core stepHelp with device 'phone'), in the phone's words. */
export function phoneStepHelp(input: HelpStep, words: HelpWords<PhoneHelpKey>): StepHelp {
  const { test, status, step } = input;
  const { say } = words;
  const running = status === 'InTest';
  let answer: string;
  if (running) {
    answer = say(padAnswer(CONTROLLER_KEYS[test].layout, step));
    if (offersCannotSee(test)) answer = `${answer} ${say('answer.cannotSee')}`;
  } else answer = say(continueStarts(status) ? 'answer.continue' : 'answer.nothing');
  const pause = say(
    running ? 'pause.running' : advancesByItself(status) ? 'pause.countdown' : 'pause.nothing',
  );
  return { ...commonParts(input, words), answer, pause, stop: say('stop.phone') };
}

/** The keyboard map's row of a test, as its key (core KEYBOARD_MAP, the row whose ids hold the test). */
export function keysRow(test: TestId): KeysRow | null {
  const row = KEYBOARD_MAP.find((r) => r.ids?.includes(test));
  return (row?.ids?.[0] as KeysRow | undefined) ?? null;
}

/** The display's help of a step (core stepHelp with device 'display'), in the display's words. */
export function displayStepHelp(input: HelpStep, words: HelpWords<DisplayHelpKey>): StepHelp {
  const { test, status, autoAdvance } = input;
  const { say } = words;
  const running = status === 'InTest';
  let answer: string;
  if (running) {
    const row = keysRow(test);
    answer = row ? say('answer.keys', { keys: say(`keys.${row}`) }) : say('answer.buttons');
  } else answer = say(continueStarts(status) ? 'answer.continue' : 'answer.nothing');
  let pause: string;
  if (running) pause = say('pause.running');
  else if (!advancesByItself(status)) pause = say('pause.nothing');
  else if (autoAdvance === false) pause = say('pause.waits');
  else pause = say('pause.counts', { seconds: SELF_ADVANCE_MS / 1000, more: MORE_TIME_MS / 1000 });
  return { ...commonParts(input, words), answer, pause, stop: say('stop.display') };
}
