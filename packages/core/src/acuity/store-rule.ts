import { CoreInputError, requireInteger } from '../errors/core-input-error';
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

/** The stored per-eye record (SPEC.md §3: "Acuity tests store va, rounds, loopLength"); va in logMAR. */
export function acuityEyeResult(result: AcuityResult, loopLength: number): AcuityEyeResult {
  return {
    va: result.logMAR,
    rounds: result.trials,
    loopLength: requireInteger(loopLength, 1, 10_000, 'loop length'),
  };
}
