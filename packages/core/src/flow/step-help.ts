import { MORE_TIME_MS } from './self-advance-timer';
import {
  CONTROLLER_KEYS,
  KEYBOARD_MAP,
  offersCannotSee,
  type ControllerLayout,
  type ControllerStep,
} from './controller-keys';
import { advancesByItself, continueStarts, eyeToCover, SELF_ADVANCE_MS } from './screen-rules';
import { batteryPlace, placeText, TEST_DEFINITIONS, type TestId } from './test-definitions';
import type { TestStatus } from './transition';

/*
 * The help of one step of a test (SPEC.md §2 "A help/info button exists"): what the step asks, how to
 * answer it, how to pause and how to stop, on the display (keys and on-screen buttons) or on the phone
 * (its buttons). Composed from the flow's own facts (the test's name and battery place, the eye to cover,
 * whether the screen moves on by itself, the keyboard map, the phone's pad) so that each screen's help
 * follows the step it is on; the only words kept here are each test's task in one sentence.
 */

/** What each test asks of the person, in one sentence (shown in the help while the test runs). */
export const TEST_TASKS: Readonly<Record<TestId, string>> = {
  sloan:
    'A letter is shown, smaller or larger after each answer. Say which letter it is; guess if you are unsure.',
  landoltC:
    'A ring with a gap is shown, smaller or larger after each answer. Say where the gap is; guess if you are unsure.',
  tumblingE:
    'The letter E is shown turned one of four ways, smaller or larger after each answer. Say which way its bars point; guess if you are unsure.',
  duoChrome:
    'Letters are shown on red and on green. Say on which colour they look clearer, or that both look the same.',
  astigAxis:
    'Line patterns are shown turned. Say which looks sharper, or that they look the same: this finds the direction of any astigmatism.',
  astigPower: 'Three targets are shown and one of them has fine lines. Say which one.',
  spokeCircle:
    'A circle is drawn over a wheel of spokes. Make it larger or smaller until it just touches where the spokes blur, then submit.',
  spokeEllipse:
    'An ellipse is drawn over a wheel of spokes. Change its size and turn it until it follows where the spokes blur, then submit.',
  diamond: 'Four tiles are shown in a diamond and one has faint lines. Choose that tile, then submit.',
  presbyopia:
    'Give your distance prescription and how far you read from, to estimate the reading addition you need.',
};

/** The display (keys and its own buttons) or the phone (its buttons). */
export type HelpDevice = 'display' | 'phone';

/** Which step to explain. */
export interface StepHelpInput {
  readonly test: TestId;
  readonly status: TestStatus;
  /** The step within the test (Astigmatism Axis: the rotating letter, then the image pair), when known. */
  readonly step?: ControllerStep | null;
  readonly device: HelpDevice;
  /**
   * Whether the screens between eyes and tests move on by themselves (the person's setting); unknown on
   * the phone (undefined), where the help then says what Pause does in either case.
   */
  readonly autoAdvance?: boolean;
}

/** The help of a step, as a short dialog shows it. */
export interface StepHelp {
  /** 'Help: Sloan'. */
  readonly title: string;
  /** 'Activity One' or 'Activity Three · Grating' (core batteryPlace), or null. */
  readonly place: string | null;
  /** What this step asks. */
  readonly asks: string;
  /** How to answer it here. */
  readonly answer: string;
  /** How to pause. */
  readonly pause: string;
  /** How to stop. */
  readonly stop: string;
}

/** The phone's pad in words, per pad (the buttons' own names, controller-pad.tsx). */
function phoneAnswer(
  layout: ControllerLayout,
  test: TestId,
  step: ControllerStep | null | undefined,
): string {
  const cannotSee = offersCannotSee(test) ? ' If you see nothing at all, press “I can’t see it”.' : '';
  switch (layout) {
    case 'letters':
      return `Press the letter you see.${cannotSee}`;
    case 'directions-8':
    case 'directions-4':
      return `Press the arrow that points the same way.${cannotSee}`;
    case 'axis':
      return step === 'axis-letter'
        ? 'Turn the letter with the 0°, 90°, 180° and 270° buttons; press “This turn is the sharpest” at the sharpest turn, or “Every turn looks the same”.'
        : 'Press the left or the right image if it is clearer, or “Both look the same”.';
    case 'grating-positions':
      return 'Press 1, 2 or 3: the target with the lines.';
    case 'spoke-circle':
      return 'Press Smaller or Larger until the circle is right, then Submit.';
    case 'spoke-ellipse':
      return 'Press Smaller or Larger and the turn buttons until the ellipse is right, then Submit.';
    case 'diamond':
      return 'Press the tile with the lines (its place matches the screen), then Submit; Back goes back one round.';
    case 'duochrome':
      return 'Press red or green for the clearer side, or “Both look the same”.';
    case 'presbyopia':
      return 'Enter your prescription and choose your reading distance on this phone, then Submit.';
  }
}

