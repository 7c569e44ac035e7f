import { z } from 'zod';

/** Base path of the REST API (SPEC.md §7, §9). */
export const API_BASE = '/api/v1';

/** The exact message every bad, expired or revoked token gets (SPEC.md §7, §8); the web logs out on it. */
export const TOKEN_NOT_VALID = 'Token is not valid';
/** Wrong email or password (SPEC.md §8); the same whether or not the email exists. */
export const INVALID_LOGIN = 'Invalid Login';
/** Login refused because the account had too many failed sign-ins in the last hour. */
export const TOO_MANY_LOGIN_FAILURES =
  'Too many failed sign-ins for this account. Try again in an hour, or reset your password.';
/** Fallback for a failure with no message of its own (SPEC.md §8). */
export const SERVER_ERROR = 'Server Error';

/** Every failure: a proper HTTP status and this body (DESIGN.md §5). */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  error: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A success with a payload under `data`. */
export function dataResponse<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** A success with nothing to return but a message the UI may show. */
export const messageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type MessageResponse = z.infer<typeof messageResponseSchema>;
