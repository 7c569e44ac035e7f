import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { VisusServer } from './visus-server';

/** Who signs up in a journey (a unique email is made from `emailName`). */
export interface Person {
  name: string;
  emailName: string;
  password: string;
  dob: string;
}

/** Registers through the API and returns the token. */
export async function signUp(
  request: APIRequestContext,
  server: VisusServer,
  person: Person,
): Promise<string> {
  const response = await request.post(`${server.url}/api/v1/auth/register`, {
    data: {
      name: person.name,
      email: `${person.emailName}.${Date.now()}@example.org`,
      password: person.password,
      dob: person.dob,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Saves a card calibration for this very window (the test screen refuses an uncalibrated one), and the
 * colour calibration (Astigmatism Power, Diamond and the battery refuse a screen without one), and signs
 * the page in (token in localStorage). Default: 3.78 px/mm (a 96 dpi screen) at 60 cm,
 * ppd = pxPerMm × distance × tan(1°); gamma 2.2 (an sRGB screen), or none with `gamma: null`.
 */
export async function calibrate(
  page: Page,
  server: VisusServer,
  token: string,
  viewing: { pixelsPerMm: number; distanceMm: number } = { pixelsPerMm: 3.78, distanceMm: 600 },
  colour: { gamma: number | null } = { gamma: 2.2 },
): Promise<void> {
  await page.goto(server.url);
  const screen = await page.evaluate(() => ({
    devicePixelRatio: window.devicePixelRatio,
    width: window.screen.width,
    height: window.screen.height,
  }));
  const { pixelsPerMm, distanceMm } = viewing;
  const saved = await page.request.put(`${server.url}/api/v1/tests/settings`, {
    headers: { Authorization: token },
    data: {
      method: 'card',
      card: {
        pixelsPerDegree: pixelsPerMm * distanceMm * Math.tan(Math.PI / 180),
        resolution: {
          width: Math.round(screen.width * screen.devicePixelRatio),
          height: Math.round(screen.height * screen.devicePixelRatio),
        },
        pixelsPerMm,
        distanceMm,
        devicePixelRatio: screen.devicePixelRatio,
        cssResolution: { width: screen.width, height: screen.height },
      },
    },
  });
  expect(saved.status()).toBe(200);
  if (colour.gamma !== null) {
    const gamma = await page.request.put(`${server.url}/api/v1/tests/gammasettings`, {
      headers: { Authorization: token },
      data: { gamma: colour.gamma },
    });
    expect(gamma.status()).toBe(200);
  }
  await page.evaluate((value) => localStorage.setItem('token', value), token);
}

/** Registers, calibrates this window (and its colours unless `gamma: null`) and signs the page in; returns the token. */
export async function calibratedPerson(
  page: Page,
  server: VisusServer,
  person: Person,
  viewing?: { pixelsPerMm: number; distanceMm: number },
  colour?: { gamma: number | null },
): Promise<string> {
  const token = await signUp(page.request, server, person);
  await calibrate(page, server, token, viewing, colour);
  return token;
}

/** Starts a single-test session (POST /tests/session/single) for the token's person; returns its pin. */
export async function startSingleTest(
  request: APIRequestContext,
  server: VisusServer,
  token: string,
  test: string,
): Promise<string> {
  const created = await request.post(`${server.url}/api/v1/tests/session/single`, {
    headers: { Authorization: token },
    data: { test },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { pin: string } }).data.pin;
}
