/**
 * The plain constants of the contracts, without zod or any schema: `@visus/contracts/constants`.
 * The web app's entry path (API client, realtime client, Web Vitals reporter) imports these so that
 * zod and the schemas load only with the screens that validate. The index re-exports all of them.
 */
/** Base path of the REST API (SPEC.md §7, §9). */
export const API_BASE = '/api/v1';

/** The exact message every bad, expired or revoked token gets (SPEC.md §7, §8); the web logs out on it. */
export const TOKEN_NOT_VALID = 'Token is not valid';
/** Wrong email or password (SPEC.md §8); the same whether or not the email exists. */
export const INVALID_LOGIN = 'Invalid Login';
/** Login refused because the account had too many failed sign-ins in the last hour. */
export const TOO_MANY_LOGIN_FAILURES =
  'Too many failed sign-ins for this account. Try again in an hour, or reset your password.';
/**
 * Two-step sign-in (docs/adr/0023): the API refuses every call but sign-in, the current user and the
 * enrolment calls of an account whose role requires two-step sign-in until it has set it up. The answer is
 * 403 with this message and {@link TWO_FACTOR_SETUP_REQUIRED_CODE} as `code`; the web opens the enrolment.
 */
export const TWO_FACTOR_SETUP_REQUIRED = 'Set up two-step sign-in first: your role requires it.';
export const TWO_FACTOR_SETUP_REQUIRED_CODE = 'two-factor-setup-required';
/** A second-step code that is wrong, already used, or of the wrong shape. */
export const TWO_FACTOR_CODE_WRONG =
  'That code is not right. Enter the current code from your app, or an unused recovery code.';
/** The second step came too late (the ticket from the password step lasts 5 minutes) or after a password change. */
export const SECOND_STEP_EXPIRED = 'This sign-in has expired. Please log in again.';

/** Fallback for a failure with no message of its own (SPEC.md §8). */
export const SERVER_ERROR = 'Server Error';

export { APP_ROUTE_PATTERNS, controllerRouteToken, isAppRoute, isControllerRoute } from './routes';
export * from './realtime-constants';
export * from './vitals-route';
