import type {
  AcuityTrial,
  ControllerStep,
  Eye,
  KeyPress,
  Rng,
  TestId,
  TestResults,
  Viewing,
} from '@visus/core';

/**
 * How the test screen talks to the panel that runs one test (Sloan, Diamond, …). The screen owns the flow
 * (core `transition`): statuses, eyes, rounds and saving. A panel owns the test's own rules (core), draws its
 * stimulus and turns keys into answers.
 */

/** A partial result for the current test, merged into the session's `TestResults` by the screen. */
export type ResultPatch = Partial<Omit<TestResults, 'start' | 'end'>>;

export interface TestPanelProps {
  readonly test: TestId;
  /** Eye under test; Presbyopia is done with both eyes and stores under `stereo`. */
  readonly eye: Eye;
  /** Current round, 1-based (the flow's currentLoop). */
  readonly round: number;
  readonly loopLength: number;
  /** The pending key, already debounced and checked against the controller handshake; null when none. */
  readonly pendingKey: KeyPress | null;
  /** Every pending key must be consumed, whether the panel used it or ignored it. */
  readonly consumeKey: () => void;
  /** Asks the flow for the next step (SPEC.md §4 next-step rule); `skip` ends the eye, `finish` the test. */
  readonly progress: (flags?: { skip?: boolean; finish?: boolean }) => void;
  /** Diamond only: back one round. */
  readonly stepBack: () => void;
  /** Stores a result for the current test (call before `progress`). */
  readonly record: (patch: ResultPatch) => void;
  /**
   * What this test has recorded for this eye so far in the session (the store's value, undefined when
   * nothing): a panel that builds on its earlier rounds reads them here (Diamond keeps every round).
   */
  readonly recorded?: unknown;
  /** The person's calibration in this window (core `viewingFrom`): every size is computed from it by core. */
  readonly viewing: Viewing;
  /** The person's age in whole years (Presbyopia), null when unknown. */
  readonly age: number | null;
  readonly rng: Rng;
  readonly now: () => number;
  /** Test mode (admins and testers): a panel may show its procedure's state for the tester. */
  readonly testMode?: boolean;
  /**
   * The session asked for crowded optotypes (SPEC.md §3 `crowding`): the acuity panel draws bars around
   * Sloan and Tumbling E (core `drawsCrowded`) and stores `crowded` with the result.
   */
  readonly crowding?: boolean;
  /**
   * The trials this eye had answered before the display was reloaded (`round` is then the next one). A
   * panel that can resume (acuity charts, Astigmatism Power) goes on after them; the screen passes them only when they
   * account for exactly the rounds so far, and otherwise restarts the eye from round 1.
   */
  readonly resumeTrials?: readonly AcuityTrial[];
  /** A panel that can resume reports its answered trials after every answer (kept in the flow snapshot). */
  readonly saveTrials?: (trials: readonly AcuityTrial[]) => void;
  /**
   * The person's acuity for this eye known in this battery (logMAR, core knownAcuityLogMar), or null: a
   * panel that sizes its stimulus from it uses the SPEC.md §9 fallback without it (Astigmatism Axis).
   */
  readonly knownLogMar?: number | null;
  /** A panel whose pad changes within its run tells which step it is in (the phone shows its pad). */
  readonly reportStep?: (step: ControllerStep) => void;
}
