/** An expected failure with the status and message the client should see (DESIGN.md §5). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
