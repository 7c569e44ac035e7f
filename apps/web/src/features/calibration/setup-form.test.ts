import { describe, expect, it } from 'vitest';
import { cssPx, pxPerMmFromCard } from '@visus/core';
import { settingsBody, type SetupValues } from './setup-form';

const values = (blindSpotMm: number | null): SetupValues => ({
  method: 'card',
  cardWidthPx: 324,
  diagonalInches: '',
  resolutionWidth: '1920',
  resolutionHeight: '1080',
  distanceMetres: '0.62',
  blindSpotMm,
});
const checked = (distanceMm: number) => ({
  pxPerMm: pxPerMmFromCard(cssPx(324)),
  distanceMm,
  diagonalInches: null,
  resolution: { width: 1920, height: 1080 },
});
const window = { devicePixelRatio: 1, cssResolution: { width: 1920, height: 1080 } };
const native = { width: 1920, height: 1080 };

describe('settingsBody: the blind-spot estimate travels with the distance taken from it', () => {
  it('keeps blindSpotDistanceMm while the distance is the estimate', () => {
    const body = settingsBody(values(620), checked(620), window, native);
    expect(body.card).toMatchObject({ distanceMm: 620, blindSpotDistanceMm: 620 });
  });
  it('leaves it out for a typed distance, or one changed after the check', () => {
    expect(settingsBody(values(null), checked(620), window, native).card).not.toHaveProperty(
      'blindSpotDistanceMm',
    );
    expect(settingsBody(values(620), checked(900), window, native).card).not.toHaveProperty(
      'blindSpotDistanceMm',
    );
  });
});
