import { isColourCalibrated } from '../flow/calibration-requirements';
import { CoreInputError } from '../errors/core-input-error';
import { USER_AGENT_MAX_LENGTH, type ResultCalibration, type ResultCalibrationMethod } from './results';

/*
 * The screen calibration a result keeps (docs/results.md "Record shape"). On its own, apart from the
 * report's wording, so the test screen that stores it does not load the report.
 */

/**
 * The calibration snapshot a display stores with a result: the calibration it drew the charts with, the
 * gamma (null when the colours were never calibrated: the settings' default gamma 1 is not a
 * measurement) and the browser's user agent, cut to {@link USER_AGENT_MAX_LENGTH} characters.
 * @param calibration the active calibration: method, px per mm and viewing distance in mm
 * @param devicePixelRatio `window.devicePixelRatio` during the test
 * @param gamma the stored display gamma
 * @param userAgent `navigator.userAgent`
 */
export function resultCalibration(
  calibration: { method: ResultCalibrationMethod; pixelsPerMm: number; distanceMm: number },
  devicePixelRatio: number,
  gamma: number,
  userAgent: string,
): ResultCalibration {
  if (typeof calibration !== 'object' || calibration === null)
    throw new CoreInputError('calibration must be an object');
  return {
    method: calibration.method,
    pxPerMm: calibration.pixelsPerMm,
    distanceMm: calibration.distanceMm,
    devicePixelRatio,
    gamma: isColourCalibrated(gamma) ? gamma : null,
    userAgent: userAgent.slice(0, USER_AGENT_MAX_LENGTH),
  };
}
