import { CoreInputError, requireInRange, requirePositive } from '../errors/core-input-error';
import { CALIBRATION_LIMITS } from './calibration';

/*
 * Viewing distance from a camera image of the face (issue 18, docs/adr/0018-camera-distance-face-api.md).
 *
 * Pinhole camera: an object of real size S at distance d appears s = f × S / d pixels wide, with f the
 * focal length in pixels. The tracker measures s = the distance between the two eye centres in the image
 * (the interpupillary span, S ≈ 63 mm in adults, 54–74 mm). Neither f (it depends on the camera's lens
 * and resolution) nor the person's own S is known, but their product is all we need:
 *
 *   d = f × S / s = K / s,   K = f × S  (px·mm)
 *
 * K is measured once, at a known distance d0 (the blind-spot check or the typed distance, the person
 * sitting still): K = d0 × s0. To keep K valid when the camera delivers another resolution, spans are
 * taken as a share of the image width (f scales with the width for the same lens): u = s / W, and
 *
 *   K' = d0 × u0,   d = K' / u.
 *
 * Error sources, worst first:
 *  - the anchor: K inherits the calibration distance's error one to one (a blind-spot estimate ±5 %
 *    gives every later distance ±5 %) — a scale calibrated by camera never beats its anchor;
 *  - head turn: turning by θ shortens the span by cos θ (15° → −3.4 %, i.e. the distance reads 3.5 % too
 *    far); {@link faceTurn} measures the asymmetry and readings with a turn above
 *    {@link MAX_FACE_TURN} are not used;
 *  - landmark noise: a ±1 px error on a span of s px is ±1/s; at 3 m a 640-px camera with a 60° field of
 *    view sees a 63-mm span as only ≈ 12 px (±8 %), hence the median over several frames, and spans
 *    below {@link MIN_EYE_SPAN_PX} are refused (too far for the camera);
 *  - the eyes converge at near distances, shifting the pupils inwards by < 1 mm at 40 cm (< 2 %); the
 *    eye centres from the 6 contour landmarks of each eye do not move with the gaze.
 */

/** A point in image pixels. */
export interface ImagePoint {
  readonly x: number;
  readonly y: number;
}

/**
 * The person's camera scale: K' = d0 × u0 in mm, u0 the eye span as a share of the image width at the
 * known distance d0. Stored with the screen calibration and reused until the person recalibrates.
 */
export interface CameraScale {
  /** d0 × (span / image width), in mm. */
  readonly mm: number;
  /** How d0 was known. */
  readonly anchor: 'typed' | 'blind-spot';
}

/** Below this span (image px between eye centres) the landmarks are too coarse to trust (±1 px ≥ 8 %). */
export const MIN_EYE_SPAN_PX = 12;

/**
 * Largest accepted |turn| from {@link faceTurn}: about 15–20° of head yaw, where the span is already
 * ≥ 3 % short (cos 15° = 0.966).
 */
export const MAX_FACE_TURN = 0.25;

/** The mean of some points (the centre of an eye from its contour landmarks). */
export function centroid(points: readonly ImagePoint[]): ImagePoint {
  if (points.length === 0) throw new CoreInputError('at least one landmark is needed');
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p.x;
    y += p.y;
  }
  return { x: x / points.length, y: y / points.length };
}

/** The eye span s in image px: the distance between the two eye centres (roll does not change it). */
export function eyeSpanPx(rightEye: readonly ImagePoint[], leftEye: readonly ImagePoint[]): number {
  const r = centroid(rightEye);
  const l = centroid(leftEye);
  return Math.hypot(l.x - r.x, l.y - r.y);
}

/**
 * How far the face is turned left or right, from where the nose tip lies between the eye centres:
 * (a − b) / (a + b) with a, b the distances from the nose tip to each eye centre. 0 = facing the camera;
 * the sign says the side. A nose tip a depth h in front of the eyes moves by h sin θ when the head turns
 * by θ while each half-span shrinks to (S/2) cos θ, so the ratio is (2h / S) tan θ ≈ 0.9 tan θ for adult
 * faces (h ≈ 28 mm): 0.25 is ≈ 15°.
 */
