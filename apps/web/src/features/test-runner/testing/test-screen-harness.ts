import { screen } from '@testing-library/react';
import type { Session, Settings } from '@visus/contracts';
import { currentUserReply, json, mockApi } from '@/testing/fetch-mock';
import { renderApp, signedInStore } from '@/testing/render';

/** The test screen opened as a signed-in user would, for component tests (with ./fake-tests-socket). */
export const PIN = 'ABCDEFGH';

/** A card-calibrated 96-dpi screen at 3 m with its gamma measured. */
export const CALIBRATED: Settings = {
  method: 'card',
  card: {
    pixelsPerDegree: 3.78 * 3000 * Math.tan(Math.PI / 180),
    resolution: { width: 1920, height: 1080 },
    pixelsPerMm: 3.78,
    distanceMm: 3000,
  },
  diagonal: null,
  gamma: 2.2,
};

/** An open full-battery session (Sloan, then DuoChrome). */
export function session(overrides: Partial<Session> = {}): Session {
  return {
    pin: PIN,
    user: 'user-1',
    units: 'm',
    pixelSize: 0.26,
    testFlowA: ['sloan', 'duoChrome'],
    chartTypes: ['Sloan'],
    crowding: false,
    single: null,
    testMode: false,
    status: 'open',
    createdAt: '2026-01-31T09:00:00.000Z',
    expiresAt: '2026-01-31T15:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

/** Renders /user/test/PIN with the account's settings and the session (or a failing answer for it). */
export function openTestScreen(options: { session?: Session | Response; settings?: Settings } = {}) {
  const seen = mockApi({
    'GET /auth/current': currentUserReply(),
    'GET /tests': json(200, {
      success: true,
      data: { opticalHistory: null, settings: options.settings ?? CALIBRATED },
    }),
    [`GET /tests/session/${PIN}`]:
      options.session instanceof Response
        ? options.session
        : json(200, { success: true, data: options.session ?? session() }),
  });
  const view = renderApp(`/user/test/${PIN}`, { store: signedInStore('user') });
  return { ...view, seen };
}

/** The flow status the test screen shows (its data-status). */
export const statusOf = () => screen.getByTestId('test-screen').getAttribute('data-status');
