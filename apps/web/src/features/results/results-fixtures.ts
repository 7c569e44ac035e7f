import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { ResultsList, StoredResult } from '@visus/contracts';
import { json } from '@/testing/fetch-mock';

/**
 * Test data for the results screens: stored results as GET /tests/results answers them. Only tests use
 * this file.
 */
export function storedResult(overrides: Partial<StoredResult> & { day?: string } = {}): StoredResult {
  const { day = '2026-11-20', ...rest } = overrides;
  const start = Date.parse(`${day}T10:00:00.000Z`);
  return {
    _id: `result-${day}`,
    session: null,
    createdAt: `${day}T10:20:00.000Z`,
    setup: {
      date: `${day}T10:00:00.000Z`,
      units: 'm',
      correction: 'None',
      testMode: true,
      singleTest: 'sloan',
    },
    data: {
      start,
      end: start + 754_000, // 00:12:34
      sloan: {
        right: { va: 0.3, rounds: 24, loopLength: 30, ci95: [0.2, 0.4] },
        left: { va: 0.1, rounds: 22, loopLength: 30 },
      },
    },
    ...rest,
  };
}

/** A full test: every kind of outcome. */
export function fullResult(): StoredResult {
  const base = storedResult({ day: '2026-11-21' });
  return {
    ...base,
    _id: 'result-full',
    setup: {
      date: '2026-11-21T10:00:00.000Z',
      units: 'ft',
      correction: 'Glasses',
      testMode: false,
      testA: ['sloan', 'duoChrome'],
      testB: ['diamond', 'astigAxis'],
      testC: ['spokeCircle', 'presbyopia'],
    },
    data: {
      ...base.data,
      sloan: { right: { va: 0, rounds: 21, loopLength: 30, ci95: [-0.1, 0.1] }, left: 0.2 },
      duoChrome: { right: ['red', 'green', 'red'], left: [] },
      astigAxis: { right: { endpoint: 90, firstResponseKey: 'left', secondResponseKey: 'same' } },
      diamond: { left: { selected: 3, rotation: 45, contrast: 8 } },
      spokeCircle: { right: { diff: 4.5, average: 120.333, acuityResults: [110, 120, 130, 118, 122, 122] } },
      presbyopia: { stereo: { add: 1.5, answer: -2.5, distance: 'Below 1.6m', age: 52 } },
    },
  };
}

/**
 * A Landolt C result whose right eye is a bound (docs/adr/0010): the person read the smallest line the
 * screen could draw at 0.6 m, "0.50 or better"; the left eye was measured.
 */
export function boundResult(day = '2026-11-21'): StoredResult {
  const base = storedResult({ day });
  return {
    ...base,
    _id: `result-bound-${day}`,
    setup: { ...base.setup, singleTest: 'landoltC' },
    data: {
      start: base.data.start,
      end: base.data.end,
      landoltC: {
        right: {
          va: 0.5,
          rounds: 12,
          loopLength: 30,
          logMAR: 0.5,
          ci95: [-1, 0.5],
          snellen: '6/19',
          censored: 'better-than',
          bound: 0.5,
          distanceMm: 600,
        },
        left: { va: 0.1, rounds: 21, loopLength: 30, logMAR: 0.1, ci95: [0, 0.2], distanceMm: 600 },
      },
    },
  };
}

/** A GET /tests/results answer. */
export function listReply(results: StoredResult[], total = results.length): Response {
  const data: ResultsList = { results, total };
  return json(200, { success: true, data });
}

/**
 * The rows of the results table named `name` once it is drawn: the rows come from a deferred render
 * (results-list.tsx), and until then the table is busy and shows skeleton rows.
 */
export async function shownRows(name: string): Promise<HTMLElement[]> {
  const table = await screen.findByRole('table', { name });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return within(table).getAllByRole('row');
}
