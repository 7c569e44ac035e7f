import { describe, expect, it } from 'vitest';
import { resultRecordSchema, resultsListQuerySchema, storedResultSchema } from './results.schema';

const start = Date.UTC(2026, 0, 31, 9, 30);
const valid = {
  session: 'ABCDEFGH',
  setup: {
    date: '2026-01-31T09:30:00.000Z',
    units: 'm',
    correction: 'Glasses',
    testMode: false,
    testA: ['sloan', 'duoChrome'],
    testB: ['astigAxis', 'astigPower'],
    testC: ['presbyopia'],
  },
  data: {
    start,
    end: start + 754_000,
    sloan: {
      right: { va: 0.1, rounds: 30, loopLength: 30, logMAR: 0.1, ci95: [0.02, 0.18], snellen: '6/7.5' },
      left: 0.2,
    },
    duoChrome: { right: ['red', 'green'], left: [] },
    astigAxis: { right: { endpoint: 90, firstResponseKey: 'left', secondResponseKey: null } },
    astigPower: { right: { va: 0.3, rounds: 20, loopLength: 20 } },
    spokeCircle: { left: { diff: 12, average: 201.5, acuityResults: [200, 190, 210, 205, 198, 206] } },
    spokeEllipse: {
      right: {
        diffWidth: 20,
        diffRotation: 30,
        averageWidth: 66.667,
        averageRotation: 85,
        acuityResults: [{ width: 60, rotation: 80 }],
      },
    },
    diamond: { right: { selected: 2, rotation: -45, contrast: 8 } },
    presbyopia: { stereo: { add: 1.25, answer: 3, distance: 'Between 1.6m and 1.9m', age: 47 } },
  },
};