export function faceTurn(rightEyeCentre: ImagePoint, leftEyeCentre: ImagePoint, noseTip: ImagePoint): number {
  const a = Math.hypot(noseTip.x - rightEyeCentre.x, noseTip.y - rightEyeCentre.y);
  const b = Math.hypot(noseTip.x - leftEyeCentre.x, noseTip.y - leftEyeCentre.y);
  return a + b === 0 ? 0 : (a - b) / (a + b);
}

/**
 * The camera scale from one (or the median of several) eye span(s) measured at a known distance:
 * K' = d0 × s0 / W. E.g. a span of 64 px in a 640-px-wide image at 600 mm → K' = 60 mm.
 * @throws CoreInputError for a distance outside the calibration limits or a span below {@link MIN_EYE_SPAN_PX}
 */
export function cameraScale(
  distanceMm: number,
  spanPx: number,
  imageWidthPx: number,
  anchor: CameraScale['anchor'],
): CameraScale {
  const d0 = requireInRange(
    distanceMm,
    CALIBRATION_LIMITS.distanceMm.min,
    CALIBRATION_LIMITS.distanceMm.max,
    'calibration distance in mm',
  );
  const s0 = requireInRange(spanPx, MIN_EYE_SPAN_PX, Number.MAX_VALUE, 'eye span in px');
  const w = requirePositive(imageWidthPx, 'image width in px');
  if (s0 >= w) throw new CoreInputError(`eye span (${s0} px) must be less than the image width (${w} px)`);
  return { mm: (d0 * s0) / w, anchor };
}

/** Why a frame gives no distance. */
export type CameraReadingProblem = 'no-face' | 'too-far' | 'turned';

export type CameraReading = { distanceMm: number } | { problem: CameraReadingProblem };

/**
 * The distance of one frame: d = K' × W / s (see the top of this file). E.g. K' = 60 mm, W = 640 px and a
 * span of 32 px → 1200 mm. A span below {@link MIN_EYE_SPAN_PX} is 'too-far', a |turn| above
 * {@link MAX_FACE_TURN} is 'turned'.
 */
export function distanceFromEyeSpan(
  scale: CameraScale,
  spanPx: number,
  imageWidthPx: number,
  turn = 0,
): CameraReading {
  const k = requirePositive(scale.mm, 'camera scale in mm');
  const w = requirePositive(imageWidthPx, 'image width in px');
  if (!Number.isFinite(spanPx) || spanPx <= 0) return { problem: 'no-face' };
  if (spanPx < MIN_EYE_SPAN_PX) return { problem: 'too-far' };
  if (Math.abs(turn) > MAX_FACE_TURN) return { problem: 'turned' };
  return { distanceMm: (k * w) / spanPx };
}

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new CoreInputError('the median of no values is undefined');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The 68-point face layout (iBUG 300-W, what face-api's landmark nets give), 0-based: the person's right
 * eye contour is 36–41 (on the image's left), the left eye 42–47, the nose tip 30.
 */
export const FACE68 = { rightEye: [36, 37, 38, 39, 40, 41], leftEye: [42, 43, 44, 45, 46, 47], noseTip: 30 };

/**
 * Eye span and face turn from the 68 landmarks of one face: what {@link distanceFromEyeSpan} takes.
 * @throws CoreInputError for fewer than 68 points
 */
export function eyeSpanFrom68(points: readonly ImagePoint[]): { spanPx: number; turn: number } {
  if (points.length < 68) throw new CoreInputError(`68 landmarks are needed, got ${points.length}`);
  const pick = (indices: readonly number[]) => indices.map((i) => points[i]!);
  const right = centroid(pick(FACE68.rightEye));
  const left = centroid(pick(FACE68.leftEye));
  return {
    spanPx: Math.hypot(left.x - right.x, left.y - right.y),
    turn: faceTurn(right, left, points[FACE68.noseTip]!),
  };
}
