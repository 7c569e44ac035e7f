import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/fetch-mock';
import { makeStore } from '@/app/store';
import '@/features/test-runner/test-results-slice';
import type { TrackerFrame } from './camera-tracker';
import { CameraDistanceNotice } from './camera-distance-notice';
import { CALIBRATION_FRAMES } from './use-camera-distance';

// The real tracker needs a camera and TensorFlow: the notice is tested against what it reports.
const tracker = vi.hoisted(() => ({
  start: null as null | ((onFrame: (f: TrackerFrame) => void) => Promise<{ stop(): void }>),
}));
vi.mock('./camera-tracker', () => ({
  startTracker: (onFrame: (f: TrackerFrame) => void) => tracker.start!(onFrame),
}));

function renderNotice(
  test: 'sloan' | 'duoChrome' = 'sloan',
  onAdvice?: (advice: 'move-back' | 'move-closer' | null) => void,
) {
  const store = makeStore();
  render(
    <Provider store={store}>
      <CameraDistanceNotice test={test} plannedMm={600} running onAdvice={onAdvice} />
    </Provider>,
  );
  return store;
}

const viewingOf = (store: ReturnType<typeof makeStore>) =>
  (store.getState() as unknown as { testResults: { results: { sloan?: { viewing?: unknown } } } }).testResults
    .results.sloan?.viewing;

