/*
 * What the web benchmarks (run.ts, lighthouse.ts) set up the same way: Debian's Chromium with the flags
 * the project always launches it with (e2e/support/chromium.ts), calls to the API, and a person who signed up and calibrated this
 * window (the test screen and the results need one).
 */

export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium';

/** One API call; a refusal throws with the server's answer. */
export async function api<T>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: token } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Signs in through the API and answers the token. */
export async function signIn(base: string, who: { email: string; password: string }): Promise<string> {
  return (
    await api<{ token: string }>(base, 'POST', '/auth/login', { email: who.email, password: who.password })
  ).token;
}

/**
 * A person who signs up, signs in and calibrates a 1280×800 window at device pixel ratio 1 (headless
 * Chromium's screen is the window) with a 96-dpi card at 60 cm. Answers the token and a way to open new
 * test sessions (each a new pin).
 */
export async function calibratedBenchPerson(
  base: string,
): Promise<{ token: string; newPin: () => Promise<string> }> {
  const person = {
    name: 'Bench Person',
    email: `bench.${Date.now()}@example.org`,
    password: 'bench web 12345',
  };
  await api(base, 'POST', '/auth/register', { ...person, dob: '1980-01-01' });
  const token = await signIn(base, person);
  const pixelsPerMm = 3.78;
  const distanceMm = 600;
  await api(
    base,
    'PUT',
    '/tests/settings',
    {
      method: 'card',
      card: {
        pixelsPerDegree: pixelsPerMm * distanceMm * Math.tan(Math.PI / 180),
        resolution: { width: 1280, height: 800 },
        pixelsPerMm,
        distanceMm,
        devicePixelRatio: 1,
        cssResolution: { width: 1280, height: 800 },
      },
    },
    token,
  );
  const newPin = async () =>
    (await api<{ data: { pin: string } }>(base, 'POST', '/tests/session', { chart: 'Sloan' }, token)).data
      .pin;
  return { token, newPin };
}
