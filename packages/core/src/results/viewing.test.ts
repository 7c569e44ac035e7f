import { describe, expect, it } from 'vitest';
import { viewingText, plannedViewingMethod } from './viewing';

describe('viewingText', () => {
  it('gives the camera range in metres', () => {
    expect(viewingText({ method: 'camera', distanceMm: 3000, minMm: 2900, maxMm: 3100 })).toBe(
      'distance measured by camera: 2.9–3.1 m',
    );
    expect(viewingText({ method: 'camera', distanceMm: 612, minMm: 590, maxMm: 640 })).toBe(
      'distance measured by camera: 0.59–0.64 m',
    );
  });
  it('gives one value when the range rounds to it, or there is none', () => {
    expect(viewingText({ method: 'camera', distanceMm: 600, minMm: 599, maxMm: 601 })).toBe(
      'distance measured by camera: 0.60 m',
    );
    expect(viewingText({ method: 'typed', distanceMm: 600 })).toBe('distance typed: 0.60 m');
    expect(viewingText({ method: 'blind-spot', distanceMm: 1250 })).toBe(
      'distance estimated with the blind-spot check: 1.3 m',
    );
  });
  it('says "not recorded" for a record without it', () => {
    expect(viewingText(undefined)).toBe('distance: not recorded');
  });
});

describe('plannedViewingMethod: how the calibration’s distance was known', () => {
  it('is the blind-spot check while the distance is still its estimate, to the centimetre', () => {
    expect(plannedViewingMethod({ distanceMm: 620, blindSpotDistanceMm: 620 })).toBe('blind-spot');
    expect(plannedViewingMethod({ distanceMm: 620, blindSpotDistanceMm: 616 })).toBe('blind-spot');
  });
  it('is typed when the distance was typed, or changed after the check', () => {
    expect(plannedViewingMethod({ distanceMm: 600 })).toBe('typed');
    expect(plannedViewingMethod({ distanceMm: 700, blindSpotDistanceMm: 620 })).toBe('typed');
  });
});
