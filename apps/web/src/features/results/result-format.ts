import type { StoredResult } from '@visus/contracts';
import { TEST_DEFINITIONS, type TestId } from '@visus/core';

/** A test's name as people see it, e.g. 'Landolt C'. */
export function testName(id: TestId): string {
  return TEST_DEFINITIONS[id].name;
}

/** "20 Nov 2026, 10:32" in the reader's locale; '—' for an unreadable value. */
export function dateTime(value: string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** "20 Nov 2026" in the reader's locale. */
export function shortDay(value: string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** When a result was taken: its setup date (SPEC.md §3), else when it was stored. */
export function takenAt(result: Pick<StoredResult, 'setup' | 'createdAt'>): string {
  return result.setup.date || result.createdAt;
}
