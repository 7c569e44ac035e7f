import { RESULTS_PAGE_LIMITS } from '@visus/contracts';
import { TEST_IDS, type TestId } from '@visus/core';
import type { ResultFilters } from './results-api';

/** Rows per page the list offers; the server allows up to {@link RESULTS_PAGE_LIMITS.maxLimit}. */
export const ROWS_PER_PAGE = [10, RESULTS_PAGE_LIMITS.defaultLimit, 50] as const;

/**
 * What the results screen shows, kept in the URL so a result or a filtered page can be bookmarked and the
 * back button returns to the same page of the list: `id` opens one result; `page`, `limit`, `test`, `from`
 * and `to` (local calendar days, YYYY-MM-DD) describe the list.
 */
export interface ResultsView {
  id: string | null;
  page: number;
  limit: number;
  test: TestId | null;
  from: string | null;
  to: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD that names a real calendar day, else null. */
function day(value: string | null): string | null {
  if (value === null || !DAY.test(value)) return null;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? value : null;
}

/** Reads the view from the query string; anything malformed falls back to the default. */
export function readView(params: URLSearchParams): ResultsView {
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const test = params.get('test');
  return {
    id: params.get('id') || null,
    page: Number.isInteger(page) && page >= 1 && page <= RESULTS_PAGE_LIMITS.maxPage ? page : 1,
    limit: (ROWS_PER_PAGE as readonly number[]).includes(limit) ? limit : RESULTS_PAGE_LIMITS.defaultLimit,
    test: (TEST_IDS as readonly (string | null)[]).includes(test) ? (test as TestId) : null,
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
}

/** The query string of a view, without defaults, so plain URLs stay plain. */
export function writeView(view: Partial<ResultsView>): URLSearchParams {
  const out = new URLSearchParams();
  if (view.id) out.set('id', view.id);
  if (view.page && view.page > 1) out.set('page', String(view.page));
  if (view.limit && view.limit !== RESULTS_PAGE_LIMITS.defaultLimit) out.set('limit', String(view.limit));
  if (view.test) out.set('test', view.test);
  if (view.from) out.set('from', view.from);
  if (view.to) out.set('to', view.to);
  return out;
}

/**
 * The API filters of a view: the local days become an inclusive instant range, from the start of `from`
 * to the last millisecond of `to` in the person's time zone.
 */
export function viewFilters(view: Pick<ResultsView, 'test' | 'from' | 'to'>): ResultFilters {
  const filters: ResultFilters = {};
  if (view.test) filters.test = view.test;
  if (view.from) filters.from = new Date(`${view.from}T00:00:00`).toISOString();
  if (view.to) filters.to = new Date(`${view.to}T23:59:59.999`).toISOString();
  return filters;
}
