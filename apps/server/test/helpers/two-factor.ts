import { Secret, TOTP } from 'otpauth';
import { call, type TestApp } from './build-app';

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps after the app's clock. */
export function totpCode(t: TestApp, secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: t.now().getTime() + stepsAhead * 30_000,
  });
}

/**
 * Turns on two-step sign-in for the account through the API. The confirming code is the current step's,
 * so the next code accepted must be a later step's: pass stepsAhead ≥ 1 to {@link totpCode} next.
 */
export async function enrol(
  t: TestApp,
  account: { token: string },
): Promise<{ secret: string; uri: string; recoveryCodes: string[] }> {
  const started = await call(t.app, 'POST', '/auth/two-factor/enrolment', { token: account.token });
  if (started.status !== 200) throw new Error(`enrolment: ${started.status} ${JSON.stringify(started.body)}`);
  const { secret, uri } = started.body.data as { secret: string; uri: string };
  const confirmed = await call(t.app, 'POST', '/auth/two-factor/enrolment/confirm', {
    token: account.token,
    body: { code: totpCode(t, secret) },
  });
  if (confirmed.status !== 200)
    throw new Error(`confirm: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { secret, uri, ...(confirmed.body.data as { recoveryCodes: string[] }) };
}

/** Signs in with the password: the second step's ticket (two-step sign-in on). */
export async function passwordStep(
  t: TestApp,
  account: { email: string; password: string },
): Promise<string> {
  const res = await call(t.app, 'POST', '/auth/login', {
    body: { email: account.email, password: account.password },
  });
  const ticket = (res.body.secondStep as { ticket?: string } | undefined)?.ticket;
  if (res.status !== 200 || !ticket) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
  return ticket;
}
