import { describe, expect, it } from 'vitest';
import { NOT_RECORDED, browserName, calibrationText, reportDistance, reportHeaderFacts } from './report';
import { resultCalibration } from './calibration-snapshot';
import type { ResultCalibration, ResultRecord } from './results';
import { USER_AGENT_MAX_LENGTH } from './results';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const calibration: ResultCalibration = {
  method: 'card',
  pxPerMm: 3.7795,
  distanceMm: 600,
  devicePixelRatio: 1,
  gamma: 2.2,
  userAgent: CHROME_LINUX,
};

const record = (
  over: Partial<ResultRecord['setup']> = {},
  data: ResultRecord['data'] = {},
): ResultRecord => ({
  setup: { date: '2026-11-25T10:00:00.000Z', units: 'm', correction: 'Glasses', testMode: false, ...over },
  data: { start: 0, end: 1, ...data },
});

const iso = (date: string) => `at ${date}`;

describe('reportHeaderFacts', () => {
  it('states the person, test, correction, distance and calibration of a new record', () => {
    const facts = reportHeaderFacts(
      record({ calibration }, { sloan: { right: { va: 0.1, rounds: 20, loopLength: 30, distanceMm: 600 } } }),
      { name: 'Ada Lovelace', dob: '1985-12-10' },
      iso,
    );
    expect(facts.map(({ label, value }) => ({ label, value }))).toEqual([
      { label: 'Name', value: 'Ada Lovelace' },
      { label: 'Date of birth', value: '10 December 1985 (40 at the test)' },
      { label: 'Tested', value: 'at 2026-11-25T10:00:00.000Z' },
      { label: 'Correction worn', value: 'Glasses' },
      { label: 'Viewing distance', value: '0.60 m' },
      { label: 'Screen calibration', value: '3.780 px/mm at 0.60 m (card method, device pixel ratio 1)' },
      { label: 'Display gamma', value: '2.20' },
      { label: 'Browser', value: 'Chrome 131 on Linux' },
    ]);
    // What each value is made of, for the screens that write it in another language (issue 20).
    expect(facts.map((f) => f.facts)).toEqual([
      { id: 'name', name: 'Ada Lovelace' },
      { id: 'dob', date: { year: 1985, month: 12, day: 10 }, ageAtTest: 40 },
      { id: 'tested' },
      { id: 'correction', correction: 'Glasses' },
      { id: 'distance', chartsMm: [600], calibrationMm: null },
      {
        id: 'calibration',
        calibration: { method: 'card', pxPerMm: 3.7795, distanceMm: 600, devicePixelRatio: 1 },
      },
      { id: 'gamma', recorded: true, gamma: 2.2 },
      { id: 'browser', recorded: true, browser: { name: 'Chrome 131', system: 'Linux' } },
    ]);
  });

  it('names the facts of what is not recorded, and of a calibration without charts or gamma', () => {
    const none = reportHeaderFacts(record({ correction: ' ' }), null, iso).map((f) => f.facts);
    expect(none).toEqual([
      { id: 'name', name: null },
      { id: 'dob', date: null, ageAtTest: null },
      { id: 'tested' },
      { id: 'correction', correction: null },
      { id: 'distance', chartsMm: [], calibrationMm: null },
      { id: 'calibration', calibration: null },
      { id: 'gamma', recorded: false, gamma: null },
      { id: 'browser', recorded: false, browser: null },
    ]);
    const bare = reportHeaderFacts(
      record({ calibration: { ...calibration, gamma: null, userAgent: ' ', distanceMm: 1200 } }),
      { dob: '2030-01-01' },
      iso,
    );
    expect(bare.map((f) => f.facts)).toContainEqual({ id: 'distance', chartsMm: [], calibrationMm: 1200 });
    expect(bare.map((f) => f.facts)).toContainEqual({ id: 'gamma', recorded: true, gamma: null });
    expect(bare.map((f) => f.facts)).toContainEqual({ id: 'browser', recorded: true, browser: null });
    // Born after the test: the date, no age.
    expect(bare[1]).toEqual({
      label: 'Date of birth',
      value: '1 January 2030',
      facts: { id: 'dob', date: { year: 2030, month: 1, day: 1 }, ageAtTest: null },
    });
    expect(bare.find((f) => f.label === 'Browser')?.value).toBe('unknown browser');
    expect(bare.find((f) => f.label === 'Display gamma')?.value).toBe('not calibrated (gamma 1 assumed)');
  });

  it('says "not recorded" for what an older record or the account does not hold', () => {
    const facts = reportHeaderFacts(
      record({ correction: '' }, { sloan: { right: 0.2 } }),
      { name: ' ' },
      iso,
    );
    const value = (label: string) => facts.find((f) => f.label === label)?.value;
    expect(value('Name')).toBe(NOT_RECORDED);
    expect(value('Date of birth')).toBe(NOT_RECORDED);
    expect(value('Correction worn')).toBe('None stated');
    expect(value('Viewing distance')).toBe(NOT_RECORDED);
    expect(value('Screen calibration')).toBe(NOT_RECORDED);
    expect(value('Display gamma')).toBe(NOT_RECORDED);
    expect(value('Browser')).toBe(NOT_RECORDED);
    expect(reportHeaderFacts(record(), null, iso)[0]?.value).toBe(NOT_RECORDED);
  });

  it('counts the age on the test day, not today', () => {
    // Tested on 2026-11-25: the day before the 41st birthday, and on it.
    expect(reportHeaderFacts(record(), { dob: '1985-11-26' }, iso)[1]?.value).toBe(
      '26 November 1985 (40 at the test)',
    );
    expect(reportHeaderFacts(record(), { dob: '1985-11-25' }, iso)[1]?.value).toBe(
      '25 November 1985 (41 at the test)',
    );
  });
});

