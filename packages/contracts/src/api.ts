import { z } from 'zod';

export { API_BASE, TOKEN_NOT_VALID, INVALID_LOGIN, TOO_MANY_LOGIN_FAILURES, SERVER_ERROR } from './constants';

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
