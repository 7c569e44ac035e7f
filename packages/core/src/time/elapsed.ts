import { CoreInputError, requireFinite } from '../errors/core-input-error';

/**
 * Elapsed time between two instants as HH:MM:SS (SPEC.md §9), whole seconds rounded down; hours keep
 * counting past 24 (e.g. "25:00:00"). Both instants in ms on the same clock; `end` must not be before
 * `start`.
 */
export function formatElapsed(startMs: number, endMs: number): string {
  const start = requireFinite(startMs, 'start (ms)');
  const end = requireFinite(endMs, 'end (ms)');
  if (end < start) throw new CoreInputError(`end (${end}) is before start (${start})`);
  const total = Math.floor((end - start) / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}
