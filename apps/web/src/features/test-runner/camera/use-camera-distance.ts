import { useCallback, useEffect, useRef, useState } from 'react';
import {
  addReading,
  cameraScale,
  currentDistanceMm,
  distanceFromEyeSpan,
  EMPTY_TRACK,
  median,
  trackSummary,
  type CameraScale,
  type DistanceTrack,
  type ResultViewing,
} from '@visus/core';
import type { Tracker, TrackerFailure, TrackerFrame } from './camera-tracker';
import type { CameraScaleData } from '@visus/contracts';

/*
 * The camera's part in a test run (issue 18): asks nothing until the person agrees, then loads the
 * tracker (its own chunk) and follows the distance. Whatever goes wrong, the test goes on with the typed
 * distance: `status` says why, for a one-line notice.
 */

export type CameraStatus =
  | { kind: 'off' }
  | { kind: 'declined' }
  | { kind: 'starting' }
  | { kind: 'calibrating'; frames: number }
  | { kind: 'tracking' }
  | { kind: 'unavailable'; reason: TrackerFailure };

/** Frames at the planned distance that set the person's scale when none is stored (≈ 1.5 s). */
export const CALIBRATION_FRAMES = 5;

const CONSENT_KEY = 'visus.camera.consent';
const SCALE_KEY = 'visus.camera.scale';

/** The person's answer kept on this device: 'yes', 'no' or null (not asked yet). */
export function storedConsent(): 'yes' | 'no' | null {
  const value = localStorage.getItem(CONSENT_KEY);
  return value === 'yes' || value === 'no' ? value : null;
}

/**
 * A stored scale, valid only for the calibration distance it was anchored to (a new distance or a new
 * screen calibration means new scale).
 */
function storedScale(plannedMm: number): CameraScale | null {
  try {
    const raw = JSON.parse(localStorage.getItem(SCALE_KEY) ?? 'null') as {
      mm?: unknown;
      anchorMm?: unknown;
    } | null;
    if (!raw || typeof raw.mm !== 'number' || !(raw.mm > 0) || raw.anchorMm !== plannedMm) return null;
    return { mm: raw.mm, anchor: 'typed' };
  } catch {
    return null;
  }
}

/** The camera scale kept in this screen's profile, and how to keep a new one there. */
export interface ProfileScale {
  scale: CameraScaleData | null;
  keep: (scale: CameraScaleData) => void;
}

export interface CameraDistance {
  status: CameraStatus;
  /** The distance to show now, mm, or null. */
  distanceMm: number | null;
  /** The last frame's problem ('no-face', 'too-far', 'turned'), or null. */
  problem: DistanceTrack['problem'];
  /** What the current test's record says about its distance. */
  viewing: ResultViewing;
  start(): void;
  decline(): void;
}

/**
 * Follows the distance while `active` (the acuity and near tests), anew for each `testKey`.
 * `plannedMm` is the calibration's distance: the charts are drawn for it, and with no stored scale the
 * first {@link CALIBRATION_FRAMES} frames are taken to be at it.
 */
export function useCameraDistance(
  testKey: string,
  plannedMm: number,
  active: boolean,
  profile?: ProfileScale,
  plannedMethod: 'typed' | 'blind-spot' = 'typed',
): CameraDistance {
  const [status, setStatus] = useState<CameraStatus>(() =>
    storedConsent() === 'no' ? { kind: 'declined' } : { kind: 'off' },
  );
  // The track of the test it was started for: a new test starts with an empty one.
  const [tracked, setTracked] = useState<{ key: string; track: DistanceTrack }>({
    key: testKey,
    track: EMPTY_TRACK,
  });
  const keyRef = useRef(testKey);
  useEffect(() => {
    keyRef.current = testKey;
  }, [testKey]);
  const setTrack = useCallback((update: (track: DistanceTrack) => DistanceTrack) => {
    setTracked((s) => {
      const key = keyRef.current;
      return { key, track: update(s.key === key ? s.track : EMPTY_TRACK) };
    });
  }, []);
  const tracker = useRef<Tracker | null>(null);
  const scale = useRef<CameraScale | null>(storedScale(plannedMm));
  // This screen's profile keeps the scale across devices and browsers (docs/adr/0027); it arrives after
  // the first render, and is used unless a scale was already taken here.
  const fromProfile = profile?.scale && profile.scale.anchorMm === plannedMm ? profile.scale : null;
  useEffect(() => {
    if (fromProfile && !scale.current) scale.current = { mm: fromProfile.mm, anchor: fromProfile.anchor };
  }, [fromProfile]);
  const keep = profile?.keep;
  const calibration = useRef<{ spans: number[]; width: number }>({ spans: [], width: 0 });

  const onFrame = useCallback(
    (frame: TrackerFrame) => {
      if ('noFace' in frame) {
        setTrack((t) => addReading(t, { problem: 'no-face' }));
        return;
      }
      if (!scale.current) {
        const c = calibration.current;
        c.spans.push(frame.spanPx);
        c.width = frame.imageWidth;
        setStatus({ kind: 'calibrating', frames: c.spans.length });
        if (c.spans.length < CALIBRATION_FRAMES) return;
        try {
          scale.current = cameraScale(plannedMm, median(c.spans), c.width, plannedMethod);
          localStorage.setItem(SCALE_KEY, JSON.stringify({ mm: scale.current.mm, anchorMm: plannedMm }));
          keep?.({ mm: scale.current.mm, anchor: scale.current.anchor, anchorMm: plannedMm });
        } catch {
          c.spans = [];
          setTrack((t) => addReading(t, { problem: 'too-far' }));
          return;
        }
        setStatus({ kind: 'tracking' });
      }
      const reading = distanceFromEyeSpan(scale.current, frame.spanPx, frame.imageWidth, frame.turn);
      setTrack((t) => addReading(t, reading));
    },
    [plannedMm, plannedMethod, setTrack, keep],
  );

  const start = useCallback(() => {
    localStorage.setItem(CONSENT_KEY, 'yes');
    setStatus({ kind: 'starting' });
    import('./camera-tracker')
      .then(({ startTracker }) => startTracker(onFrame))
      .then((t) => {
        tracker.current = t;
        setStatus(scale.current ? { kind: 'tracking' } : { kind: 'calibrating', frames: 0 });
      })
      .catch((error: unknown) => {
        const reason = (error as { reason?: TrackerFailure }).reason ?? 'failed';
        if (reason === 'refused') localStorage.setItem(CONSENT_KEY, 'no');
        setStatus({ kind: 'unavailable', reason });
      });
  }, [onFrame]);

  const decline = useCallback(() => {
    localStorage.setItem(CONSENT_KEY, 'no');
    setStatus({ kind: 'declined' });
  }, []);

  // Agreed before on this device: start again without asking, once a tracked test runs.
  useEffect(() => {
    if (!active || status.kind !== 'off' || storedConsent() !== 'yes') return undefined;
    const timer = setTimeout(start, 0);
    return () => clearTimeout(timer);
  }, [active, status.kind, start]);

  useEffect(() => () => tracker.current?.stop(), []);

  const track = tracked.key === testKey ? tracked.track : EMPTY_TRACK;
  const summary = trackSummary(track);
  const viewing: ResultViewing = summary
    ? { method: 'camera', ...summary }
    : { method: plannedMethod, distanceMm: plannedMm };
  return { status, distanceMm: currentDistanceMm(track), problem: track.problem, viewing, start, decline };
}
