import { describe, expect, it } from 'vitest';
import {
  INITIAL_FLOW_STATE,
  INITIAL_SPOKE_CIRCLE,
  recordDiamondRound,
  spokeSizeDegrees,
  submitSpokeCircle,
  transition,
  viewingFrom,
  withVisualAngle,
  type DiamondRound,
  type FlowState,
  type SpokeCircleResult,
} from '@visus/core';
import { resultRecordSchema } from '@visus/contracts';
import { buildResultRecord, hasResults } from './result-record';

/** 2026-01-31 09:30 UTC, ms. */
const T0 = Date.UTC(2026, 0, 31, 9, 30);
const battery = { pin: 'ABCDEFGH', units: 'm' as const, single: null, testMode: false };

function finished(flowA: FlowState['flowA']): FlowState {
  const loaded = transition(INITIAL_FLOW_STATE, { type: 'loadFlow', flowA });
  return { ...loaded, correction: 'Glasses', startedAt: T0, finishedAt: T0 + 60_000, saveRequested: true };
}

describe('buildResultRecord', () => {
  it('keeps the screen calibration snapshot in the setup, which the contract accepts', () => {
    const calibration = {
      method: 'card' as const,
      pxPerMm: 3.78,
      distanceMm: 600,
      devicePixelRatio: 1,
      gamma: null,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0',
    };
    const record = buildResultRecord(
      battery,
      finished(['sloan']),
      { start: T0, sloan: { right: 0.1 } },
      T0 + 99_999,
      calibration,
    );
    expect(record.setup.calibration).toEqual(calibration);
    expect(resultRecordSchema.parse(record).setup.calibration).toEqual(calibration);
    const without = buildResultRecord(battery, finished(['sloan']), { start: T0, sloan: { right: 0.1 } }, T0);
    expect(without.setup).not.toHaveProperty('calibration');
  });

  it('builds the SPEC.md §3 record of a full battery, which the results contract accepts', () => {
    const record = buildResultRecord(
      battery,
      finished(['sloan', 'duoChrome']),
      {
        start: T0,
        sloan: {
          right: { va: 0.1, rounds: 12, loopLength: 30 },
          left: { va: 0.2, rounds: 15, loopLength: 30 },
        },
        duoChrome: { right: ['red'], left: ['green'] },
      },
      T0 + 99_999,
    );
    expect(record).toEqual({
      session: 'ABCDEFGH',
      setup: {
        date: new Date(T0 + 60_000).toISOString(),
        units: 'm',
        correction: 'Glasses',
        testMode: false,
        testA: ['sloan', 'duoChrome'],
        testB: ['diamond', 'astigAxis'],
        testC: ['spokeCircle', 'presbyopia'],
      },
      data: {
        start: T0,
        end: T0 + 60_000,
        sloan: {
          right: { va: 0.1, rounds: 12, loopLength: 30 },
          left: { va: 0.2, rounds: 15, loopLength: 30 },
        },
        duoChrome: { right: ['red'], left: ['green'] },
      },
    });
    expect(resultRecordSchema.safeParse(record).success).toBe(true);
  });

  it('carries every Diamond round and the spoke visual angles as the panels record them', () => {
    const round = (selected: number, gratingTile: number): DiamondRound => ({
      selected,
      rotation: [135, 0, 90, 45][selected - 1]! - 45,
      contrast: 8,
      gratingTile,
      correct: selected === gratingTile,
    });
    let diamond = recordDiamondRound(undefined, 1, round(1, 1));
    diamond = recordDiamondRound(diamond, 2, round(2, 3));
    diamond = recordDiamondRound(diamond, 3, round(4, 4));
    const viewing = viewingFrom({ pixelsPerMm: 3.78, distanceMm: 600 }, 1, 2.2);
    let state = INITIAL_SPOKE_CIRCLE;
    let circle: SpokeCircleResult | null = null;
    for (const size of [150, 160, 170, 160, 150, 160])
      ({ state, result: circle } = submitSpokeCircle(state, size));
    const angles = circle!.acuityResults.map((u) => spokeSizeDegrees(u, 300, viewing));
    const spokeCircle = withVisualAngle(circle!, angles, viewing.distanceMm);
    const record = buildResultRecord(
      battery,
      finished(['sloan']),
      { start: T0, diamond: { right: diamond }, spokeCircle: { left: spokeCircle } },
      T0 + 99_999,
    );
    expect(record.data.diamond?.right).toEqual({
      selected: 4,
      rotation: 0,
      contrast: 8,
      rounds: [round(1, 1), round(2, 3), round(4, 4)],
      score: { correct: 2, of: 3 },
    });
    expect(record.data.spokeCircle?.left?.visualAngle?.sizes).toEqual(angles);
    expect(resultRecordSchema.safeParse(record).error?.issues).toBeUndefined();
  });

  it('names the single test, and only Part A in test mode', () => {
    const single = buildResultRecord(
      { ...battery, single: 'landoltC', testMode: true },
      finished(['landoltC']),
      { landoltC: { right: { va: 0, rounds: 9, loopLength: 30 } } },
      5000,
    );
    expect(single.setup).toEqual({
      date: new Date(T0 + 60_000).toISOString(),
      units: 'm',
      correction: 'Glasses',
      testMode: true,
      singleTest: 'landoltC',
    });
    const testMode = buildResultRecord(
      { ...battery, testMode: true },
      finished(['tumblingE', 'duoChrome']),
      {},
      0,
    );
    expect(testMode.setup).not.toHaveProperty('testB');
    expect(testMode.setup.testA).toEqual(['tumblingE', 'duoChrome']);
  });

  it('ends an interrupted test now, never before its start', () => {
    const flow = { ...finished(['sloan']), finishedAt: null, startedAt: 5000 };
    const record = buildResultRecord(battery, flow, { sloan: { right: 0.3 } }, 8000);
    expect(record.data).toMatchObject({ start: 5000, end: 8000 });
    expect(record.setup.date).toBe(new Date(8000).toISOString());
    expect(hasResults({ start: 1 })).toBe(false);
    expect(hasResults({ start: 1, sloan: {} })).toBe(true);
  });
});
