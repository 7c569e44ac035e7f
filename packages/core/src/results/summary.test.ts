import { describe, expect, it } from 'vitest';
import { eyeFigure, hasAcuityBound, resultEntries, resultHeadline, resultTests } from './summary';
import type { ResultRecord } from './results';

const record: ResultRecord = {
  setup: { date: '2026-01-31T09:30:00.000Z', units: 'ft', correction: 'None', testMode: false },
  data: {
    start: 0,
    end: 1000,
    sloan: { right: { va: 0.3, rounds: 20, loopLength: 30 }, left: 0 },
    spokeCircle: { left: { diff: 12, average: 201.5, acuityResults: [] } },
    diamond: { right: { selected: 2, rotation: -45, contrast: 8 } },
  },
};

describe('resultEntries / resultTests', () => {
  it('lists tests in TEST_IDS order and eyes right before left', () => {
    expect(resultTests(record.data)).toEqual(['sloan', 'spokeCircle', 'diamond']);
    expect(resultEntries(record.data).map((e) => `${e.test}.${e.eye}`)).toEqual([
      'sloan.right',
      'sloan.left',
      'spokeCircle.left',
      'diamond.right',
    ]);
  });
});

describe('hasAcuityBound', () => {
  it('is true only when an acuity eye record is censored', () => {
    expect(hasAcuityBound(record.data)).toBe(false);
    const bound = { va: 0.5, rounds: 9, loopLength: 30, censored: 'better-than' as const, bound: 0.5 };
    expect(hasAcuityBound({ ...record.data, tumblingE: { left: bound } })).toBe(true);
    expect(hasAcuityBound({ landoltC: { right: 0.2, left: { va: 0.1, rounds: 1, loopLength: 1 } } })).toBe(
      false,
    );
  });
});

describe('eyeFigure', () => {
  it.each([
    ['sloan', 0.3, 'm', '6/12 (0.30 logMAR)'],
    ['sloan', 0.3, 'ft', '20/40 (0.30 logMAR)'],
    [
      'landoltC',
      { va: 0.5, rounds: 12, loopLength: 30, censored: 'better-than', bound: 0.5 },
      'm',
      '6/19 or better (0.50 logMAR or better)',
    ],
    [
      'tumblingE',
      { va: 1, rounds: 9, loopLength: 30, censored: 'worse-than', bound: 1, distanceMm: 600 },
      'ft',
      '20/200 or worse (1.00 logMAR or worse)',
    ],
    // An axis says its finding, never a bare "axis 90°" (issue 17).
    [
      'astigAxis',
      { endpoint: 92.5, firstResponseKey: null, secondResponseKey: null },
      'm',
      'finding not recorded (search ended at 92.5°)',
    ],
    [
      'astigAxis',
      { endpoint: 40, firstResponseKey: 'left', secondResponseKey: 'left', finding: 'axis' },
      'm',
      'axis about 40°',
    ],
    [
      'astigAxis',
      { endpoint: 90, firstResponseKey: 'same', secondResponseKey: 'same', finding: 'none-found' },
      'm',
      'no astigmatism found',
    ],
    // An older record whose first two answers were same, same: nothing else can have followed.
    [
      'astigAxis',
      { endpoint: 90, firstResponseKey: 'same', secondResponseKey: 'same' },
      'm',
      'no astigmatism found',
    ],
    [
      'astigAxis',
      { endpoint: 60, firstResponseKey: 'right', secondResponseKey: 'right', finding: 'uncertain' },
      'm',
      'uncertain: no consistent axis',
    ],
    // Astigmatism Power is a grating acuity: its Snellen line is only the equivalent (issue 17).
    ['astigPower', 0.3, 'm', 'grating acuity 0.30 logMAR (6/12 equivalent)'],
    [
      'astigPower',
      { va: 0.5, rounds: 12, loopLength: 20, censored: 'better-than', bound: 0.5 },
      'ft',
      'grating acuity 0.50 logMAR or better (20/63 equivalent or better)',
    ],
    ['duoChrome', ['red', 'red', 'green'], 'm', 'red side sharper (red, red, green)'],
    ['duoChrome', ['same'], 'm', 'balanced (same)'],
    [
      'spokeEllipse',
      { averageWidth: 66.667, averageRotation: 85, diffWidth: 20, diffRotation: 30, acuityResults: [] },
      'm',
      'width 66.7 canvas units (visual angle: not recorded), spread 20 canvas units; rotation 85° (spread 30°)',
    ],
    [
      'spokeEllipse',
      {
        averageWidth: 66.667,
        averageRotation: 85,
        diffWidth: 0,
        diffRotation: 30,
        acuityResults: [{ width: 66.667, rotation: 85 }],
        visualAngle: { distanceMm: 600, sizes: [1.684], average: 1.684, diff: 0 },
      },
      'm',
      'width 1.68° (visual angle at 0.60 m), spread 0°; rotation 85° (spread 30°)',
    ],
    [
      'spokeCircle',
      {
        average: 120,
        diff: 10,
        acuityResults: [110, 130],
        visualAngle: { distanceMm: 600, sizes: [2.3, 2.5], average: 2.4, diff: 0.141 },
      },
      'm',
      'average 2.4° (visual angle at 0.60 m), spread 0.14°',
    ],
    [
      'diamond',
      {
        selected: 3,
        rotation: 45,
        contrast: 8,
        rounds: [1, 2, 3].map((t) => ({
          selected: t,
          gratingTile: t,
          correct: true,
          rotation: [135, 0, 90][t - 1]! - 45,
          contrast: 8,
        })),
        score: { correct: 3, of: 3 },
      },
      'm',
      'grating found 3 of 3: seen at 8 % contrast',
    ],
    [
      'diamond',
      { selected: 2, rotation: -45, contrast: 8 },
      'm',
      'tile 2, -45°, contrast 8 (rounds not recorded)',
    ],
    ['duoChrome', [], 'm', 'no answer'],
    ['presbyopia', { add: -0.25, answer: 1 }, 'm', 'add −0.25 D'],
  ] as const)('%s %j in %s → %s', (test, value, units, text) => {
    expect(eyeFigure(test, value, units)).toBe(text);
  });
});

describe('resultHeadline', () => {
  it('summarises what was tested with per-eye key figures', () => {
    const headline = resultHeadline(record);
    expect(headline.date).toBe('2026-01-31T09:30:00.000Z');
    expect(headline.tests.map((t) => t.name)).toEqual(['Sloan', 'Spoke Circle', 'Diamond']);
    expect(headline.tests[0]?.eyes).toEqual([
      { eye: 'right', figure: '20/40 (0.30 logMAR)' },
      { eye: 'left', figure: '20/20 (0.00 logMAR)' },
    ]);
    expect(headline.text).toBe(
      'Sloan: R 20/40 (0.30 logMAR), L 20/20 (0.00 logMAR) · Spoke Circle: L average 201.5 canvas units (visual angle: not recorded), spread 12 canvas units · Diamond: R tile 2, -45°, contrast 8 (rounds not recorded)',
    );
  });

  it('refuses a record without data', () => {
    expect(() => resultHeadline({ setup: record.setup } as ResultRecord)).toThrow(/setup and data/);
  });
});
