import { DEFAULT_GAMMA } from '../calibration/gamma';
import { FLOW_B, FLOW_C, testDefinition, type TestId } from './test-definitions';

/*
 * Which calibration each test needs before it may start (issue 17 item 3, docs/adr/0013).
 *
 * - 'screen' (Setup: px per mm and distance): every test draws at a true visual angle — the acuity
 *   letters, the gratings' spatial frequency, the spoke and Diamond sizes — so every test needs it.
 * - 'colour' (Calibrate Colour: the display gamma): the tests that ask "which patch holds the lines"
 *   next to uniform patches — Astigmatism Power and Diamond. Their blanks emit the grating's mean
 *   luminance only under the right gamma; with the default gamma 1 on a γ 2.2 screen the grating is
 *   ≈ 65 % brighter than the blanks and can be picked without resolving a bar. (Astigmatism Axis shows
 *   gratings on both sides, so brightness picks neither; it does not need the gamma.)
 */

/** A calibration a test may need. */
export type CalibrationKind = 'screen' | 'colour';

const NEEDS_COLOUR: ReadonlySet<TestId> = new Set<TestId>(['astigPower', 'diamond']);

/** The calibrations test `id` needs before it starts; throws CoreInputError for an unknown test. */
export function calibrationsNeeded(id: TestId): readonly CalibrationKind[] {
  return NEEDS_COLOUR.has(testDefinition(id).id) ? ['screen', 'colour'] : ['screen'];
}

/**
 * Whether a stored gamma comes from Calibrate Colour. The settings hold gamma 1 ({@link DEFAULT_GAMMA})
 * until the person calibrates (SPEC.md §9), and the calibration never yields exactly 1: it matches an
 * 8-bit grey level v to stripes of mean luminance 0.5, γ = log 0.5 / log(v / 255), stored to 3 decimals,
 * and no whole v gives 1.000 (v = 127 → 0.995, v = 128 → 1.006; γ = 1 needs v = 127.5). Real screens are
 * ≈ 1.8 – 2.6, so 1 is the "never calibrated" value.
 */
export function isColourCalibrated(gamma: number): boolean {
  return Number.isFinite(gamma) && gamma !== DEFAULT_GAMMA;
}

/**
 * The tests a session runs: its single test, or the battery (its flow A, then flow B and flow C; SPEC.md
 * §4). The check happens before the session starts, so a battery is refused up front, never midway.
 */
export function sessionTests(session: {
  readonly single: TestId | null;
  readonly testFlowA: readonly TestId[];
}): readonly TestId[] {
  return session.single !== null ? [session.single] : [...session.testFlowA, ...FLOW_B, ...FLOW_C];
}

/** What the screen holds now: a screen calibration (valid here) and the stored gamma. */
export interface CalibrationState {
  readonly screen: boolean;
  readonly gamma: number;
}

/**
 * For each calibration missing for `tests`, the tests that need it, in order (empty when all may start).
 * E.g. a battery on a screen without Calibrate Colour → [{ kind: 'colour', tests: ['diamond'] }].
 */
export function missingCalibrations(
  tests: readonly TestId[],
  state: CalibrationState,
): { readonly kind: CalibrationKind; readonly tests: readonly TestId[] }[] {
  const have: Record<CalibrationKind, boolean> = {
    screen: state.screen,
    colour: isColourCalibrated(state.gamma),
  };
  return (['screen', 'colour'] as const)
    .map((kind) => ({
      kind,
      tests: [...new Set(tests)].filter((id) => !have[kind] && calibrationsNeeded(id).includes(kind)),
    }))
    .filter((missing) => missing.tests.length > 0);
}
