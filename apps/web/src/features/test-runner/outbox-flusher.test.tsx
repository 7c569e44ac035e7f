import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ResultRecordBody } from '@visus/contracts';
import { currentUserReply, json, mockApi } from '@/testing/fetch-mock';
import { renderApp, signedInStore } from '@/testing/render';
import { isRetryable } from './outbox-flusher';
import { enqueueResult, outboxEntry, readOutbox } from './results-outbox';

const T0 = Date.UTC(2026, 0, 31, 9, 30);
const RECORD: ResultRecordBody = {
  session: 'WXYZ2345',
  setup: {
    date: new Date(T0).toISOString(),
    units: 'm',
    correction: 'None',
    testMode: false,
    singleTest: 'sloan',
  },
  data: { start: T0, end: T0 + 60_000, sloan: { right: { va: 0.1, rounds: 12, loopLength: 30 } } },
};

describe('ResultsOutboxFlusher', () => {
  it('tries again after network faults, timeouts, rate limits, server faults and a lost sign-in only', () => {
    expect(isRetryable({ status: 'FETCH_ERROR', error: 'Failed to fetch' })).toBe(true);
    expect([401, 408, 429, 500, 503].map((status) => isRetryable({ status }))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([400, 403, 404, 409].map((status) => isRetryable({ status }))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('sends a record left from an earlier visit as soon as the app starts signed in', async () => {
    enqueueResult(RECORD, 0);
    const seen = mockApi({
      'GET /auth/current': currentUserReply(),
      'PUT /tests/results': json(200, {
        success: true,
        data: { _id: 'r1', session: 'WXYZ2345', createdAt: '', ...RECORD },
      }),
    });
    renderApp('/info', { store: signedInStore('user') });
    await waitFor(() => expect(readOutbox()).toEqual([]));
    const puts = seen.filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toEqual(RECORD);
  });

  it('keeps a record the server refuses, with its message', async () => {
    enqueueResult(RECORD, 0);
    mockApi({
      'GET /auth/current': currentUserReply(),
      'PUT /tests/results': json(400, { success: false, error: 'data.sloan.right.va must be a number' }),
    });
    renderApp('/info', { store: signedInStore('user') });
    await waitFor(() => expect(outboxEntry('WXYZ2345')?.rejected).toBe(true));
    expect(outboxEntry('WXYZ2345')).toMatchObject({
      error: 'data.sloan.right.va must be a number',
      record: RECORD,
    });
  });
});
