import { z } from 'zod';

/*
 * Field builders shared by the result schemas: each error message names the field it is about
 * (e.g. "data.sloan.right.va must be between -0.5 and 2"). Internal to this package (not in index.ts).
 */

export type Range = { readonly min: number; readonly max: number };

/** An object's own message for "not an object"; other issues (e.g. unknown keys) keep zod's wording. */
export function notAnObject(message: string) {
  return (issue: { code?: string }) => (issue.code === 'invalid_type' ? message : undefined);
}

export function finite(name: string, range: Range) {
  return z
    .number({ error: `${name} must be a number` })
    .refine(Number.isFinite, { error: `${name} must be a finite number` })
    .refine((n) => n >= range.min && n <= range.max, {
      error: `${name} must be between ${range.min} and ${range.max}`,
    });
}

export function whole(name: string, range: Range) {
  return finite(name, range).refine(Number.isInteger, { error: `${name} must be a whole number` });
}
