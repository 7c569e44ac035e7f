/** An expected failure with the status and message the client should see (DESIGN.md §5). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers sent with the answer, e.g. Retry-After on a 503. */
    readonly headers: Readonly<Record<string, string>> = {},
    /** Sent as `code` beside `error` when the client must act on the reason (errorResponseSchema). */
    readonly code?: string,
  ) {
    super(message);
  }
}
