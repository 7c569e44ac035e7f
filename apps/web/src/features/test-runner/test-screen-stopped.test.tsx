import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_FLOW_STATE, transition, type FlowState } from '@visus/core';
import type { Session } from '@visus/contracts';
import { currentUserReply, json, mockApi } from '@/testing/fetch-mock';
import { renderApp, signedInStore } from '@/testing/render';

vi.mock('@/lib/realtime/use-tests-socket', () => ({
  useTestsSocket: () => ({
    socket: null,
    connection: 'connected',
    error: null,
    sessionState: null,
    emit: async () => ({ ok: true, delivered: true }),
  }),
}));
// Every panel crashes as soon as it renders.
vi.mock('./panels', () => {
  function Broken(): never {
    throw new Error('the stimulus could not be drawn');
  }
  return { TEST_PANELS: new Proxy({}, { get: () => Broken }) };
});

const PIN = 'KMNPQRST';
const T0 = Date.UTC(2026, 0, 31, 9, 30);
const SESSION: Session = {
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
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('TestScreen when a test breaks', { timeout: 20_000 }, () => {
  it("restores a reloaded display, shows 'A Test Error Has Occurred' and saves the results gathered so far", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // The display was reloaded during the left eye of Sloan, after the right eye's result.
    const loaded = transition(INITIAL_FLOW_STATE, { type: 'loadFlow', flowA: ['sloan', 'duoChrome'] });
    const flow: FlowState = {
      ...loaded,
      status: 'InTest',
      eye: 'left',
      currentLoop: 7,
      correction: 'Glasses',
      controllerChecked: true,
      startedAt: T0,
    };
    const right = { va: 0.12, rounds: 14, loopLength: 30 };
    window.sessionStorage.setItem(
      `visus.test.${PIN}`,
      JSON.stringify({ flow, results: { start: T0, sloan: { right } } }),
    );
    const seen = mockApi({
      'GET /auth/current': currentUserReply(),
      'GET /tests': json(200, {
        success: true,
        data: {
          opticalHistory: null,
          settings: {
            method: 'card',
            card: {
              pixelsPerDegree: 3.78 * 3000 * Math.tan(Math.PI / 180),
              resolution: { width: 1920, height: 1080 },
              pixelsPerMm: 3.78,
              distanceMm: 3000,
            },
            diagonal: null,
            gamma: 2.2,
          },
        },
      }),
      [`GET /tests/session/${PIN}`]: json(200, { success: true, data: SESSION }),
      'PUT /tests/results': (request) =>
        request
          .json()
          .then((body) => json(200, { success: true, data: { _id: 'r1', createdAt: '', ...body } })),
      [`PATCH /tests/session/${PIN}`]: json(200, {
        success: true,
        data: { ...SESSION, status: 'completed' },
      }),
    });
    renderApp(`/user/test/${PIN}`, { store: signedInStore('user') });

    expect(await screen.findByRole('heading', { name: 'Sloan Interrupted' })).toBeInTheDocument();
    expect(screen.getByText('A Test Error Has Occurred')).toBeInTheDocument();
    expect(await screen.findByText('The results gathered so far have been saved.')).toBeInTheDocument();
    const put = seen.filter((r) => r.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0]!.body).toMatchObject({
      session: PIN,
      setup: { correction: 'Glasses', testMode: false, testA: ['sloan', 'duoChrome'] },
      data: { start: T0, sloan: { right } },
    });
    expect(window.localStorage.getItem('visus.resultsOutbox')).toBe('[]');
    // The save's answer names the session, which the server completed when it stored the record: the
    // display does not complete it a second time (issue 15).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.some((r) => r.method === 'PATCH')).toBe(false);
  });
});
