/**
 * The one error type of core for bad input: out-of-range numbers, NaN, unknown ids, calls in the wrong
 * order. Callers (web, server) can tell it apart from bugs with `instanceof` and show `message` as is.
 */
export class CoreInputError extends Error {
  override readonly name = 'CoreInputError';
  constructor(message: string) {
    super(message);
  }
}

/** Throws a {@link CoreInputError} unless `value` is a finite number; returns it otherwise. */
export function requireFinite(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new CoreInputError(`${what} must be a finite number, got ${String(value)}`);
  }
  return value;
}

/** Throws a {@link CoreInputError} unless `value` is a finite number in [min, max] (inclusive). */
export function requireInRange(value: unknown, min: number, max: number, what: string): number {
  const n = requireFinite(value, what);
  if (n < min || n > max) throw new CoreInputError(`${what} must be between ${min} and ${max}, got ${n}`);
  return n;
}

/** Throws a {@link CoreInputError} unless `value` is an integer in [min, max] (inclusive). */
export function requireInteger(value: unknown, min: number, max: number, what: string): number {
  const n = requireInRange(value, min, max, what);
  if (!Number.isInteger(n)) throw new CoreInputError(`${what} must be an integer, got ${n}`);
  return n;
}

/** Throws a {@link CoreInputError} unless `value` is a finite number greater than 0; returns it otherwise. */
export function requirePositive(value: unknown, what: string): number {
  const n = requireFinite(value, what);
  if (n <= 0) throw new CoreInputError(`${what} must be greater than 0, got ${n}`);
  return n;
}
