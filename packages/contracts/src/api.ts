import { z } from 'zod';

export {
  API_BASE,
  TOKEN_NOT_VALID,
  INVALID_LOGIN,
  TOO_MANY_LOGIN_FAILURES,
  SERVER_ERROR,
  TWO_FACTOR_SETUP_REQUIRED,
  TWO_FACTOR_SETUP_REQUIRED_CODE,
  TWO_FACTOR_CODE_WRONG,
  SECOND_STEP_EXPIRED,
} from './constants';

/** Every failure: a proper HTTP status and this body (DESIGN.md §5). */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  /** A machine-readable reason, where the client must act on it (e.g. TWO_FACTOR_SETUP_REQUIRED_CODE). */
  code: z.string().optional(),
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
