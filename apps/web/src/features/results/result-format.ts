import type { StoredResult } from '@visus/contracts';
import { resultIsCrowded, TEST_DEFINITIONS, type StoredAcuity, type TestId } from '@visus/core';

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

/**
 * Whether a result's `test` was taken crowded (bars around each letter, SPEC.md §3 `crowding`): only the
 * letter charts can be; records stored before crowding was kept read as not crowded.
 */
export function takenCrowded(data: StoredResult['data'], test: TestId): boolean {
  if (test !== 'sloan' && test !== 'tumblingE' && test !== 'landoltC') return false;
  const perEye: { right?: StoredAcuity; left?: StoredAcuity } | undefined = data[test];
  return perEye !== undefined && resultIsCrowded(perEye);
}
