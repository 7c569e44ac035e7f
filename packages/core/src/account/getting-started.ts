import { isColourCalibrated } from '../flow/calibration-requirements';

/*
 * The dashboard's "before your first test" steps (issue 17 item 5): shown while they are to do, and
 * put away once done, so a returning person sees their tests and results first. A step done once stays
 * done — except the screen calibration, which is to do again when it no longer holds on this screen
 * (another monitor, a changed zoom: core's calibrationValidity).
 */

/** The steps before a first test, in the order they are taken. */
export const GETTING_STARTED_STEPS = ['screen', 'colour', 'history', 'first-test'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];

/** What is known of a person's set-up. */
export interface SetupProgress {
  /** The screen calibration: none yet, one that holds here, or one that does not hold on this screen. */
  readonly screen: 'none' | 'holds' | 'does-not-hold';
  /** The stored display gamma (1 until Calibrate Colour). */
  readonly gamma: number;
  /** Whether the optical history questionnaire has been saved. */
  readonly history: boolean;
  /** How many results are stored. */
  readonly results: number;
}

/** Each step and whether it is done. */
export function gettingStarted(progress: SetupProgress): { step: GettingStartedStep; done: boolean }[] {
  const done: Record<GettingStartedStep, boolean> = {
    screen: progress.screen === 'holds',
    colour: isColourCalibrated(progress.gamma),
    history: progress.history,
    'first-test': progress.results > 0,
  };
  return GETTING_STARTED_STEPS.map((step) => ({ step, done: done[step] }));
}
