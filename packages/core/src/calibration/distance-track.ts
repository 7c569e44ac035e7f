import { requirePositive } from '../errors/core-input-error';
import { median, type CameraReading, type CameraReadingProblem } from './camera-distance';

/*
 * The distance over a test, from camera readings taken a few times a second (issue 18). One reading is
 * noisy (landmarks jitter by a pixel or two), so what is shown and stored is the median of the last
 * {@link TRACK_WINDOW} good readings; the range a record keeps is the range of those medians, so a single
 * bad frame cannot widen it.
 */

/** Good readings the shown distance is the median of (≈ 1.5 s at 3–4 readings a second). */
export const TRACK_WINDOW = 5;

/** Relative drift from the planned distance beyond which the person is asked to move (±10 %). */
export const DRIFT_TOLERANCE = 0.1;

export interface DistanceTrack {
  /** The last good readings, mm, oldest first (at most {@link TRACK_WINDOW}). */
  readonly recent: readonly number[];
  /** Every smoothed distance so far, mm (what the record's median and range come from). */
  readonly smoothed: readonly number[];
  /** The last reading's problem, if the last reading had one. */
  readonly problem: CameraReadingProblem | null;
}

export const EMPTY_TRACK: DistanceTrack = { recent: [], smoothed: [], problem: null };

/** The track after one more reading. A reading with a problem keeps the distances and notes the problem. */
export function addReading(track: DistanceTrack, reading: CameraReading): DistanceTrack {
  if ('problem' in reading) return { ...track, problem: reading.problem };
  const recent = [...track.recent, reading.distanceMm].slice(-TRACK_WINDOW);
  return { recent, smoothed: [...track.smoothed, median(recent)], problem: null };
}

/** The distance to show now (median of the recent good readings), or null before the first one. */
export function currentDistanceMm(track: DistanceTrack): number | null {
  return track.recent.length === 0 ? null : median(track.recent);
}

/**
 * What a record keeps of a track: the median of the smoothed distances and their range, in whole mm;
 * null when there was no good reading (then the record says how else the distance was known).
 */
export function trackSummary(
  track: DistanceTrack,
): { distanceMm: number; minMm: number; maxMm: number } | null {
  if (track.smoothed.length === 0) return null;
  return {
    distanceMm: Math.round(median(track.smoothed)),
    minMm: Math.round(Math.min(...track.smoothed)),
    maxMm: Math.round(Math.max(...track.smoothed)),
  };
}

/**
 * Drift of a measured distance from the planned one: (measured − planned) / planned. Optotypes are sized
 * for the planned distance, so a person at 0.9 × the distance sees them 1/0.9 larger in angle:
 * log10(1/0.9) = 0.046 logMAR easier.
 */
export function distanceDrift(measuredMm: number, plannedMm: number): number {
  return (
    (requirePositive(measuredMm, 'measured distance') - requirePositive(plannedMm, 'planned distance')) /
    plannedMm
  );
}

/** 'move-back' (too close) / 'move-closer' (too far) when the drift exceeds {@link DRIFT_TOLERANCE}, else null. */
export function driftAdvice(measuredMm: number, plannedMm: number): 'move-back' | 'move-closer' | null {
  const drift = distanceDrift(measuredMm, plannedMm);
  if (drift < -DRIFT_TOLERANCE) return 'move-back';
  if (drift > DRIFT_TOLERANCE) return 'move-closer';
  return null;
}
