import { describe, expect, it } from 'vitest';
import { DEFAULT_GAMMA, gammaFromMatchedGrey } from '../calibration/gamma';
import { CoreInputError } from '../errors/core-input-error';
import {
  calibrationsNeeded,
  isColourCalibrated,
  missingCalibrations,
  sessionTests,
} from './calibration-requirements';
import { TEST_IDS, type TestId } from './test-definitions';

describe('which tests need which calibration', () => {
  it('every test needs the screen calibration; Astigmatism Power and Diamond also the colour one', () => {
    const colour = TEST_IDS.filter((id) => calibrationsNeeded(id).includes('colour'));
    expect(colour).toEqual(['astigPower', 'diamond']);
    for (const id of TEST_IDS) expect(calibrationsNeeded(id)).toContain('screen');
    expect(() => calibrationsNeeded('fog' as TestId)).toThrow(CoreInputError);
  });

  it('gamma 1 is "never calibrated"; every gamma the matching control can save is calibrated', () => {
    expect(isColourCalibrated(DEFAULT_GAMMA)).toBe(false);
    expect(isColourCalibrated(Number.NaN)).toBe(false);
    expect(isColourCalibrated(2.2)).toBe(true);
    // The control saves γ of whole grey levels 1 … 254, rounded to 3 decimals: none is 1.
    for (let v = 1; v <= 254; v++) {
      const saved = Math.round(gammaFromMatchedGrey(v) * 1000) / 1000;
      expect(isColourCalibrated(saved), `grey ${v} → γ ${saved}`).toBe(true);
    }
  });

  it('a session runs its single test, or the whole battery (flow A, B, C)', () => {
    expect(sessionTests({ single: 'astigPower', testFlowA: [] })).toEqual(['astigPower']);
    expect(sessionTests({ single: null, testFlowA: ['sloan', 'duoChrome'] })).toEqual([
      'sloan',
      'duoChrome',
      'diamond',
      'astigAxis',
      'spokeCircle',
      'presbyopia',
    ]);
  });

  it('lists each missing calibration with the tests that need it', () => {
    const battery = sessionTests({ single: null, testFlowA: ['landoltC', 'duoChrome'] });
    expect(missingCalibrations(battery, { screen: true, gamma: 2.2 })).toEqual([]);
    expect(missingCalibrations(battery, { screen: true, gamma: 1 })).toEqual([
      { kind: 'colour', tests: ['diamond'] },
    ]);
    expect(missingCalibrations(['sloan'], { screen: true, gamma: 1 })).toEqual([]);
    expect(missingCalibrations(['astigPower', 'astigPower'], { screen: false, gamma: 1 })).toEqual([
      { kind: 'screen', tests: ['astigPower'] },
      { kind: 'colour', tests: ['astigPower'] },
    ]);
    expect(missingCalibrations(['astigAxis'], { screen: false, gamma: 2.2 })).toEqual([
      { kind: 'screen', tests: ['astigAxis'] },
    ]);
  });
});
