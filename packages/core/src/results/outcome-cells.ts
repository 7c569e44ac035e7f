import type { DiamondEyeResult } from '../diamond/diamond';
import { diamondOutcome } from '../diamond/diamond-outcome';
import type { TestId } from '../flow/test-definitions';
import type { SpokeVisualAngle } from '../spoke/spoke-angle';

/*
 * The CSV columns of what Diamond and the spoke tests mean (issue 17, docs/results.md "Diamond", "Spoke
 * Circle"), appended after every earlier column so existing readers keep their places. Empty for other
 * tests; for older records the score and angles are empty and `perRound` says what was not recorded.
 */

/** Appended CSV columns, in order. */
export const OUTCOME_CSV_COLUMNS = [
  /** Diamond: rounds in which the grating tile was chosen. */
  'correctRounds',
  /** Diamond: rounds recorded (the score is correctRounds of scoredRounds; chance is 1 in 4 per round). */
  'scoredRounds',
  /** Spoke Circle: average diameter; Spoke Ellipse: average width; degrees of visual angle. */
  'visualAngleDeg',
  /** Their spread (sample standard deviation), degrees. */
  'visualAngleSpreadDeg',
  /** The viewing distance the angles (or an acuity chart) were measured at, mm. */
  'viewingDistanceMm',
  /** Each round in words. */
  'perRound',
] as const;

export type OutcomeCsvColumn = (typeof OUTCOME_CSV_COLUMNS)[number];

const angleText = (degrees: number) => `${degrees}°`;

/** The appended cells of one eye's outcome (null = empty). */
export function outcomeCells(test: TestId, value: unknown): Record<OutcomeCsvColumn, string | number | null> {
  const cells: Record<OutcomeCsvColumn, string | number | null> = {
    correctRounds: null,
    scoredRounds: null,
    visualAngleDeg: null,
    visualAngleSpreadDeg: null,
    viewingDistanceMm: null,
    perRound: null,
  };
  if (typeof value !== 'object' || value === null) return cells;
  switch (test) {
    case 'diamond': {
      const v = value as DiamondEyeResult;
      const outcome = diamondOutcome(v);
      if (!outcome.score || !v.rounds) {
        cells.perRound = `not recorded (last round: tile ${v.selected} at contrast ${v.contrast} %)`;
        return cells;
      }
      cells.correctRounds = outcome.score.correct;
      cells.scoredRounds = outcome.score.of;
      cells.perRound = v.rounds
        .map(
          (r, i) =>
            `${i + 1}: tile ${r.selected} (grating ${r.gratingTile}, ${r.correct ? 'found' : 'missed'}) at ${r.contrast} %`,
        )
        .join('; ');
      return cells;
    }
    case 'spokeCircle':
    case 'spokeEllipse': {
      const angle = (value as { visualAngle?: SpokeVisualAngle }).visualAngle;
      const units =
        test === 'spokeCircle'
          ? (value as { acuityResults: number[] }).acuityResults.map((u) => ({ size: u, rotation: null }))
          : (value as { acuityResults: { width: number; rotation: number }[] }).acuityResults.map((r) => ({
              size: r.width,
              rotation: r.rotation,
            }));
      const at = (rotation: number | null) => (rotation === null ? '' : ` at ${rotation}°`);
      if (angle) {
        cells.visualAngleDeg = angle.average;
        cells.visualAngleSpreadDeg = angle.diff;
        cells.viewingDistanceMm = angle.distanceMm;
        cells.perRound = angle.sizes
          .map((s, i) => `${angleText(s)}${at(units[i]?.rotation ?? null)}`)
          .join('; ');
      } else {
        cells.perRound = `${units
          .map((u) => `${Number(u.size.toFixed(1))}${at(u.rotation)}`)
          .join('; ')} canvas units (visual angle: not recorded)`;
      }
      return cells;
    }
    default: {
      // An acuity chart's own viewing distance, when its record keeps it.
      const distance = (value as { distanceMm?: unknown }).distanceMm;
      if (typeof distance === 'number') cells.viewingDistanceMm = distance;
      return cells;
    }
  }
}
