import type { DiamondEyeResult } from '../diamond/diamond';
import { diamondOutcome } from '../diamond/diamond-outcome';
import { CoreInputError } from '../errors/core-input-error';
import { TEST_IDS, testDefinition, type TestId } from '../flow/test-definitions';
import { axisFindingText, type AxisResult } from '../astigmatism/astigmatism-axis';
import { duochromeMeaning } from '../duochrome/duochrome';
import { formatDioptres } from '../presbyopia/presbyopia-add';
import { acuityMeasure, asEquivalent } from './acuity-measure';
import type { SpokeVisualAngle } from '../spoke/spoke-angle';
import type { SpokeEllipseFigures } from '../spoke/spoke-ellipse';
import { spokeAverageText, spokeSpreadText } from '../spoke/spoke-angle-text';
import { acuityNotations, qualified, type StoredAcuity } from './notation';
import type { ResultRecord, TestResults } from './results';

/** A stored result as the API answers it (GET /tests/results): the record plus id, session pin and time. */
export interface StoredResultRecord extends ResultRecord {
  _id: string;
  session: string | null;
  createdAt: string;
}

/** The eyes a result is kept under: right, left, or `stereo` (presbyopia, both eyes). */
export type ResultEye = 'right' | 'left' | 'stereo';

/** Acuity tests: their per-eye result is a logMAR value (SPEC.md §3). */
export const ACUITY_TEST_IDS = [
  'sloan',
  'landoltC',
  'tumblingE',
  'astigPower',
] as const satisfies readonly TestId[];
export type AcuityTestId = (typeof ACUITY_TEST_IDS)[number];

export function isAcuityTest(test: TestId): test is AcuityTestId {
  return (ACUITY_TEST_IDS as readonly string[]).includes(test);
}

/** One eye's outcome of one test, as stored. */
export interface EyeEntry {
  test: TestId;
  eye: ResultEye;
  value: unknown;
}

/** Every (test, eye, value) of a result's data, in the order of TEST_IDS, right before left. */
export function resultEntries(data: TestResults): EyeEntry[] {
  if (data === null || typeof data !== 'object') throw new CoreInputError('result data must be an object');
  const entries: EyeEntry[] = [];
  for (const test of TEST_IDS) {
    const perEye = data[test] as Partial<Record<ResultEye, unknown>> | undefined;
    if (!perEye) continue;
    for (const eye of ['right', 'left', 'stereo'] as const) {
      if (perEye[eye] !== undefined) entries.push({ test, eye, value: perEye[eye] });
    }
  }
  return entries;
}

/** Whether any acuity result in a result's data is a bound ("0.50 or better", docs/adr/0010). */
export function hasAcuityBound(data: TestResults): boolean {
  return resultEntries(data).some(
    ({ test, value }) =>
      isAcuityTest(test) && typeof value === 'object' && value !== null && 'censored' in value,
  );
}

/** The tests a result holds, in TEST_IDS order. */
export function resultTests(data: TestResults): TestId[] {
  return TEST_IDS.filter((id) => data[id] !== undefined);
}

const num = (n: number, digits: number) => String(Number(n.toFixed(digits)));
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * The key figure of one eye's outcome, as short text: acuity as Snellen (6/x in metres, 20/x in feet) and
 * logMAR, each followed by "or better" / "or worse" for a bound (Astigmatism Power as a grating acuity with
 * the Snellen equivalent: acuity-measure.ts); the axis finding ("no astigmatism found", "axis about 40°":
 * core axisFindingText); spoke averages and spreads in degrees of visual angle (canvas units in older
 * records, said so); Diamond's score and its meaning (an older record's one tile, angle and contrast); the
 * duochrome balance and answers (core duochromeMeaning); presbyopia add in dioptres.
 */