describe('CameraDistanceNotice (issue 18)', () => {
  beforeEach(() => localStorage.clear());

  it('asks first, and keeps the typed distance in the result until the camera measures', () => {
    const store = renderNotice();
    expect(screen.getByTestId('camera-distance')).toHaveTextContent(
      'The video is processed on this device and never sent or stored',
    );
    expect(viewingOf(store)).toEqual({ method: 'typed', distanceMm: 600 });
  });

  it('says the distance came from the blind-spot check when Setup took it from there', () => {
    const store = makeStore();
    render(
      <Provider store={store}>
        <CameraDistanceNotice test="sloan" plannedMm={600} plannedMethod="blind-spot" running />
      </Provider>,
    );
    expect(viewingOf(store)).toEqual({ method: 'blind-spot', distanceMm: 600 });
  });

  it('says nothing on a test the camera does not follow', () => {
    renderNotice('duoChrome');
    expect(screen.queryByTestId('camera-distance')).toBeNull();
  });

  it('a refused camera: one line, the typed distance, and not asked again on this device', async () => {
    tracker.start = () => Promise.reject(Object.assign(new Error('no'), { reason: 'refused' }));
    const store = renderNotice();
    await userEvent.click(screen.getByRole('button', { name: 'Use the camera' }));
    expect(await screen.findByText('Camera not allowed: using the typed distance, 0.60 m.')).toBeVisible();
    expect(viewingOf(store)).toEqual({ method: 'typed', distanceMm: 600 });
    expect(localStorage.getItem('visus.camera.consent')).toBe('no');
  });

  it('calibrates on the first frames, then shows the distance, asks to move, and stores the range', async () => {
    let send: (f: TrackerFrame) => void = () => {};
    tracker.start = (onFrame) => {
      send = onFrame;
      return Promise.resolve({ stop: () => {} });
    };
    const advice = vi.fn();
    const store = renderNotice('sloan', advice);
    await userEvent.click(screen.getByRole('button', { name: 'Use the camera' }));
    await screen.findByText(/sit still at 0.60 m/);
    // A span of 64 px in a 640-px frame at the planned 600 mm: K′ = 60 mm.
    act(() => {
      for (let i = 0; i < CALIBRATION_FRAMES; i++) send({ spanPx: 64, turn: 0, imageWidth: 640 });
    });
    act(() => send({ spanPx: 64, turn: 0, imageWidth: 640 }));
    expect(screen.getByTestId('camera-distance')).toHaveTextContent('Distance measured by camera: 0.60 m.');
    // Leaning in to 0.48 m (span 80 px): beyond −10 %, once the median of the last readings gets there.
    act(() => {
      for (let i = 0; i < 5; i++) send({ spanPx: 80, turn: 0, imageWidth: 640 });
    });
    expect(screen.getByTestId('camera-distance')).toHaveTextContent(
      'Distance measured by camera: 0.48 m. Please move back to 0.60 m.',
    );
    // The advice goes to the voice too (issue 20 item 2), once per change.
    expect(advice).toHaveBeenLastCalledWith('move-back');
    expect(advice.mock.calls.filter(([a]) => a === 'move-back')).toHaveLength(1);
    // Readings 600, 600 (the 5th calibration frame counts too), then 480 × 5: smoothed 600, 600, 600, 540,
    // 480, 480, 480, whose median is 540.
    expect(viewingOf(store)).toEqual({ method: 'camera', distanceMm: 540, minMm: 480, maxMm: 600 });
    act(() => send({ noFace: true }));
    expect(screen.getByTestId('camera-distance')).toHaveTextContent(
      'Camera: no face found, using the typed distance, 0.60 m.',
    );
    expect(advice).toHaveBeenLastCalledWith(null);
  });

  describe("with this screen's profile (docs/adr/0027)", () => {
    const id = '0b4f6f2e-0000-4000-8000-00000000000a';
    // jsdom's screen is 0 × 0, so the window (1024 × 768 at devicePixelRatio 1) is the screen.
    const profile = (cameraScale: unknown) => ({
      id,
      name: 'Laptop',
      settings: {
        method: 'card',
        card: {
          pixelsPerDegree: 3.78 * 600 * Math.tan(Math.PI / 180),
          resolution: { width: 1024, height: 768 },
          pixelsPerMm: 3.78,
          distanceMm: 600,
          devicePixelRatio: 1,
          cssResolution: { width: 1024, height: 768 },
        },
        diagonal: null,
        gamma: 2.2,
      },
      cameraScale,
      createdAt: '2026-11-20T10:00:00.000Z',
      lastUsedAt: '2026-11-20T10:00:00.000Z',
    });
    let send: (f: TrackerFrame) => void = () => {};
    beforeEach(() => {
      tracker.start = (onFrame) => {
        send = onFrame;
        return Promise.resolve({ stop: () => {} });
      };
    });
    afterEach(() => vi.restoreAllMocks());

    it('measures from the first frame with the scale kept in the profile', async () => {
      const seen = mockApi({
        'GET /tests/screen-profiles': json(200, {
          success: true,
          data: { profiles: [profile({ mm: 60, anchor: 'typed', anchorMm: 600 })] },
        }),
      });
      renderNotice();
      await vi.waitFor(() => expect(seen.some((r) => r.method === 'GET')).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await userEvent.click(screen.getByRole('button', { name: 'Use the camera' }));
      // A 40-px span in a 640-px frame with K′ = 60 mm: 0.96 m, without a calibration pause.
      act(() => send({ spanPx: 40, turn: 0, imageWidth: 640 }));
      expect(screen.getByTestId('camera-distance')).toHaveTextContent('Distance measured by camera: 0.96 m.');
      expect(seen.filter((r) => r.method === 'PATCH')).toEqual([]);
    });

    it('keeps a scale taken here in the profile of this screen', async () => {
      const seen = mockApi({
        'GET /tests/screen-profiles': json(200, { success: true, data: { profiles: [profile(null)] } }),
        [`PATCH /tests/screen-profiles/${id}`]: json(200, {
          success: true,
          data: { profile: profile({ mm: 60, anchor: 'typed', anchorMm: 600 }) },
        }),
      });
      renderNotice();
      await vi.waitFor(() => expect(seen.some((r) => r.method === 'GET')).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await userEvent.click(screen.getByRole('button', { name: 'Use the camera' }));
      await screen.findByText(/sit still at 0.60 m/);
      act(() => {
        for (let i = 0; i < CALIBRATION_FRAMES; i++) send({ spanPx: 64, turn: 0, imageWidth: 640 });
      });
      await vi.waitFor(() => expect(seen.filter((r) => r.method === 'PATCH')).toHaveLength(1));
      expect(seen.find((r) => r.method === 'PATCH')?.body).toEqual({
        cameraScale: { mm: 60, anchor: 'typed', anchorMm: 600 },
      });
    });
  });
});
