import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, register, type Json, type TestApp } from '../../../../helpers/build-app';
import { expectSaveRefused, resultRecord } from '../../../../helpers/results';
import { canTestDatabase } from '../../../../helpers/test-database';

/*
 * Issue 17: Diamond keeps every round with its score, the spoke tests keep their sizes as visual angles.
 * The records are stored and read back whole; an inconsistent one is a 400 naming the field, and nothing
 * is stored. Older records without the new fields are covered by results.test.ts.
 */

const round = (selected: number, gratingTile: number) => ({
  selected,
  gratingTile,
  correct: selected === gratingTile,
  rotation: [135, 0, 90, 45][selected - 1]! - 45,
  contrast: 8,
});

const record = (tests: Json) =>
  resultRecord(tests, { date: '2026-01-31T09:30:00.000Z', setup: { testB: ['diamond'] } });

const diamond = {
  right: {
    selected: 3,
    rotation: 45,
    contrast: 8,
    rounds: [round(4, 4), round(1, 2), round(3, 3)],
    score: { correct: 2, of: 3 },
  },
  left: { selected: 2, rotation: -45, contrast: 8 }, // an older reader's shape still goes with it
};
const spokeCircle = {
  right: {
    diff: 10,
    average: 120,
    acuityResults: [110, 120, 130],
    visualAngle: { distanceMm: 600, sizes: [4.5, 4.9, 5.3], average: 4.9, diff: 0.4 },
  },
};
const spokeEllipse = {
  right: {
    diffWidth: 0,
    diffRotation: 0,
    averageWidth: 66.667,
    averageRotation: 90,
    acuityResults: [{ width: 66.667, rotation: 90 }],
    visualAngle: { distanceMm: 600, sizes: [1.684], average: 1.684, diff: 0 },
  },
};

describe.skipIf(!(await canTestDatabase()))('test results: Diamond rounds and spoke visual angles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('stores every Diamond round with its score and the spoke angles, and reads them back', async () => {
    const person = await register(t.app);
    const body = record({ diamond, spokeCircle, spokeEllipse });
    const res = await call(t.app, 'PUT', '/tests/results', { token: person.token, body });
    expect(res.status).toBe(201);
    const saved = res.body.data as { _id: string; data: Json };
    expect(saved.data).toEqual(body.data);
    const one = await call(t.app, 'GET', `/tests/results/${saved._id}`, { token: person.token });
    expect(one.status).toBe(200);
    expect((one.body.data as { data: Json }).data).toEqual(body.data);
    const list = await call(t.app, 'GET', '/tests/results?test=diamond', { token: person.token });
    expect((list.body.data as { results: { data: Json }[] }).results[0]?.data).toEqual(body.data);
  });

  it.each([
    [
      { diamond: { right: { ...diamond.right, score: { correct: 3, of: 3 } } } },
      'data.diamond.right.score must be { correct: 2, of: 3 }, the count of correct rounds',
    ],
    [
      {
        diamond: {
          right: { ...diamond.right, rounds: [round(4, 4), { ...round(1, 2), correct: true }, round(3, 3)] },
        },
      },
      'data.diamond.right.rounds[1].correct must be false (selected 1, grating tile 2)',
    ],
    [
      {
        spokeCircle: {
          right: { ...spokeCircle.right, visualAngle: { ...spokeCircle.right.visualAngle, distanceMm: 10 } },
        },
      },
      'data.spokeCircle.right.visualAngle.distanceMm must be between 250 and 10000',
    ],
    [
      {
        spokeEllipse: {
          right: { ...spokeEllipse.right, visualAngle: { ...spokeEllipse.right.visualAngle, sizes: [1, 2] } },
        },
      },
      'data.spokeEllipse.right.visualAngle.sizes must have one entry per round (1)',
    ],
  ])('refuses %j with a 400 naming the field and stores nothing', async (tests, message) => {
    await expectSaveRefused(t, record(tests), message);
  });
});