export function eyeFigure(test: TestId, value: unknown, units: string = 'm'): string {
  switch (test) {
    case 'sloan':
    case 'landoltC':
    case 'tumblingE':
    case 'astigPower': {
      // A bound says so after each notation: "6/19 or better (0.50 logMAR or better)".
      const n = acuityNotations(value as StoredAcuity);
      const snellen = units === 'ft' ? n.text.snellen20 : n.text.snellen6;
      const measure = acuityMeasure(test);
      // A grating acuity leads with its measure and logMAR; its Snellen line is only an equivalent.
      if (measure.equivalent) {
        return `${measure.kind} ${qualified(n, `${n.text.logMAR} logMAR`)} (${qualified(n, asEquivalent(measure, snellen))})`;
      }
      return `${qualified(n, snellen)} (${qualified(n, `${n.text.logMAR} logMAR`)})`;
    }
    case 'duoChrome': {
      const answers = value as readonly string[];
      if (answers.length === 0) return 'no answer';
      return `${lowerFirst(duochromeMeaning(answers).title)} (${answers.join(', ')})`;
    }
    case 'astigAxis':
      return lowerFirst(axisFindingText(value as AxisResult).title);
    case 'spokeCircle': {
      // Degrees of visual angle when recorded (issue 17); older records: canvas units, said so.
      const v = value as { average: number; diff: number; visualAngle?: SpokeVisualAngle };
      return `average ${spokeAverageText(v)}, spread ${spokeSpreadText(v)}`;
    }
    case 'spokeEllipse': {
      const v = value as SpokeEllipseFigures;
      const width = { average: v.averageWidth, diff: v.diffWidth, visualAngle: v.visualAngle };
      return `width ${spokeAverageText(width)}, spread ${spokeSpreadText(width)}; rotation ${num(v.averageRotation, 1)}° (spread ${num(v.diffRotation, 1)}°)`;
    }
    case 'diamond': {
      // The score and what it means (issue 17); an older record: its one round, rounds not recorded.
      const v = value as DiamondEyeResult;
      const outcome = diamondOutcome(v);
      return outcome.score
        ? outcome.short
        : `tile ${v.selected}, ${num(v.rotation, 1)}°, contrast ${num(v.contrast, 1)} (rounds not recorded)`;
    }
    case 'presbyopia': {
      const v = value as { add: number };
      return `add ${formatDioptres(v.add)}`;
    }
  }
}

/** One test in a headline: its name and each eye's key figure. */
export interface HeadlineTest {
  id: TestId;
  name: string;
  eyes: { eye: ResultEye; figure: string }[];
}

/** What a results list shows for one result: when, what was tested, and per-eye key figures. */
export interface ResultHeadline {
  date: string;
  tests: HeadlineTest[];
  /** One line, e.g. "Sloan: R 6/7.5 (0.10 logMAR), L 6/6 (0.00 logMAR) · DuoChrome: R red". */
  text: string;
}

const EYE_LETTER: Record<ResultEye, string> = { right: 'R', left: 'L', stereo: 'both' };

/** The headline summary of a result for the list view (SPEC.md §3 results, issue 7). */
export function resultHeadline(record: ResultRecord): ResultHeadline {
  if (!record || typeof record !== 'object' || !record.setup || !record.data) {
    throw new CoreInputError('a result needs setup and data');
  }
  const byTest = new Map<TestId, HeadlineTest>();
  for (const { test, eye, value } of resultEntries(record.data)) {
    let entry = byTest.get(test);
    if (!entry) {
      entry = { id: test, name: testDefinition(test).name, eyes: [] };
      byTest.set(test, entry);
    }
    entry.eyes.push({ eye, figure: eyeFigure(test, value, record.setup.units) });
  }
  const tests = [...byTest.values()];
  const text = tests
    .map((t) => `${t.name}: ${t.eyes.map((e) => `${EYE_LETTER[e.eye]} ${e.figure}`).join(', ')}`)
    .join(' · ');
  return { date: record.setup.date, tests, text };
}
