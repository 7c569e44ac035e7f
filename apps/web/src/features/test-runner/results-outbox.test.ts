import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResultRecordBody } from '@visus/contracts';
import {
  backoffMs,
  confirmedSessionComplete,
  enqueueResult,
  flushOutbox,
  isConfirmed,
  OUTBOX_STORAGE_KEY,
  outboxEntry,
  outboxInMemoryOnly,
  readOutbox,
  retryEntry,
  startOutboxFlusher,
  type SendOutcome,
} from './results-outbox';

function record(session: string): ResultRecordBody {
  return {
    session,
    setup: {
      date: '2026-01-31T09:30:00.000Z',
      units: 'm',
      correction: 'None',
      testMode: false,
      singleTest: 'duoChrome',
    },
    data: { start: 1000, end: 2000, duoChrome: { right: ['red'], left: ['green'] } },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('results outbox', () => {
  it('stores the record before anything is sent, once per session', () => {
    enqueueResult(record('AAAAAAAA'), 10);
    enqueueResult(record('AAAAAAAA'), 20);
    const stored = JSON.parse(window.localStorage.getItem(OUTBOX_STORAGE_KEY) ?? '[]') as unknown[];
    expect(stored).toHaveLength(1);
    expect(outboxEntry('AAAAAAAA')).toMatchObject({ attempts: 0, nextAttemptAt: 10, rejected: false });
  });

  it('removes a record when the server confirms it', async () => {
    enqueueResult(record('BBBBBBBB'), 0);
    const send = vi.fn(async (): Promise<SendOutcome> => ({ ok: true }));
    await flushOutbox(send, () => 5);
    expect(send).toHaveBeenCalledWith(record('BBBBBBBB'));
    expect(readOutbox()).toEqual([]);
    expect(isConfirmed('BBBBBBBB')).toBe(true);
    // The sender did not say the session is complete: the screen completes it itself.
    expect(confirmedSessionComplete('BBBBBBBB')).toBe(false);
  });

  it("remembers that the server's answer completed the session (no second completion)", async () => {
    enqueueResult(record('HHHHHHHH'), 0);
    await flushOutbox(
      async () => ({ ok: true, sessionCompleted: true }),
      () => 5,
    );
    expect(isConfirmed('HHHHHHHH')).toBe(true);
    expect(confirmedSessionComplete('HHHHHHHH')).toBe(true);
  });

  it('keeps a record the network lost and retries after a growing delay', async () => {
    enqueueResult(record('CCCCCCCC'), 0);
    const send = vi.fn(async (): Promise<SendOutcome> => ({ ok: false, retry: true, error: 'Server Error' }));
    await flushOutbox(send, () => 100);
    expect(outboxEntry('CCCCCCCC')).toMatchObject({
      attempts: 1,
      nextAttemptAt: 1100,
      error: 'Server Error',
    });
    await flushOutbox(send, () => 1099); // not due yet
    expect(send).toHaveBeenCalledTimes(1);
    await flushOutbox(send, () => 1100);
    expect(outboxEntry('CCCCCCCC')).toMatchObject({ attempts: 2, nextAttemptAt: 3100 });
    expect([1, 2, 3, 7, 8, 20].map(backoffMs)).toEqual([1000, 2000, 4000, 60_000, 60_000, 60_000]);
  });

  it('keeps a refused record with the server message and sends it again only when asked', async () => {
    enqueueResult(record('DDDDDDDD'), 0);
    const send = vi.fn(async (): Promise<SendOutcome> => ({
      ok: false,
      retry: false,
      error: 'data.end must not be before data.start',
    }));
    await flushOutbox(send, () => 0);
    await flushOutbox(send, () => 999_999);
    expect(send).toHaveBeenCalledTimes(1);
    expect(outboxEntry('DDDDDDDD')).toMatchObject({
      rejected: true,
      error: 'data.end must not be before data.start',
    });
    retryEntry('DDDDDDDD', 0);
    await flushOutbox(send, () => 0);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('keeps flushing on its own until the server confirms, and when the browser comes back online', async () => {
    vi.useFakeTimers();
    enqueueResult(record('EEEEEEEE'));
    const outcomes: SendOutcome[] = [
      { ok: false, retry: true, error: 'Server Error' },
      { ok: false, retry: true, error: 'Server Error' },
      { ok: true },
    ];
    const send = vi.fn(async () => outcomes.shift()!);
    const stop = startOutboxFlusher(send);
    await vi.advanceTimersByTimeAsync(10);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000); // first retry after 1 s
    expect(send).toHaveBeenCalledTimes(2);
    // Back online: the 2-s wait is cut short.
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(10);
    expect(send).toHaveBeenCalledTimes(3);
    expect(readOutbox()).toEqual([]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(send).toHaveBeenCalledTimes(3);
    stop();
  });

  it('sends a record once even when two flushers run', async () => {
    enqueueResult(record('FFFFFFFF'), 0);
    let release: (outcome: SendOutcome) => void = () => {};
    const send = vi.fn(() => new Promise<SendOutcome>((resolve) => (release = resolve)));
    const first = flushOutbox(send, () => 0);
    const second = flushOutbox(send, () => 0);
    release({ ok: true });
    await Promise.all([first, second]);
    expect(send).toHaveBeenCalledTimes(1);
  });

  // Last: once storage has refused, this module keeps its outbox in memory for the page's life.
  it('keeps and sends a record in memory when local storage refuses it', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      expect(() => enqueueResult(record('GGGGGGGG'), 0)).not.toThrow();
      expect(outboxInMemoryOnly()).toBe(true);
      expect(outboxEntry('GGGGGGGG')).toMatchObject({ attempts: 0 });
      const send = vi.fn(async (): Promise<SendOutcome> => ({ ok: true }));
      await flushOutbox(send, () => 0);
      expect(send).toHaveBeenCalledWith(record('GGGGGGGG'));
      expect(isConfirmed('GGGGGGGG')).toBe(true);
    } finally {
      setItem.mockRestore();
    }
  });
});
