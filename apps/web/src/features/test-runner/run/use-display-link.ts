import { useEffect, useMemo, useRef, useState } from 'react';
import {
  controllerLinkStatus,
  panelKey,
  partBMethodOf,
  phoneKey,
  phoneStatus,
  reconnectState,
  type ControllerStep,
  type FlowState,
} from '@visus/core';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { controllerStatusChanged } from '@/features/test-runner/session-slice';
import { controllerReady, flowEvent, keyPressed } from '@/features/test-runner/test-slice';
import { useTestsSocket, type TestsSocketApi } from '@/lib/realtime/use-tests-socket';

/** The display's side of the phone link, as the run shows it. */
export interface DisplayLink {
  link: TestsSocketApi;
  /** A phone is in the session's room now (the server's session-state). */
  controllerConnected: boolean;
  /**
   * When the phone that drove this run left (its tab closed, its network dropped), ms since the epoch;
   * null while it is there or when no phone has driven this run.
   */
  phoneLeftAt: number | null;
}

/**
 * The display's socket link to the phone (SPEC.md §4 handshake, §7 Realtime): a key from the phone goes
 * through core phoneKey into the flow; the phone is told the status on every change of status, test or
 * eye and again whenever a phone (re)joins; a reconnecting phone gets core reconnectState; at Ready with a
 * socket the handshake starts (Check → sync-controller).
 */
export function useDisplayLink(
  pin: string,
  authToken: string | null,
  speech?: { on: boolean; setOn: (on: boolean) => void },
): DisplayLink {
  const dispatch = useAppDispatch();
  const flow = useAppSelector((state) => state.test.flow);
  // The running panel's step (Astigmatism Axis: letter, then images), only while its run is on screen.
  const panelStep = useAppSelector((state) => state.test.panelStep);
  const step: ControllerStep | undefined =
    flow.status === 'InTest' && panelStep?.run === panelKey(flow) ? panelStep.step : undefined;
  const flowRef = useRef(flow);
  const stepRef = useRef(step);
  const speechRef = useRef(speech);
  useEffect(() => {
    flowRef.current = flow;
    stepRef.current = step;
    speechRef.current = speech;
  });

  const auth = useMemo(
    () => (authToken ? ({ role: 'display', token: authToken, pin } as const) : null),
    [authToken, pin],
  );
  const link = useTestsSocket(
    auth,
    {
      'controller-ready': ({ correction }) => {
        dispatch(controllerReady(correction));
        dispatch(controllerStatusChanged('Ready'));
      },
      'controller-key': ({ key }) => {
        const taken = phoneKey(flowRef.current.currentTest, key);
        if (taken !== null) dispatch(keyPressed({ key: taken, now: Date.now() }));
      },
      // The phone's status changed (SPEC.md §4 step 4): the link's status follows it, and the display
      // answers with its own, so a phone that is out of step is put right.
      'controller-status': ({ currentStatus }) => {
        dispatch(controllerStatusChanged(controllerLinkStatus(currentStatus)));
        report(flowRef.current);
      },
      // The phone's voice toggle (issue 20 item 2): the display speaks or is muted.
      'controller-speech': ({ speak }) => speechRef.current?.setOn(speak),
      'sync-display': () => {
        const state = reconnectState(flowRef.current);
        const current = stepRef.current;
        void link.emit('display-reconnect', { state: current ? { ...state, step: current } : state });
        report(flowRef.current);
      },
    },
    { onConnect: () => report(flowRef.current) },
  );
  const connected = link.connection === 'connected';
  const controllerConnected = link.sessionState?.controllerConnected ?? false;

  function report(current: FlowState) {
    if (current.status === '') return;
    if (current.status === 'Check') {
      // Handshake step 1: ask the phone to sync (it answers controller-ready with the correction).
      void link.emit('sync-controller', { testStatus: 'Check', currentTest: current.currentTest });
      dispatch(controllerStatusChanged('Sync'));
      return;
    }
    const testStatus = phoneStatus(current.status);
    const partBMethod = partBMethodOf(current.currentTest);
    const step = stepRef.current;
    void link.emit('display-key', {
      currentTest: current.currentTest,
      testStatus,
      partBMethod,
      ...(step ? { step } : {}),
    });
    void link.emit('display-status', { testStatus });
  }
  const reportRef = useRef(report);
  useEffect(() => {
    reportRef.current = report;
  });

  // Tell the phone on every change of status, test, eye or step, and again when a phone (re)joins.
  useEffect(() => {
    if (connected) reportRef.current(flowRef.current);
  }, [connected, controllerConnected, flow.status, flow.currentTest, flow.eye, step]);

  // The phone's voice toggle shows the display's state: told when a phone (re)joins and on every change.
  const speaking = speech?.on;
  const { emit } = link;
  useEffect(() => {
    if (connected && controllerConnected && speaking !== undefined)
      void emit('display-speech', { speak: speaking });
  }, [connected, controllerConnected, speaking, emit]);

  // Handshake: Ready with a socket and no check yet → Check.
  useEffect(() => {
    if (flow.status === 'Ready' && !flow.controllerChecked && connected)
      dispatch(flowEvent({ type: 'check' }));
  }, [dispatch, flow.status, flow.controllerChecked, connected]);

  // A phone that was here and is gone: the run says so (the keyboard can go on, another phone can join).
  const [phoneLeftAt, setPhoneLeftAt] = useState<number | null>(null);
  const phoneSeen = useRef(false);
  useEffect(() => {
    if (controllerConnected) phoneSeen.current = true;
    // Only the server's word counts: while this display's own link is down it cannot know.
    if (!connected) return;
    const leftAt = controllerConnected || !phoneSeen.current ? null : Date.now();
    setPhoneLeftAt((previous) => (leftAt === null ? null : (previous ?? leftAt)));
  }, [controllerConnected, connected]);

  return { link, controllerConnected, phoneLeftAt };
}
