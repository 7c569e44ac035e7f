import type { StoredResultRecord } from './summary';

/*
 * Stored results covering every test and every shape the exports meet (issue 24): with and without a
 * correction, an older record's free-text correction, test mode, older records without newer fields, bounds
 * at both ends of the scale and a bare logMAR number. Test data only (the exporters' tests and the
 * validator's); nothing in the app imports it.
 */

/** When the sample tests began. */
export const TEST_START = Date.UTC(2026, 0, 31, 9, 30);
const start = TEST_START;

/** The export options the FHIR tests use (the deployment's identifier base and the bundle's time). */
export const FHIR_TEST_OPTIONS = { base: 'https://visus.test', timestamp: '2026-02-01T08:00:00.000Z' };

/** One stored result with an acuity record, a bare logMAR, duochrome, an axis and a presbyopia answer. */
export const SAMPLE_RESULT: StoredResultRecord = {
  _id: '42',
  session: 'ABCDEFGH',
  createdAt: '2026-01-31T09:45:00.000Z',
  setup: {
    date: '2026-01-31T09:30:00.000Z',
    units: 'm',
    correction: 'None',
    testMode: false,
    testA: ['sloan'],
  },
  data: {
    start,
    end: start + 3_723_000,
    sloan: { right: { va: 0.1, rounds: 21, loopLength: 30, ci95: [0.02, 0.18] }, left: -0.1 },
    duoChrome: { right: ['red', 'green'] },
    astigAxis: { left: { endpoint: 90, firstResponseKey: 'left', secondResponseKey: null } },
    presbyopia: { stereo: { add: 1.25, answer: 3 } },
  },
};

/** A card calibration as a Chromium on Linux records it. */
export const TEST_CALIBRATION = {
  method: 'card' as const,
  pxPerMm: 3.7795,
  distanceMm: 600,
  devicePixelRatio: 1.25,
  gamma: 2.2,
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};
const round = (selected: number, gratingTile: number) => ({
  selected,
  gratingTile,
  correct: selected === gratingTile,
  rotation: [135, 0, 90, 45][selected - 1]! - 45,
  contrast: 8,
});
const visualAngle = { distanceMm: 600, sizes: [2.3, 2.5], average: 2.4, diff: 0.141 };

function stored(
  id: string,
  correction: string,
  data: StoredResultRecord['data'],
  extra: Partial<StoredResultRecord['setup']> = {},
): StoredResultRecord {
  return {
    _id: id,
    session: 'ABCDEFGH',
    createdAt: '2026-01-31T09:45:00.000Z',
    setup: { date: '2026-01-31T09:30:00.000Z', units: 'm', correction, testMode: false, ...extra },
    data: { start, end: start + 3_723_000, ...data },
  };
}

/** Every test, every correction, older and newer records: what a clinic might be sent. */
export const EXPORT_FIXTURES: readonly StoredResultRecord[] = [
  stored(
    'every-test',
    'Glasses',
    {
      sloan: { right: { va: 0.1, rounds: 21, loopLength: 30, ci95: [0.02, 0.18] }, left: -0.1 },
      landoltC: {
        right: { va: 0.3, rounds: 20, loopLength: 30 },
        left: { va: 0.5, rounds: 20, loopLength: 30 },
      },
      tumblingE: { right: { va: 0, rounds: 20, loopLength: 30, ci95: [-0.1, 0.1] } },
      astigPower: { right: { va: 0.3, rounds: 20, loopLength: 20, ci95: [0.2, 0.4] } },
      duoChrome: { right: ['red', 'red', 'same'], left: [] },
      astigAxis: {
        right: { endpoint: 90, firstResponseKey: 'same', secondResponseKey: 'same', finding: 'none-found' },
        left: { endpoint: 40, firstResponseKey: 'left', secondResponseKey: 'left', finding: 'axis' },
      },
      spokeCircle: {
        right: { average: 120, diff: 14.142, acuityResults: [110, 130], visualAngle },
        left: { average: 120, diff: 14.142, acuityResults: [110, 130] },
      },
      spokeEllipse: {
        right: {
          averageWidth: 80,
          averageRotation: 30,
          diffWidth: 4,
          diffRotation: 2,
          acuityResults: [{ width: 78, rotation: 29 }],
          visualAngle,
        },
      },
      diamond: {
        right: {
          ...round(4, 4),
          rounds: [round(1, 1), round(2, 2), round(4, 4)],
          score: { correct: 3, of: 3 },
        },
        left: { selected: 2, rotation: -45, contrast: 8 },
      },
      presbyopia: { stereo: { add: 1.5, answer: -2.5, distance: 'Below 1.6m', age: 52 } },
    },
    { calibration: TEST_CALIBRATION, testA: ['sloan'] },
  ),
  stored(
    'uncorrected',
    'None',
    { sloan: { right: { va: 0.2, rounds: 20, loopLength: 30 } } },
    { units: 'ft' },
  ),
  stored('lenses', 'Contact lenses', { tumblingE: { left: { va: 0.4, rounds: 20, loopLength: 30 } } }),
  stored('no-correction-given', '', { landoltC: { right: { va: 0.7, rounds: 20, loopLength: 30 } } }),
  stored('free-text', 'No glasses', {
    sloan: { left: { va: 0.26, rounds: 20, loopLength: 20, snellen: '6/11' } },
  }),
  stored('bounds', 'Glasses', {
    sloan: {
      right: { va: 0.5, rounds: 12, loopLength: 30, censored: 'better-than', bound: 0.5, distanceMm: 600 },
      left: { va: 1, rounds: 9, loopLength: 30, censored: 'worse-than', bound: 1 },
    },
  }),
  stored('extremes', 'None', {
    sloan: { right: { va: -0.3, rounds: 30, loopLength: 30 }, left: { va: 1.3, rounds: 30, loopLength: 30 } },
    presbyopia: { stereo: { add: 3, answer: -20 } },
  }),
  stored('crowded-with-distances', 'Glasses', {
    sloan: {
      right: { va: 0.2, rounds: 20, loopLength: 30, crowded: true },
      left: { va: 0.3, rounds: 20, loopLength: 30, crowded: true },
      viewing: { method: 'camera', distanceMm: 3000, minMm: 2900, maxMm: 3100 },
    },
    landoltC: {
      right: { va: 0.1, rounds: 20, loopLength: 30, crowded: false },
      viewing: { method: 'blind-spot', distanceMm: 620, minMm: 600, maxMm: 650 },
    },
    presbyopia: { stereo: { add: 1.5, answer: 0 }, viewing: { method: 'typed', distanceMm: 400 } },
    spokeCircle: {
      right: { average: 120, diff: 14.142, acuityResults: [110, 130], visualAngle },
      viewing: { method: 'typed', distanceMm: 600 },
    },
  }),
  stored('older-presbyopia', 'None', { presbyopia: { stereo: { add: 1.25, answer: 3 } } }),
  stored(
    'uncalibrated-gamma',
    'None',
    { spokeCircle: { right: { average: 100, diff: 3, acuityResults: [100] } } },
    { calibration: { ...TEST_CALIBRATION, gamma: null } },
  ),
  stored(
    'test-mode',
    'None',
    { sloan: { right: { va: 0.1, rounds: 20, loopLength: 30 } } },
    { testMode: true },
  ),
];
