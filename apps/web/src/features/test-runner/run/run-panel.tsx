import { Component, Suspense, useCallback } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import {
  defaultRng,
  knownAcuityLogMar,
  panelKey,
  type ControllerStep,
  type FlowState,
  type TestId,
  type Viewing,
} from '@visus/core';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useT } from '@/lib/i18n/i18n';
import { TEST_PANELS } from '@/features/test-runner/panels';
import type { ResultPatch } from '@/features/test-runner/panels/panel-types';
import { resultsUpdated } from '@/features/test-runner/test-results-slice';
import {
  flowEvent,
  keyConsumed,
  panelStepChanged,
  progressed,
  steppedBack,
} from '@/features/test-runner/test-slice';
import type { RunTrials } from './use-flow-snapshot';

/** Catches a panel's crash: the flow stops ('A Test Error Has Occurred') and the results so far are kept. */
class PanelErrorBoundary extends Component<
  { onError: (error: unknown) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Test panel failed', error, info.componentStack);
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

interface RunPanelProps {
  test: TestId;
  flow: FlowState;
  /** A single test ends the session when it ends. */
  single: boolean;
  testMode: boolean;
  /** The session asked for crowding bars (SPEC.md §3); only the charts that offer them draw them. */
  crowding: boolean;
  viewing: Viewing;
  age: number | null;
  trials: RunTrials;
}

const now = () => Date.now();

/**
 * The panel of the running test (one mount per eye's run, keyed by core panelKey), wired to
 * the flow: its keys, progress, step back and results go to the store; a crash stops the run.
 */
export function RunPanel({ test, flow, single, testMode, crowding, viewing, age, trials }: RunPanelProps) {
  const dispatch = useAppDispatch();
  // A single test ends the session when it ends: core's next-step rule needs the finish flag for that
  // (otherwise the end of Part A would lead on to Part B).
  const progress = useCallback(
    (flags: { skip?: boolean; finish?: boolean } = {}) =>
      dispatch(progressed({ now: Date.now(), ...flags, ...(single ? { finish: true } : {}) })),
    [dispatch, single],
  );
  const record = useCallback((patch: ResultPatch) => dispatch(resultsUpdated(patch)), [dispatch]);
  const consumeKey = useCallback(() => dispatch(keyConsumed()), [dispatch]);
  const stepBack = useCallback(() => dispatch(steppedBack()), [dispatch]);
  const stop = useCallback(() => dispatch(flowEvent({ type: 'stop' })), [dispatch]);
  // This test's result for this eye so far (Diamond adds each round to the ones before).
  const recorded = useAppSelector(
    (state) => (state.testResults.results[test] as Record<string, unknown> | undefined)?.[flow.eye],
  );
  // The acuity this battery measured for this eye, for a panel that sizes its stimulus from it.
  const knownLogMar = useAppSelector((state) => knownAcuityLogMar(state.testResults.results, flow.eye));
  const t = useT();
  const Panel = TEST_PANELS[test];
  const runKey = panelKey(flow);
  const reportStep = useCallback(
    (step: ControllerStep) => dispatch(panelStepChanged({ run: runKey, step })),
    [dispatch, runKey],
  );
  return (
    <PanelErrorBoundary key={runKey} onError={stop}>
      <Suspense fallback={<CircularProgress aria-label={t('run.loading')} sx={{ m: 'auto' }} />}>
        <Panel
          key={runKey}
          test={test}
          eye={flow.eye}
          round={flow.currentLoop}
          loopLength={flow.loopLength}
          pendingKey={flow.keyPressed}
          consumeKey={consumeKey}
          progress={progress}
          stepBack={stepBack}
          record={record}
          recorded={recorded}
          viewing={viewing}
          age={age}
          rng={defaultRng}
          now={now}
          testMode={testMode}
          crowding={crowding}
          resumeTrials={trials.resumeTrials}
          saveTrials={trials.saveTrials}
          knownLogMar={knownLogMar}
          reportStep={reportStep}
        />
      </Suspense>
    </PanelErrorBoundary>
  );
}
