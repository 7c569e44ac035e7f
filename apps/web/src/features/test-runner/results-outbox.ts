import type { ResultRecordBody } from '@visus/contracts';

/**
 * The results outbox: a finished test's record goes to localStorage FIRST, then to PUT /tests/results,
 * and leaves the outbox only when the server confirms. A lost network, a closed tab or a crash therefore
 * never loses a result: the flusher retries with backoff, also on the next start of the app. The server
 * stores one record per session, so sending twice still stores once.
 */

export const OUTBOX_STORAGE_KEY = 'visus.resultsOutbox';
/** First retry after 1 s, doubling to at most a minute. */
export const OUTBOX_BACKOFF_MS = { first: 1000, max: 60_000 } as const;
/** Fired on window whenever the outbox changes, so every flusher and screen looks again. */
const CHANGED_EVENT = 'visus:results-outbox';

export interface OutboxEntry {
  /** The session pin, or a local key for a record without a session. */
  key: string;
  record: ResultRecordBody;
  /** Failed attempts so far. */
  attempts: number;
  /** When the next attempt may run, ms since the epoch. */
  nextAttemptAt: number;
  /** The last failure's message, or null. */
  error: string | null;
  /** True when the server refused the record (400): it is kept, but not sent again by itself. */
  rejected: boolean;
}

/**
 * What a sender reports: saved (and whether the server's answer says the session is now complete, as it
 * is whenever a record of a session is stored), refused for good (with the server's message), or try
 * again later.
 */
export type SendOutcome =
  { ok: true; sessionCompleted?: boolean } | { ok: false; retry: boolean; error: string };

/** Delay before attempt number `attempts + 1`: 1 s, 2 s, 4 s … capped at a minute. */
export function backoffMs(attempts: number): number {
  return Math.min(OUTBOX_BACKOFF_MS.max, OUTBOX_BACKOFF_MS.first * 2 ** Math.max(0, attempts - 1));
}

/** The key a record is stored under: its session pin (one record per session), else its start time. */
export function outboxKey(record: ResultRecordBody): string {
  return record.session ?? `local-${record.data.start}`;
}

function isEntry(value: unknown): value is OutboxEntry {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Partial<OutboxEntry>;
  return typeof e.key === 'string' && typeof e.record === 'object' && e.record !== null;
}

/**
 * Entries kept in memory when localStorage refuses them (storage full, disabled or blocked): the record is
 * then still sent and retried for as long as this page lives, instead of being lost at once.
 */
let memoryEntries: OutboxEntry[] | null = null;

/** Whether the outbox lives only in memory because storage refused it (the screen warns about reloading). */
export function outboxInMemoryOnly(): boolean {
  return memoryEntries !== null;
}

/** The entries, oldest first; anything unreadable in storage is skipped (and kept out of the way). */
export function readOutbox(): OutboxEntry[] {
  if (memoryEntries) return memoryEntries;
  try {
    const raw = window.localStorage.getItem(OUTBOX_STORAGE_KEY);
    if (!raw) return [];
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function writeOutbox(entries: OutboxEntry[]): void {
  if (memoryEntries) memoryEntries = entries;
  else {
    try {
      window.localStorage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify(entries));
    } catch (error) {
      console.warn('The results outbox cannot use local storage; keeping it in memory', error);
      memoryEntries = entries;
    }
  }
  window.dispatchEvent(new Event(CHANGED_EVENT));
}

/**
 * Puts a record in the outbox and answers its key. A record of the same session already waiting is kept
 * as it is (the same session is saved once), unless it was refused: then the new one replaces it.
 * When storage refuses it, the outbox carries on in memory (see outboxInMemoryOnly).
 */
export function enqueueResult(record: ResultRecordBody, now = Date.now()): string {
  const key = outboxKey(record);
  const entries = readOutbox();
  const existing = entries.find((e) => e.key === key);
  if (existing && !existing.rejected) return key;
  const entry: OutboxEntry = { key, record, attempts: 0, nextAttemptAt: now, error: null, rejected: false };
  writeOutbox([...entries.filter((e) => e.key !== key), entry]);
  return key;
}

function update(key: string, change: (entry: OutboxEntry) => OutboxEntry | null): void {
  const entries = readOutbox();
  const next: OutboxEntry[] = [];
  for (const entry of entries) {
    if (entry.key !== key) next.push(entry);
    else {
      const changed = change(entry);
      if (changed) next.push(changed);
    }
  }
  writeOutbox(next);
}

/** Sends a refused record again (after the person asked to retry). */
export function retryEntry(key: string, now = Date.now()): void {
  update(key, (e) => ({ ...e, rejected: false, error: null, nextAttemptAt: now }));
}

/** The entry of `key`, or undefined when it is not (or no longer) waiting. */
export function outboxEntry(key: string): OutboxEntry | undefined {
  return readOutbox().find((e) => e.key === key);
}

/**
 * Keys the server confirmed during this page's life (for the screen waiting on its own record), each with
 * whether the answer said the session is complete.
 */
const confirmed = new Map<string, boolean>();
/** Keys being sent right now: one request per record at a time, however many flushers run. */
const inFlight = new Set<string>();

export function isConfirmed(key: string): boolean {
  return confirmed.has(key);
}

/** Whether the server's answer to `key`'s record said its session is complete (no need to complete it again). */
export function confirmedSessionComplete(key: string): boolean {
  return confirmed.get(key) === true;
}

/** Calls `listener` whenever the outbox changes (in this tab or another). */
export function subscribeOutbox(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === OUTBOX_STORAGE_KEY) listener();
  };
  window.addEventListener(CHANGED_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Sends every entry that is due, one at a time, oldest first. Confirmed entries leave the outbox;
 * refused ones stay with the server's message; others are retried after {@link backoffMs}.
 */
export async function flushOutbox(send: (record: ResultRecordBody) => Promise<SendOutcome>, now = Date.now) {
  for (const entry of readOutbox()) {
    if (entry.rejected || entry.nextAttemptAt > now() || inFlight.has(entry.key)) continue;
    inFlight.add(entry.key);
    try {
      const outcome = await send(entry.record);
      if (outcome.ok) {
        confirmed.set(entry.key, outcome.sessionCompleted === true);
        update(entry.key, () => null);
      } else {
        update(entry.key, (e) => ({
          ...e,
          attempts: e.attempts + 1,
          error: outcome.error,
          rejected: !outcome.retry,
          nextAttemptAt: now() + backoffMs(e.attempts + 1),
        }));
      }
    } finally {
      inFlight.delete(entry.key);
    }
  }
}

/**
 * Keeps flushing: now, whenever the outbox changes, when the browser comes back online, and when the
 * earliest retry is due. Answers a function that stops it.
 */
export function startOutboxFlusher(send: (record: ResultRecordBody) => Promise<SendOutcome>): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;

  const schedule = () => {
    clearTimeout(timer);
    const due = readOutbox().filter((e) => !e.rejected && !inFlight.has(e.key));
    if (stopped || due.length === 0) return;
    const wait = Math.max(0, Math.min(...due.map((e) => e.nextAttemptAt)) - Date.now());
    timer = setTimeout(run, wait);
  };

  async function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await flushOutbox(send);
      } while (again && !stopped);
    } finally {
      running = false;
      schedule();
    }
  }

  const unsubscribe = subscribeOutbox(() => void run());
  const online = () => {
    // Back online: whatever waits for its backoff may go now.
    for (const e of readOutbox()) if (!e.rejected && e.nextAttemptAt > Date.now()) retryEntry(e.key);
  };
  window.addEventListener('online', online);
  void run();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('online', online);
  };
}
