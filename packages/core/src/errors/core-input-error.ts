/**
 * What was wrong with an input, as a kind a screen can say in its own words (issue 20: core stays
 * language-free; `message` is the English text for logs, the server and the tests):
 * - 'not-finite', 'out-of-range', 'not-integer', 'not-positive': a number check of the `require…` helpers
 *   (the facts hold the field when the caller names one, the bounds and the value given);
 * - 'prescription-off-grid': a presbyopia prescription off −20 … +20 D in 0.25 D steps (min, max, step);
 * - 'grating-does-not-fit': no grating of the acuity scale fits the screen (finest, coarsest logMAR);
 * - 'invalid': anything else (unknown ids, calls in the wrong order), said by `message` only.
 */
export type CoreInputErrorKind =
  | 'invalid'
  | 'not-finite'
  | 'out-of-range'
  | 'not-integer'
  | 'not-positive'
  | 'prescription-off-grid'
  | 'grating-does-not-fit';

/** The inputs a screen asks a person for, named so that it can say which one was wrong. */
export type CoreInputField = 'age' | 'prescription';

/** The facts of a {@link CoreInputError}: those its kind has. */
export interface CoreInputErrorFacts {
  readonly field?: CoreInputField;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  /** The value given (a number check: as received). */
  readonly value?: unknown;
  /** 'grating-does-not-fit': the finest and coarsest logMAR the screen could draw. */
  readonly finest?: number;
  readonly coarsest?: number;
}

/**
 * The one error type of core for bad input: out-of-range numbers, NaN, unknown ids, calls in the wrong
 * order. Callers (web, server) can tell it apart from bugs with `instanceof`; `kind` and `facts` say what
 * was wrong without words (a screen composes its own), `message` says it in English.
 */
export class CoreInputError extends Error {
  override readonly name = 'CoreInputError';
  readonly kind: CoreInputErrorKind;
  readonly facts: CoreInputErrorFacts;
  constructor(message: string, kind: CoreInputErrorKind = 'invalid', facts: CoreInputErrorFacts = {}) {
    super(message);
    this.kind = kind;
    this.facts = facts;
  }
}

/** Throws a {@link CoreInputError} unless `value` is a finite number; returns it otherwise. */
export function requireFinite(value: unknown, what: string, field?: CoreInputField): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new CoreInputError(`${what} must be a finite number, got ${String(value)}`, 'not-finite', {
      ...(field && { field }),
      value,
    });
  }
  return value;
}

/** Throws a {@link CoreInputError} unless `value` is a finite number in [min, max] (inclusive). */
export function requireInRange(
  value: unknown,
  min: number,
  max: number,
  what: string,
  field?: CoreInputField,
): number {
  const n = requireFinite(value, what, field);
  if (n < min || n > max)
    throw new CoreInputError(`${what} must be between ${min} and ${max}, got ${n}`, 'out-of-range', {
      ...(field && { field }),
      min,
      max,
      value: n,
    });
  return n;
}

/** Throws a {@link CoreInputError} unless `value` is an integer in [min, max] (inclusive). */
export function requireInteger(
  value: unknown,
  min: number,
  max: number,
  what: string,
  field?: CoreInputField,
): number {
  const n = requireInRange(value, min, max, what, field);
  if (!Number.isInteger(n))
    throw new CoreInputError(`${what} must be an integer, got ${n}`, 'not-integer', {
      ...(field && { field }),
      min,
      max,
      value: n,
    });
  return n;
}

/** Throws a {@link CoreInputError} unless `value` is a finite number greater than 0; returns it otherwise. */
export function requirePositive(value: unknown, what: string): number {
  const n = requireFinite(value, what);
  if (n <= 0)
    throw new CoreInputError(`${what} must be greater than 0, got ${n}`, 'not-positive', { value: n });
  return n;
}
