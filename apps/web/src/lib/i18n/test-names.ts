import type { TestId } from '@visus/core';
import { t, type MessageId } from './i18n';

/*
 * The tests' names in the language shown (issue 20), for every screen of the main app: the ids are in the
 * shell area, which the app loads before its first screen. Core's TEST_DEFINITIONS[test].name stays the
 * English name (SPEC.md, exports, results); the English catalog says exactly it (test-names.test.ts). The
 * phone, which does not load the shell, has its own copy in the controller area (controller-texts.ts).
 */

const TEST_NAME_IDS = {
  sloan: 'test.name.sloan',
  landoltC: 'test.name.landoltC',
  tumblingE: 'test.name.tumblingE',
  duoChrome: 'test.name.duoChrome',
  astigAxis: 'test.name.astigAxis',
  astigPower: 'test.name.astigPower',
  spokeCircle: 'test.name.spokeCircle',
  spokeEllipse: 'test.name.spokeEllipse',
  diamond: 'test.name.diamond',
  presbyopia: 'test.name.presbyopia',
} as const satisfies Readonly<Record<TestId, MessageId>>;

/** A test's name in the language shown (core TEST_DEFINITIONS[test].name in English). */
export function testName(test: TestId): string {
  return t(TEST_NAME_IDS[test]);
}
