import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { blindSpotEstimate, blindSpotSpread, BLIND_SPOT_CENTRE_DEG } from './blind-spot';
import {
  cameraScale,
  centroid,
  distanceFromEyeSpan,
  eyeSpanFrom68,
  eyeSpanPx,
  faceTurn,
  MAX_FACE_TURN,
  median,
  MIN_EYE_SPAN_PX,
} from './camera-distance';
import {
  addReading,
  currentDistanceMm,
  distanceDrift,
  driftAdvice,
  EMPTY_TRACK,
  TRACK_WINDOW,
  trackSummary,
} from './distance-track';

const tan = (deg: number) => Math.tan((deg * Math.PI) / 180);

describe('eye span and face turn', () => {
  it('the eye centre is the mean of its contour points', () => {
    expect(
      centroid([
        { x: 0, y: 0 },
        { x: 4, y: 2 },
        { x: 2, y: 4 },
      ]),
    ).toEqual({ x: 2, y: 2 });
  });
  it('the span is the distance between the eye centres, whatever the roll', () => {
    const right = [
      { x: 100, y: 100 },
      { x: 110, y: 100 },
    ];
    const left = [
      { x: 160, y: 100 },
      { x: 170, y: 100 },
    ];
    expect(eyeSpanPx(right, left)).toBeCloseTo(60, 10);
    // The same eyes rotated 30° about the right eye's centre.
    const c = Math.cos(Math.PI / 6);
    const s = Math.sin(Math.PI / 6);
    const rot = (p: { x: number; y: number }) => ({
      x: 105 + (p.x - 105) * c - (p.y - 100) * s,
      y: 100 + (p.x - 105) * s + (p.y - 100) * c,
    });
    expect(eyeSpanPx(right.map(rot), left.map(rot))).toBeCloseTo(60, 10);
  });
  it('a face looking straight has no turn; a nose off to one side gives its sign', () => {
    expect(faceTurn({ x: 0, y: 0 }, { x: 60, y: 0 }, { x: 30, y: 40 })).toBeCloseTo(0, 10);
    expect(faceTurn({ x: 0, y: 0 }, { x: 60, y: 0 }, { x: 45, y: 40 })).toBeGreaterThan(0);
    expect(faceTurn({ x: 0, y: 0 }, { x: 60, y: 0 }, { x: 15, y: 40 })).toBeLessThan(0);
  });
});

describe('distance from the eye span: d = K′ × W / s, K′ = d0 × s0 / W0', () => {
  it('64 px in a 640-px image at 600 mm gives K′ = 60 mm', () => {
    expect(cameraScale(600, 64, 640, 'typed')).toEqual({ mm: 60, anchor: 'typed' });
  });
  it('half the span is twice the distance', () => {
    const k = cameraScale(600, 64, 640, 'blind-spot');
    expect(distanceFromEyeSpan(k, 32, 640)).toEqual({ distanceMm: 1200 });
    expect(distanceFromEyeSpan(k, 64, 640)).toEqual({ distanceMm: 600 });
  });
  it('the scale holds at another camera resolution (spans as a share of the width)', () => {
    const k = cameraScale(600, 64, 640, 'typed');
    // The same lens at 1280 px wide sees the same face twice as many px wide.
    expect(distanceFromEyeSpan(k, 128, 1280)).toEqual({ distanceMm: 600 });
  });
  it('a pinhole face at any distance comes back within rounding', () => {
    const f = 700; // px, focal length at 1280 px wide
    const ipd = 63; // mm
    const k = cameraScale(600, (f * ipd) / 600, 1280, 'typed');
    for (const d of [400, 800, 1500, 3000]) {
      const r = distanceFromEyeSpan(k, (f * ipd) / d, 1280);
      expect('distanceMm' in r && r.distanceMm).toBeCloseTo(d, 6);
    }
  });
  it('too small a span is too far, too turned a face is refused, no span is no face', () => {
    const k = cameraScale(600, 64, 640, 'typed');
    expect(distanceFromEyeSpan(k, MIN_EYE_SPAN_PX - 0.1, 640)).toEqual({ problem: 'too-far' });
    expect(distanceFromEyeSpan(k, 64, 640, MAX_FACE_TURN + 0.01)).toEqual({ problem: 'turned' });
    expect(distanceFromEyeSpan(k, 64, 640, -MAX_FACE_TURN - 0.01)).toEqual({ problem: 'turned' });
    expect(distanceFromEyeSpan(k, 0, 640)).toEqual({ problem: 'no-face' });
    expect(distanceFromEyeSpan(k, Number.NaN, 640)).toEqual({ problem: 'no-face' });
  });
  it('a calibration outside the limits is refused', () => {
    expect(() => cameraScale(100, 64, 640, 'typed')).toThrow(CoreInputError);
    expect(() => cameraScale(600, 5, 640, 'typed')).toThrow(CoreInputError);
    expect(() => cameraScale(600, 700, 640, 'typed')).toThrow(CoreInputError);
  });
  it('median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow(CoreInputError);
  });
});