/** The keyboard map's row for a test (its keys in words), or null. */
function displayKeys(test: TestId): string | null {
  return KEYBOARD_MAP.find((row) => row.ids?.includes(test))?.keys ?? null;
}

/** What a status screen (not the running test) asks. */
function screenAsks(test: TestId, status: TestStatus): string {
  const name = TEST_DEFINITIONS[test].name;
  const cover = eyeToCover(status, test);
  const eye =
    cover === 'none'
      ? 'Use both eyes for this test.'
      : cover
        ? `Cover your ${cover.toUpperCase()} eye and keep it covered until the screen says otherwise.`
        : '';
  switch (status) {
    case 'Ready':
    case 'Checked':
    case 'Check':
      return `${name} is about to start. ${TEST_TASKS[test]} ${eye}`.trim();
    case 'Repeat':
    case 'Continue':
      return `The first eye is done. ${eye}`.trim();
    case 'Complete':
    case 'PartBReady':
    case 'PartCReady':
      return `${name} is done. The next test comes next.`;
    case 'Finished':
      return 'Every test is done. Your results are saved and shown on the screen.';
    case 'Stopped':
      return 'The test stopped. The screen says why and what you can do.';
    default:
      return `${name}: the screen is getting ready.`;
  }
}

/**
 * The help of the step `input` names: what it asks (the test's task while it runs, else what the status
 * screen is for, with the eye to cover), how to answer (the keyboard map's keys and the screen's buttons on
 * the display, the pad's buttons on the phone), how to pause (a countdown on the screens that move on by
 * themselves, none while a chart waits for an answer) and how to stop.
 */
export function stepHelp(input: StepHelpInput): StepHelp {
  const { test, status, step, device, autoAdvance } = input;
  const place = batteryPlace(test);
  const running = status === 'InTest';
  const seconds = SELF_ADVANCE_MS / 1000;

  let asks = running ? TEST_TASKS[test] : screenAsks(test, status);
  if (running && test === 'astigAxis')
    asks =
      step === 'axis-letter'
        ? 'A letter is shown that you can turn. Turn it until its lines look sharpest, and choose that turn.'
        : step === 'axis-pair'
          ? 'Two line patterns are shown. Say which looks clearer, or that they look the same.'
          : asks;

  let answer: string;
  if (running) {
    if (device === 'phone') answer = phoneAnswer(CONTROLLER_KEYS[test].layout, test, step);
    else {
      const keys = displayKeys(test);
      answer = `${keys ? `On the keyboard: ${keys} ` : ''}Or use the buttons on this screen where there are some, or your phone.`;
    }
  } else if (continueStarts(status)) {
    answer =
      device === 'phone'
        ? 'Press START or CONTINUE when you are ready.'
        : 'Press Space (or CONTINUE on your phone) when you are ready.';
  } else {
    answer = 'Nothing to answer on this screen.';
  }

  let pause: string;
  if (running)
    pause = 'The test waits for each answer and has no time limit: you can rest whenever you like.';
  else if (advancesByItself(status)) {
    const more = MORE_TIME_MS / 1000;
    if (device === 'phone')
      pause = `If your screen counts down to the next step, Pause stops the countdown; CONTINUE goes on.`;
    else if (autoAdvance === false) pause = 'This screen waits for you: it does not move on by itself.';
    else
      pause = `This screen moves on by itself after ${seconds} seconds. P pauses the countdown (P again starts it), M gives ${more} seconds more; opening this help pauses it too.`;
  } else pause = 'Nothing moves on by itself here: the screen waits for you.';

  const stop =
    device === 'phone'
      ? 'To stop, leave the test on your computer (its menu or Back); this phone follows. Your answers so far are kept on the computer.'
      : 'To stop, leave this page (the menu or Back) and confirm. Your answers so far stay on this device; the Tests page offers to go on later.';

  return {
    title: `Help: ${TEST_DEFINITIONS[test].name}`,
    place: place ? placeText(place) : null,
    asks,
    answer,
    pause,
    stop,
  };
}
