import type { AcuityTrial } from '../acuity/procedure';
import type { FlowState } from './transition';

/*
 * One panel run: a test in a section and place of the flow, for one eye. The display mounts one panel per
 * run, and a panel that can resume after a reload (docs/adr/0007) gets back the trials of its own run only.
 */

/** The run's key: section, place in the flow and eye, e.g. 'Part A-0-right'. */
export function panelKey(flow: Pick<FlowState, 'section' | 'flowIndex' | 'eye'>): string {
  return `${flow.section}-${flow.flowIndex}-${flow.eye}`;
}

/** Trials answered in one panel run: which run (its {@link panelKey}) and the trials, in order. */
export interface PanelTrials {
  panel: string;
  trials: AcuityTrial[];
}

/**
 * Whether `trials` are the running panel run's (its {@link panelKey}) and count exactly its rounds so far
 * (round `currentLoop` is the next one): only then can that run resume after them.
 */
export function trialsFitRun(
  trials: PanelTrials,
  flow: Pick<FlowState, 'section' | 'flowIndex' | 'eye' | 'currentLoop'>,
): boolean {
  return trials.panel === panelKey(flow) && trials.trials.length === flow.currentLoop - 1;
}