describe('reportDistance', () => {
  it('prefers the distances the charts were drawn for, listing each once', () => {
    const r = record(
      { calibration: { ...calibration, distanceMm: 1200 } },
      {
        sloan: { right: { va: 0.1, rounds: 20, loopLength: 30, distanceMm: 600 } },
        landoltC: { left: { va: 0.1, rounds: 20, loopLength: 30, distanceMm: 600 } },
        tumblingE: { right: { va: 0.1, rounds: 20, loopLength: 30, distanceMm: 3000 } },
      },
    );
    expect(reportDistance(r)).toBe('0.60 m, 3.00 m');
  });

  it('falls back on the calibration’s distance, then on "not recorded"', () => {
    expect(
      reportDistance(
        record({ calibration }, { diamond: { right: { selected: 1, rotation: 0, contrast: 8 } } }),
      ),
    ).toBe('0.60 m (the screen calibration’s)');
    expect(reportDistance(record())).toBe(NOT_RECORDED);
  });
});

describe('resultCalibration', () => {
  it('snapshots the calibration, gamma and user agent the test drew with', () => {
    expect(
      resultCalibration({ method: 'diagonal', pixelsPerMm: 4.2, distanceMm: 800 }, 2, 2.2, CHROME_LINUX),
    ).toEqual({
      method: 'diagonal',
      pxPerMm: 4.2,
      distanceMm: 800,
      devicePixelRatio: 2,
      gamma: 2.2,
      userAgent: CHROME_LINUX,
    });
  });

  it('records an uncalibrated gamma as null and cuts a long user agent', () => {
    const snapshot = resultCalibration(
      { method: 'card', pixelsPerMm: 4, distanceMm: 600 },
      1,
      1,
      'x'.repeat(2000),
    );
    expect(snapshot.gamma).toBeNull();
    expect(snapshot.userAgent).toHaveLength(USER_AGENT_MAX_LENGTH);
    expect(calibrationText(snapshot)).toBe('4.000 px/mm at 0.60 m (card method, device pixel ratio 1)');
  });
});

describe('browserName', () => {
  it.each([
    [CHROME_LINUX, 'Chrome 131 on Linux'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      'Edge 131 on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0',
      'Firefox 132 on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari 17 on iPhone',
    ],
    ['SomeKiosk/1.0', 'SomeKiosk'],
    ['', 'unknown browser'],
  ])('names %s', (ua, expected) => {
    expect(browserName(ua)).toBe(expected);
  });
});
