import {
  MORE_TIME_MS,
  SELF_ADVANCE_MS,
  TEST_DEFINITIONS,
  TEST_TASKS,
  type StepHelp,
  type TestId,
} from '@visus/core';
import { t, type MessageId, type MessageValues } from '@/lib/i18n/i18n';

/*
 * The display's help in the language shown (issue 20). Core's stepHelp composes its sentences in English
 * from the flow's facts; the web side maps the sentences it knows, word for word, to catalog ids
 * (test-run.json), and keeps any other sentence (the status screens' composed "what this asks", the
 * keyboard map's keys, the battery place) in core's English. A change of wording in core makes its
 * sentence fall back to English rather than show a stale translation (step-help-words.test.ts).
 */

const VALUES: MessageValues = { seconds: SELF_ADVANCE_MS / 1000, more: MORE_TIME_MS / 1000 };

/** Core's English sentence → its id, for the sentences the display's help shows. */
function sentenceIds(): ReadonlyMap<string, MessageId> {
  const entries: [string, MessageId][] = [
    ...(Object.keys(TEST_TASKS) as TestId[]).map((test): [string, MessageId] => [
      TEST_TASKS[test],
      `help.task.${test}`,
    ]),
    [
      'A letter is shown that you can turn. Turn it until its lines look sharpest, and choose that turn.',
      'help.task.axisLetter',
    ],
    [
      'Two line patterns are shown. Say which looks clearer, or that they look the same.',
      'help.task.axisPair',
    ],
    ['Press Space (or CONTINUE on your phone) when you are ready.', 'help.answer.continue'],
    ['Nothing to answer on this screen.', 'help.answer.nothing'],
    [
      'The test waits for each answer and has no time limit: you can rest whenever you like.',
      'help.pause.running',
    ],
    ['This screen waits for you: it does not move on by itself.', 'help.pause.waits'],
    [
      `This screen moves on by itself after ${VALUES.seconds} seconds. P pauses the countdown (P again starts it), M gives ${VALUES.more} seconds more; opening this help pauses it too.`,
      'help.pause.counts',
    ],
    ['Nothing moves on by itself here: the screen waits for you.', 'help.pause.none'],
    [
      'To stop, leave this page (the menu or Back) and confirm. Your answers so far stay on this device; the Tests page offers to go on later.',
      'help.stopText',
    ],
  ];
  return new Map(entries);
}

let ids: ReadonlyMap<string, MessageId> | null = null;

/** Core's sentence in the language shown when it is one the catalog holds, else core's English. */
export function helpSentence(sentence: string): string {
  const id = (ids ??= sentenceIds()).get(sentence);
  return id ? t(id, VALUES) : sentence;
}

/** The display's help of a step (core stepHelp) with the sentences the catalog holds translated. */
export function translatedHelp(help: StepHelp, test: TestId): StepHelp {
  return {
    ...help,
    title: t('help.title', { test: TEST_DEFINITIONS[test].name }),
    asks: helpSentence(help.asks),
    answer: helpSentence(help.answer),
    pause: helpSentence(help.pause),
    stop: helpSentence(help.stop),
  };
}
