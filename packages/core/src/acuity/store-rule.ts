import { CALIBRATION_LIMITS } from '../calibration/calibration';
import { CoreInputError, requireInRange, requireInteger } from '../errors/core-input-error';
import type { AcuityEyeResult } from '../results/results';
import type { AcuityResult } from './procedure';

/**
 * SPEC.md §4 "Acuity tests": the result for the current eye is stored when the round count equals the
 * loop length or the adaptive procedure says it has finished. Rounds count from 1.
 */
export function shouldStoreAcuityResult(
  round: number,
  loopLength: number,
  procedureFinished: boolean,
): boolean {
  const r = requireInteger(round, 0, 10_000, 'round');
  const l = requireInteger(loopLength, 1, 10_000, 'loop length');
  if (typeof procedureFinished !== 'boolean') throw new CoreInputError('procedureFinished must be a boolean');
  return r === l || procedureFinished;
}

/**
 * The stored per-eye record (SPEC.md §3: "Acuity tests store va, rounds, loopLength"); va in logMAR. A
 * censored result (ADR 0010) also keeps `censored` and `bound`, so that it is stored, shown and exported as
 * a bound and never as the measured value its `logMAR` (= bound) would otherwise read as.
 */
export function acuityEyeResult(result: AcuityResult, loopLength: number): AcuityEyeResult {
  const record: AcuityEyeResult = {
    va: result.logMAR,
    rounds: result.trials,
    loopLength: requireInteger(loopLength, 1, 10_000, 'loop length'),
  };
  if (result.censored === undefined && result.bound === undefined) return record;
  if (result.censored === undefined || result.bound === undefined)
    throw new CoreInputError('a censored acuity result needs both censored and bound');
  return { ...record, censored: result.censored, bound: result.bound };
}

/**
 * The record an acuity chart (Sloan, Landolt C, Tumbling E) stores per eye: {@link acuityEyeResult} plus
 * the procedure's estimate, 95 % interval and Snellen label (DESIGN.md §5), and the viewing distance the
 * chart was drawn for — what a bound's reason says ("the smallest line this screen can draw at 0.6 m") —
 * and whether the optotypes were crowded (bars around each; not comparable with an uncrowded value).
 */
export function acuityChartEyeResult(
  result: AcuityResult,
  loopLength: number,
  distanceMm: number,
  crowded: boolean,
): AcuityEyeResult {
  const { min, max } = CALIBRATION_LIMITS.distanceMm;
  if (typeof crowded !== 'boolean') throw new CoreInputError('crowded must be true or false');
  return {
    ...acuityEyeResult(result, loopLength),
    logMAR: result.logMAR,
    ci95: result.ci95,
    snellen: result.snellen,
    distanceMm: requireInRange(distanceMm, min, max, 'viewing distance (mm)'),
    crowded,
  };
}