function firstError(value: unknown): string | undefined {
  const result = resultRecordSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('resultRecordSchema', () => {
  it('accepts a full record as the client sends it', () => {
    expect(resultRecordSchema.parse(valid)).toEqual(valid);
  });

  it('accepts a presbyopia result stored before its reading distance and age were kept', () => {
    const older = { ...valid, data: { ...valid.data, presbyopia: { stereo: { add: 1.25, answer: 3 } } } };
    expect(resultRecordSchema.parse(older)).toEqual(older);
  });

  it('accepts an axis finding and a duochrome "same" (issue 17), and older axis records without a finding', () => {
    const record = {
      ...valid,
      data: {
        ...valid.data,
        duoChrome: { right: ['same', 'red', 'green'], left: ['same'] },
        astigAxis: {
          right: { endpoint: 90, firstResponseKey: 'same', secondResponseKey: 'same', finding: 'none-found' },
          left: { endpoint: 40, firstResponseKey: 'left', secondResponseKey: 'left' },
        },
      },
    };
    expect(resultRecordSchema.parse(record)).toEqual(record);
    for (const finding of ['none-found', 'axis', 'uncertain']) {
      const axis = { endpoint: 60, firstResponseKey: 'right', secondResponseKey: 'right', finding };
      expect(firstError({ ...valid, data: { ...valid.data, astigAxis: { right: axis } } })).toBeUndefined();
    }
    // The rotating letter's answer (issue 23): one of three, optional for older records.
    for (const letter of ['horizontal', 'vertical', 'none']) {
      const axis = {
        endpoint: 180,
        firstResponseKey: 'same',
        secondResponseKey: 'same',
        finding: 'axis',
        letter,
      };
      expect(firstError({ ...valid, data: { ...valid.data, astigAxis: { right: axis } } })).toBeUndefined();
    }
    const badLetter = { endpoint: 180, firstResponseKey: 'same', secondResponseKey: 'same', letter: 'up' };
    expect(firstError({ ...valid, data: { ...valid.data, astigAxis: { right: badLetter } } })).toMatch(
      /astigAxis\.right\.letter must be one of/,
    );
    // 'not-recorded' is what a view says about an older record, never a stored value.
    const notRecorded = {
      endpoint: 60,
      firstResponseKey: 'right',
      secondResponseKey: 'right',
      finding: 'not-recorded',
    };
    expect(firstError({ ...valid, data: { ...valid.data, astigAxis: { right: notRecorded } } })).toMatch(
      /finding must be one of/,
    );
  });

  it('accepts a single-test record without a session', () => {
    const record = {
      setup: {
        date: '2026-01-31T09:30:00+01:00',
        units: 'ft',
        correction: '',
        testMode: true,
        singleTest: 'landoltC',
      },
      data: { start, end: start, landoltC: { left: { va: -0.1, rounds: 12, loopLength: 30 } } },
    };
    expect(resultRecordSchema.safeParse(record).success).toBe(true);
  });

  it.each([
    [
      { data: { ...valid.data, sloan: { right: { va: 'x', rounds: 1, loopLength: 1 } } } },
      'data.sloan.right.va must be a number',
    ],
    [
      { data: { ...valid.data, sloan: { right: 'x' } } },
      'data.sloan.right must be a logMAR number or { va, rounds, loopLength }',
    ],
    [
      { data: { ...valid.data, sloan: { right: { va: 0.1, rounds: 1.5, loopLength: 30 } } } },
      'data.sloan.right.rounds must be a whole number',
    ],
    [{ data: { ...valid.data, end: start - 1 } }, 'data.end must not be before data.start'],
    [{ data: { start, end: start } }, 'data must hold at least one test'],
    [
      { data: { ...valid.data, duoChrome: { right: ['blue'] } } },
      "data.duoChrome.right answers must be 'red', 'green' or 'same'",
    ],
    [
      {
        data: {
          ...valid.data,
          astigAxis: {
            right: { endpoint: 90, firstResponseKey: 'same', secondResponseKey: 'same', finding: 'none' },
          },
        },
      },
      "data.astigAxis.right.finding must be one of 'none-found', 'axis', 'uncertain'",
    ],
    [
      {
        data: {
          ...valid.data,
          astigAxis: {
            right: { endpoint: 90, firstResponseKey: 'same', secondResponseKey: 'same', finding: null },
          },
        },
      },
      "data.astigAxis.right.finding must be one of 'none-found', 'axis', 'uncertain'",
    ],
    [
      { data: { ...valid.data, diamond: { right: { selected: 5, rotation: 0, contrast: 8 } } } },
      'data.diamond.right.selected must be between 1 and 4',
    ],
    [
      { data: { ...valid.data, presbyopia: { stereo: { add: null, answer: 1 } } } },
      'data.presbyopia.stereo.add must be a number',
    ],
    [
      { data: { ...valid.data, presbyopia: { stereo: { add: 1, answer: 1, distance: '2m' } } } },
      "data.presbyopia.stereo.distance must be one of 'Below 1.6m', 'Between 1.6m and 1.9m', 'Above 1.9m'",
    ],
    [
      { data: { ...valid.data, presbyopia: { stereo: { add: 1, answer: 1, age: 47.5 } } } },
      'data.presbyopia.stereo.age must be a whole number',
    ],
    [
      { data: { ...valid.data, presbyopia: { stereo: { add: 1, answer: 1, age: 131 } } } },
      'data.presbyopia.stereo.age must be between 0 and 130',
    ],
    [
      {
        data: {
          ...valid.data,
          astigAxis: { right: { endpoint: 200, firstResponseKey: null, secondResponseKey: null } },
        },
      },
      'data.astigAxis.right.endpoint must be between 0 and 180',
    ],
    [{ data: { ...valid.data, sloan: { middle: 0.1 } } }, 'Unrecognized key: "middle"'],
    [
      { setup: { ...valid.setup, correction: 'x'.repeat(65) } },
      'setup.correction must be at most 64 characters',
    ],
    [{ setup: { ...valid.setup, date: 'yesterday' } }, 'setup.date must be an ISO 8601 date-time'],
    [
      { setup: { ...valid.setup, date: '1999-12-31T23:59:59.999Z' } },
      'setup.date must be in the year 2000 or later',
    ],
    [{ setup: { ...valid.setup, date: '9999-12-31T00:00:00.000Z' } }, 'setup.date must not be in the future'],
    [
      { setup: { ...valid.setup, date: new Date(Date.now() + 2 * 86_400_000).toISOString() } },
      'setup.date must not be in the future',
    ],
    [{ setup: { ...valid.setup, singleTest: 'snellen' } }, 'test must be one of'],
    [{ setup: { ...valid.setup, units: 'cm' } }, "units must be 'm' or 'ft'"],
    [{ session: 'nope' }, 'Test session not found'],
  ])('refuses %j naming the field', (change, message) => {
    expect(firstError({ ...valid, ...change })).toContain(message);
  });

  it('accepts a test date from 2000 up to a day of clock skew ahead', () => {
    for (const date of ['2000-01-01T00:00:00.000Z', new Date(Date.now() + 3_600_000).toISOString()]) {
      expect(firstError({ ...valid, setup: { ...valid.setup, date } })).toBeUndefined();
    }
  });

  it('refuses an interval whose low end exceeds the high end', () => {
    const data = {
      ...valid.data,
      sloan: { right: { va: 0.1, rounds: 30, loopLength: 30, ci95: [0.3, 0.1] } },
    };
    expect(firstError({ ...valid, data })).toBe('data.sloan.right.ci95 low must not exceed high');
  });

  describe('an acuity bound (ADR 0010)', () => {
    const bounded = {
      va: 0.5,
      rounds: 12,
      loopLength: 30,
      logMAR: 0.5,
      ci95: [-1, 0.5],
      snellen: '6/19',
      censored: 'better-than',
      bound: 0.5,
      distanceMm: 600,
    };
    const withEye = (right: unknown, test = 'sloan') => ({
      ...valid,
      data: { ...valid.data, [test]: { right } },
    });

    it('accepts a censored record, either side, on every acuity chart, and the same without logMAR', () => {
      for (const test of ['sloan', 'landoltC', 'tumblingE']) {
        expect(firstError(withEye(bounded, test))).toBeUndefined();
      }
      const worse = { ...bounded, va: 1, logMAR: 1, ci95: [1, 2.5], censored: 'worse-than', bound: 1 };
      expect(resultRecordSchema.parse(withEye(worse)).data.sloan?.right).toEqual(worse);
      expect(
        firstError(withEye({ va: 0.5, rounds: 3, loopLength: 3, censored: 'better-than', bound: 0.5 })),
      ).toBe(undefined);
    });

    it('keeps older records valid: no censored, bound or distance', () => {
      expect(firstError(withEye({ va: 0.1, rounds: 30, loopLength: 30, ci95: [0, 0.2] }))).toBeUndefined();
      expect(firstError(withEye(0.2))).toBeUndefined();
    });

    it.each([
      [{ bound: undefined }, 'data.sloan.right.bound is required when censored is set'],
      [{ censored: undefined }, 'data.sloan.right.censored is required when bound is set'],
      [{ bound: 2.6 }, 'data.sloan.right.bound must be between -1 and 2.5'],
      [{ bound: -1.2 }, 'data.sloan.right.bound must be between -1 and 2.5'],
      [{ bound: Number.NaN }, 'data.sloan.right.bound must be a number'],
      [{ bound: '0.5' }, 'data.sloan.right.bound must be a number'],
      [{ censored: 'better' }, "data.sloan.right.censored must be one of 'better-than', 'worse-than'"],
      [{ logMAR: 0.37 }, 'data.sloan.right.logMAR must equal bound (0.5) when censored is set'],
      [{ va: 0.37 }, 'data.sloan.right.va must equal bound (0.5) when censored is set'],
      [{ distanceMm: 100 }, 'data.sloan.right.distanceMm must be between 250 and 10000'],
    ])('refuses %j with a message naming the field', (change, message) => {
      expect(firstError(withEye({ ...bounded, ...change }))).toBe(message);
    });
  });

  it('refuses oversized lists', () => {
    const data = { ...valid.data, duoChrome: { right: Array.from({ length: 101 }, () => 'red') } };
    expect(firstError({ ...valid, data })).toContain('at most 100 answers');
  });
});

describe('setup.calibration (the screen calibration snapshot)', () => {
  const calibration = {
    method: 'card',
    pxPerMm: 3.78,
    distanceMm: 600,
    devicePixelRatio: 1,
    gamma: 2.2,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36',
  };
  const withCalibration = (value: unknown) => ({ ...valid, setup: { ...valid.setup, calibration: value } });

  it('accepts a snapshot, one with an uncalibrated gamma (null), and a record without one (older)', () => {
    expect(resultRecordSchema.parse(withCalibration(calibration))).toEqual(withCalibration(calibration));
    const gammaNull = { ...calibration, gamma: null };
    expect(resultRecordSchema.parse(withCalibration(gammaNull)).setup.calibration?.gamma).toBeNull();
    expect(resultRecordSchema.parse(valid).setup).not.toHaveProperty('calibration');
  });

  it.each([
    [{ pxPerMm: 0.1 }, 'setup.calibration.pxPerMm must be between 0.5 and 40'],
    [{ pxPerMm: '3.78' }, 'setup.calibration.pxPerMm must be a number'],
    [{ distanceMm: 20_000 }, 'setup.calibration.distanceMm must be between 250 and 10000'],
    [{ devicePixelRatio: 0 }, 'setup.calibration.devicePixelRatio must be between 0.25 and 10'],
    [{ gamma: 9 }, 'setup.calibration.gamma must be between 0.5 and 4'],
    [{ method: 'none' }, 'setup.calibration.method must be one of card, diagonal'],
    [{ userAgent: 'x'.repeat(513) }, 'setup.calibration.userAgent must be at most 512 characters'],
    [{ userAgent: 7 }, 'setup.calibration.userAgent must be a string'],
  ])('refuses %j with a message naming the field', (change, message) => {
    expect(firstError(withCalibration({ ...calibration, ...change }))).toBe(message);
  });

  it('refuses a missing field, an unknown one and a non-object', () => {
    const { gamma: _gamma, ...noGamma } = calibration;
    expect(firstError(withCalibration(noGamma))).toContain('setup.calibration.gamma');
    const extra = resultRecordSchema.safeParse(withCalibration({ ...calibration, serial: 'x' }));
    expect(extra.success).toBe(false);
    expect(extra.error?.issues[0]?.path).toEqual(['setup', 'calibration']);
    expect(firstError(withCalibration('card'))).toMatch(/^setup.calibration must be an object/);
  });
});

describe('Diamond rounds and spoke visual angles (issue 17)', () => {
  const round = (selected: number, gratingTile: number) => ({
    selected,
    gratingTile,
    correct: selected === gratingTile,
    rotation: [135, 0, 90, 45][selected - 1]! - 45,
    contrast: 8,
  });
  const rounds = [round(4, 4), round(1, 2), round(3, 3)];
  const diamond = { selected: 3, rotation: 45, contrast: 8, rounds, score: { correct: 2, of: 3 } };
  const withDiamond = (right: unknown) => ({ ...valid, data: { ...valid.data, diamond: { right } } });
  const visualAngle = { distanceMm: 600, sizes: [2, 2.5, 3, 2.5, 2.5, 2.5], average: 2.5, diff: 0.316 };
  const circle = { ...valid.data.spokeCircle.left, visualAngle };
  const withCircle = (left: unknown) => ({ ...valid, data: { ...valid.data, spokeCircle: { left } } });

  it('accepts every Diamond round with its score, and an older record without them', () => {
    expect(resultRecordSchema.parse(withDiamond(diamond))).toEqual(withDiamond(diamond));
    expect(firstError(withDiamond({ selected: 3, rotation: 45, contrast: 8 }))).toBeUndefined();
  });

  it.each([
    [{ score: undefined }, 'data.diamond.right.score is required when rounds is set'],
    [{ rounds: undefined }, 'data.diamond.right.rounds is required when score is set'],
    [
      { score: { correct: 3, of: 3 } },
      'data.diamond.right.score must be { correct: 2, of: 3 }, the count of correct rounds',
    ],
    [
      { score: { correct: 2, of: 4 } },
      'data.diamond.right.score must be { correct: 2, of: 3 }, the count of correct rounds',
    ],
    [
      { rounds: [round(4, 4), { ...round(1, 2), correct: true }, round(3, 3)], score: { correct: 3, of: 3 } },
      'data.diamond.right.rounds[1].correct must be false (selected 1, grating tile 2)',
    ],
    [
      { rounds: [round(4, 4), round(1, 2), { ...round(3, 3), rotation: 0 }] },
      'data.diamond.right.rounds[2].rotation must be 45 for tile 3',
    ],
    [{ selected: 1, rotation: 90 }, "data.diamond.right.selected must equal the last round's (3)"],
    [{ rounds: [], score: { correct: 0, of: 1 } }, 'data.diamond.right.rounds must have at least 1 entry'],
    [
      { rounds: Array.from({ length: 21 }, () => round(3, 3)), score: { correct: 21, of: 21 } },
      'data.diamond.right.rounds must have at most 20 entries',
    ],
    [
      { rounds: [{ ...round(3, 3), gratingTile: 5 }] },
      'data.diamond.right.rounds[].gratingTile must be between 1 and 4',
    ],
    [
      { rounds: [{ ...round(3, 3), correct: 'yes' }] },
      'data.diamond.right.rounds[].correct must be true or false',
    ],
    [{ rounds: [{ ...round(3, 3), extra: 1 }] }, 'Unrecognized key: "extra"'],
  ])('refuses Diamond %j naming the field', (change, message) => {
    expect(firstError(withDiamond({ ...diamond, ...change }))).toBe(message);
  });

  it('accepts a spoke visual angle, and older records without one', () => {
    expect(resultRecordSchema.parse(withCircle(circle))).toEqual(withCircle(circle));
    expect(firstError(withCircle(valid.data.spokeCircle.left))).toBeUndefined();
    const ellipse = {
      ...valid.data.spokeEllipse.right,
      visualAngle: { distanceMm: 600, sizes: [0.9], average: 0.9, diff: 0 },
    };
    expect(
      firstError({ ...valid, data: { ...valid.data, spokeEllipse: { right: ellipse } } }),
    ).toBeUndefined();
  });

  it.each([
    [{ sizes: [2, 2.5, 3] }, 'data.spokeCircle.left.visualAngle.sizes must have one entry per round (6)'],
    [
      { average: 2.6 },
      'data.spokeCircle.left.visualAngle.average must be the mean of visualAngle.sizes (2.5)',
    ],
    [{ distanceMm: 100 }, 'data.spokeCircle.left.visualAngle.distanceMm must be between 250 and 10000'],
    [
      { sizes: [2, 2.5, 3, 2.5, 2.5, 200] },
      'data.spokeCircle.left.visualAngle.sizes[] must be between 0 and 180',
    ],
    [{ diff: -1 }, 'data.spokeCircle.left.visualAngle.diff must be between 0 and 180'],
    [{ degrees: 2 }, 'Unrecognized key: "degrees"'],
  ])('refuses a spoke visual angle with %j naming the field', (change, message) => {
    expect(firstError(withCircle({ ...circle, visualAngle: { ...visualAngle, ...change } }))).toBe(message);
  });
});

describe('storedResultSchema', () => {
  it('accepts the stored form', () => {
    const stored = {
      _id: '1',
      session: null,
      setup: valid.setup,
      data: valid.data,
      createdAt: '2026-01-31T09:43:00.000Z',
    };
    expect(storedResultSchema.parse(stored)).toEqual(stored);
  });

  it("checks setup and data with the very schemas a saved record is checked with (the save's answer relies on it)", () => {
    expect(storedResultSchema.shape.setup).toBe(resultRecordSchema.shape.setup);
    expect(storedResultSchema.shape.data).toBe(resultRecordSchema.shape.data);
  });
});

describe('resultsListQuerySchema', () => {
  it('defaults page and limit and coerces strings', () => {
    expect(resultsListQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(
      resultsListQuerySchema.parse({ page: '3', limit: '100', test: 'sloan', from: '2026-01-01' }),
    ).toEqual({
      page: 3,
      limit: 100,
      test: 'sloan',
      from: '2026-01-01',
    });
  });

  it.each([
    [{ page: '0' }, 'page must be a whole number from 1'],
    [{ page: 'abc' }, 'page must be a whole number'],
    [{ limit: '101' }, 'limit must be a whole number from 1 to 100'],
    [{ limit: '2.5' }, 'limit must be a whole number'],
    [{ from: 'last week' }, 'from must be an ISO date'],
    [{ to: '2026-02-30T25:00:00Z' }, 'to must be an ISO date'],
    [{ to: '2026-02-30' }, 'to must be an ISO date'],
    [{ from: '2026-01-01T10:00:00' }, 'from must be an ISO date'],
    [{ from: '2026-02-01', to: '2026-01-01' }, 'from must not be after to'],
    [{ test: 'snellen' }, 'test must be one of'],
    [{ sort: 'asc' }, 'Unrecognized key: "sort"'],
  ])('refuses %j naming the parameter', (query, message) => {
    const result = resultsListQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});
