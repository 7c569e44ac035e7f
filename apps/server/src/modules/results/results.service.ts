import type { Kysely } from 'kysely';
import {
  RESULT_NOT_FOUND,
  type ResultRecordBody,
  type ResultsList,
  type ResultsListParams,
  type StoredResult,
} from '@visus/contracts';
import type { Database, UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { SessionsService } from '../sessions/sessions.service';
import { withJsonKey } from '../../lib/json-key';
import {
  ResultsRepository,
  type ResultRow,
  type ResultsFilter,
  type ResultTextRow,
} from './results.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

export function toStoredResult(row: ResultRow): StoredResult {
  return {
    _id: row.id,
    session: row.session_id,
    setup: row.setup as StoredResult['setup'],
    data: row.data as StoredResult['data'],
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * A stored result of a page read as text (ResultsRepository.page): its setup and data are parsed when
 * first read, and it carries a key for the validated-JSON memo (lib/json-key.ts) made of its id and the
 * database's text of its columns, so that a result the memo knows is answered without being parsed or
 * stringified. The key spells out every field (jsonb has one text per value), so it is a function of the
 * value and no two values share one. Enumerated, stringified and checked, it is the same as toStoredResult's.
 */
export function storedResultOfText(row: ResultTextRow): StoredResult {
  const parsed: { setup?: StoredResult['setup']; data?: StoredResult['data'] } = {};
  const result = { _id: row.id, session: row.session_id } as StoredResult;
  Object.defineProperties(result, {
    setup: {
      enumerable: true,
      get: () => (parsed.setup ??= JSON.parse(row.setup_text) as StoredResult['setup']),
    },
    data: {
      enumerable: true,
      get: () => (parsed.data ??= JSON.parse(row.data_text) as StoredResult['data']),
    },
  });
  result.createdAt = row.created_at.toISOString();
  const key = `{"_id":${JSON.stringify(row.id)},"session":${JSON.stringify(row.session_id)},"setup":${row.setup_text},"data":${row.data_text},"createdAt":"${result.createdAt}"}`;
  return withJsonKey(result, key);
}

/**
 * from/to of the list query as instants: a date-time is used as given (both ends inclusive); a date
 * (YYYY-MM-DD) means that whole day in UTC, so `to=2026-01-31` includes everything on the 31st.
 */
export function listFilter(query: Pick<ResultsListParams, 'from' | 'to' | 'test'>): ResultsFilter {
  const filter: ResultsFilter = {};
  if (query.from) filter.from = new Date(Date.parse(query.from));
  if (query.to) {
    const to = Date.parse(query.to);
    if (DATE_ONLY.test(query.to)) {
      filter.to = new Date(to + DAY_MS);
      filter.toExclusive = true;
    } else filter.to = new Date(to);
  }
  if (query.test) filter.test = query.test;
  return filter;
}

/** Stored test results: saving exactly once per session, owner-only reads, paging and filters. */
export class ResultsService {
  readonly repository: ResultsRepository;
  private readonly sessions: SessionsService;

  constructor(deps: { db: Kysely<Database>; sessions: SessionsService }) {
    this.repository = new ResultsRepository(deps.db);
    this.sessions = deps.sessions;
  }

  /**
   * Saves a validated record (PUT /tests/results). With a session: it must be the caller's (else the same
   * 404 as an unknown pin), the result is stored at most once per session — a repeat answers the stored
   * one — and the session is completed if it was still open. `created` tells the route which status to
   * send; `completedPin` is set when this call completed an open session (the route closes its room).
   */
  async save(
    user: UserRow,
    record: ResultRecordBody,
  ): Promise<{ result: StoredResult; created: boolean; completedPin: string | null }> {
    let wasOpen = false;
    if (record.session !== undefined) {
      const session = await this.sessions.get(user, record.session); // 404 unless it is the caller's
      wasOpen = session.status !== 'completed';
    }
    const { row, created } = await this.repository.insertOnce({
      userId: user.id,
      sessionId: record.session ?? null,
      setup: record.setup,
      data: record.data,
      testedAt: new Date(Date.parse(record.setup.date)),
    });
    let completedPin: string | null = null;
    if (record.session !== undefined && wasOpen) {
      await this.sessions.complete(user, record.session);
      completedPin = record.session;
    }
    return { result: toStoredResult(row), created, completedPin };
  }

  /** A page of the caller's results, newest first, with the total matching the filters. */
  async list(user: UserRow, query: ResultsListParams): Promise<ResultsList> {
    return this.listOf(user.id, query);
  }

  /**
   * A page of an account's results, newest first. Only for a caller already allowed to read them: the
   * owner (list) or a clinician the owner consented to (ClinicService).
   */
  async listOf(userId: string, query: ResultsListParams): Promise<ResultsList> {
    const { page, limit } = query;
    const { rows, total } = await this.repository.page(userId, listFilter(query), {
      limit,
      offset: (page - 1) * limit,
    });
    return { results: rows.map(storedResultOfText), total };
  }

  /** One of the caller's results; another account's id and malformed ids get the same 404. */
  async get(user: UserRow, id: string): Promise<StoredResult> {
    if (!UUID.test(id)) throw new HttpError(404, RESULT_NOT_FOUND);
    const row = await this.repository.findOwned(user.id, id);
    if (!row) throw new HttpError(404, RESULT_NOT_FOUND);
    return toStoredResult(row);
  }

  /** Every result of an account, newest first (for the account's data export). */
  async all(userId: string): Promise<StoredResult[]> {
    return (await this.repository.all(userId)).map(toStoredResult);
  }
}
