import { act, render } from '@testing-library/react';
import { useState, type ComponentType } from 'react';
import { vi } from 'vitest';
import {
  createSeededRng,
  viewingFrom,
  type AcuityTrial,
  type ControllerStep,
  type Eye,
  type KeyPress,
  type TestId,
  type Viewing,
} from '@visus/core';
import type { ResultPatch, TestPanelProps } from './panel-types';

/** 3.78 CSS px/mm at 600 mm: ≈ 39.6 px per degree, a 96-dpi laptop at arm's length. */
export const TEST_VIEWING = viewingFrom({ pixelsPerMm: 3.78, distanceMm: 600 }, 1, 2.2);

/**
 * Renders a panel inside a stand-in for the test screen (component tests only): it keeps the pending key
 * until the panel consumes it, and moves the flow like core `transition` does for one test — `progress`
 * increments the round, and after the last round of the right eye switches to the left eye at round 1;
 * `stepBack` goes back one round.
 */
export function renderPanel(
  Panel: ComponentType<TestPanelProps>,
  options: {
    test: TestId;
    loopLength: number;
    round?: number;
    age?: number | null;
    seed?: number;
    /** Trials answered before a reload, for the first (right-eye) run. */
    resumeTrials?: readonly AcuityTrial[];
    /** The session's test mode (a panel may show its procedure's state). */
    testMode?: boolean;
    /** The session's crowding (SPEC.md §3). */
    crowding?: boolean;
    /** Keep the canvas mock the test installed (stimuli/canvas-mock.ts) to check the painted pixels. */
    paint?: boolean;
    /** The calibration; default {@link TEST_VIEWING}. */
    viewing?: Viewing;
    /** The acuity known for the eye (Astigmatism Axis sizes its letter from it). */
    knownLogMar?: number | null;
  },
) {
  // jsdom has no canvas; the stimuli skip painting when there is no 2D context (restored after each test).
  if (!options.paint) vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const record = vi.fn<(patch: ResultPatch) => void>();
  const progress = vi.fn<(flags?: { skip?: boolean; finish?: boolean }) => void>();
  const stepBack = vi.fn<() => void>();
  const saveTrials = vi.fn<(trials: readonly AcuityTrial[]) => void>();
  const reportStep = vi.fn<(step: ControllerStep) => void>();
  const consumed: string[] = [];
  const rng = createSeededRng(options.seed ?? 1);
  let at = 0;
  let sendKey: (key: string) => void = () => {};
  let pending: KeyPress | null = null;
  const flow = { eye: 'right' as Eye, round: options.round ?? 1 };

  function Screen() {
    const [state, setState] = useState({ eye: 'right' as Eye, round: options.round ?? 1 });
    const [pendingKey, setPendingKey] = useState<KeyPress | null>(null);
    // What the screen's store would hold: each patch replaces the eye's value for its test.
    const [recorded, setRecorded] = useState<Record<string, Record<string, unknown>>>({});
    pending = pendingKey;
    flow.eye = state.eye;
    flow.round = state.round;
    sendKey = (key) => setPendingKey({ key, at: (at += 1000) });
    return (
      <Panel
        test={options.test}
        eye={state.eye}
        round={state.round}
        loopLength={options.loopLength}
        pendingKey={pendingKey}
        consumeKey={() => {
          if (pending) consumed.push(pending.key);
          setPendingKey(null);
        }}
        progress={(flags) => {
          progress(flags);
          setState((s) =>
            s.round < options.loopLength && !flags?.skip
              ? { ...s, round: s.round + 1 }
              : { eye: 'left', round: 1 },
          );
        }}
        stepBack={() => {
          stepBack();
          setState((s) => ({ ...s, round: Math.max(1, s.round - 1) }));
        }}
        record={(patch) => {
          record(patch);
          setRecorded((r) => {
            const next = { ...r };
            for (const [test, perEye] of Object.entries(patch)) next[test] = { ...next[test], ...perEye };
            return next;
          });
        }}
        recorded={recorded[options.test]?.[state.eye]}
        viewing={options.viewing ?? TEST_VIEWING}
        age={options.age === undefined ? 50 : options.age}
        rng={rng}
        now={() => at}
        resumeTrials={state.eye === 'right' ? options.resumeTrials : undefined}
        saveTrials={saveTrials}
        testMode={options.testMode}
        crowding={options.crowding}
        knownLogMar={options.knownLogMar ?? null}
        reportStep={reportStep}
      />
    );
  }
  const view = render(<Screen />);
  return {
    ...view,
    record,
    progress,
    stepBack,
    saveTrials,
    reportStep,
    /** Keys the panel consumed, in order. */
    consumed,
    flow,
    /** Sends a key as the screen would (controller or keyboard) and lets the panel handle it. */
    press: (...keys: string[]) => {
      for (const key of keys) act(() => sendKey(key));
    },
  };
}