describe('distance track', () => {
  it('shows the median of the last readings and ignores a single wild frame', () => {
    let t = EMPTY_TRACK;
    for (const d of [600, 610, 590, 2000, 605]) t = addReading(t, { distanceMm: d });
    expect(currentDistanceMm(t)).toBe(605);
    // Smoothed: 600, 605, 600, 605, 605 — the 2000 never shows.
    expect(trackSummary(t)).toEqual({ distanceMm: 605, minMm: 600, maxMm: 605 });
  });
  it('keeps only the last readings', () => {
    let t = EMPTY_TRACK;
    for (let k = 0; k < TRACK_WINDOW + 3; k++) t = addReading(t, { distanceMm: 500 + k });
    expect(t.recent).toHaveLength(TRACK_WINDOW);
  });
  it('a reading with a problem keeps the distance and says why', () => {
    const t = addReading(addReading(EMPTY_TRACK, { distanceMm: 700 }), { problem: 'no-face' });
    expect(t.problem).toBe('no-face');
    expect(currentDistanceMm(t)).toBe(700);
    expect(addReading(t, { distanceMm: 700 }).problem).toBeNull();
  });
  it('no good reading, no summary', () => {
    expect(trackSummary(addReading(EMPTY_TRACK, { problem: 'too-far' }))).toBeNull();
    expect(currentDistanceMm(EMPTY_TRACK)).toBeNull();
  });
  it('asks to move only beyond ±10 %', () => {
    expect(distanceDrift(540, 600)).toBeCloseTo(-0.1, 10);
    expect(driftAdvice(545, 600)).toBeNull();
    expect(driftAdvice(530, 600)).toBe('move-back');
    expect(driftAdvice(670, 600)).toBe('move-closer');
  });
});

describe('blind spot in both directions (reaction time cancels)', () => {
  const d = 600;
  const near = d * tan(12.25);
  const far = d * tan(17.75);
  it('a 0.3 s reaction at 30 mm/s shifts each direction by 9 mm but not the estimate', () => {
    const est = blindSpotEstimate({ outwardMm: [near + 9], inwardMm: [far - 9] });
    expect(est.distanceMm / d - 1).toBeLessThan(0.005);
    expect(est.distanceMm / d - 1).toBeGreaterThan(-0.005);
    // One direction alone moves with the reaction: 9 mm more is +1.5 % of the distance.
    const slow = blindSpotEstimate({ outwardMm: [near + 18], inwardMm: [far - 9] });
    expect(slow.distanceMm / est.distanceMm - 1).toBeCloseTo(
      9 / 2 / tan(BLIND_SPOT_CENTRE_DEG) / est.distanceMm,
      6,
    );
  });
  it('reports the spread of the per-pair distances', () => {
    const est = blindSpotEstimate({ outwardMm: [near + 6, near + 12], inwardMm: [far - 9, far - 3] });
    expect(est.minMm).toBeLessThan(est.distanceMm);
    expect(est.maxMm).toBeGreaterThan(est.distanceMm);
    expect(blindSpotSpread(est)).toBeGreaterThan(0);
    expect(blindSpotSpread(blindSpotEstimate({ outwardMm: [near], inwardMm: [far] }))).toBe(0);
  });
  it('needs both directions, positive positions, and inward presses beyond the outward ones', () => {
    expect(() => blindSpotEstimate({ outwardMm: [130], inwardMm: [] })).toThrow(CoreInputError);
    expect(() => blindSpotEstimate({ outwardMm: [-1], inwardMm: [190] })).toThrow(CoreInputError);
    expect(() => blindSpotEstimate({ outwardMm: [190], inwardMm: [130] })).toThrow(CoreInputError);
  });
});

describe('68-point landmarks', () => {
  it('takes the eye centres of 36–41 and 42–47 and the nose tip 30', () => {
    const points = Array.from({ length: 68 }, () => ({ x: 0, y: 0 }));
    for (let i = 36; i <= 41; i++) points[i] = { x: 100 + (i % 2), y: 200 };
    for (let i = 42; i <= 47; i++) points[i] = { x: 160 + (i % 2), y: 200 };
    points[30] = { x: 130.5, y: 240 };
    const { spanPx, turn } = eyeSpanFrom68(points);
    expect(spanPx).toBeCloseTo(60, 10);
    expect(turn).toBeCloseTo(0, 10);
    points[30] = { x: 150, y: 240 };
    expect(eyeSpanFrom68(points).turn).toBeGreaterThan(0.2);
    expect(() => eyeSpanFrom68(points.slice(0, 67))).toThrow(CoreInputError);
  });
});
