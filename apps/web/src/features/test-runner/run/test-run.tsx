import { useState, type ReactNode } from 'react';
import { acuityRangeCheck, cssPx, runUnderWay, type ResultCalibration, type Viewing } from '@visus/core';
import type { Session } from '@visus/contracts';
import { LoadingOverlay } from '@/components/loading-overlay';
import { CameraDistanceNotice } from '@/features/test-runner/camera/camera-distance-notice';
import { useAppSelector } from '@/app/hooks';
import { CheckScreen } from '@/features/test-runner/check-screen';
import { useIsFullscreen } from '@/lib/fullscreen/use-is-fullscreen';
import { hasResults } from '@/features/test-runner/result-record';
import { useWakeLock } from '@/features/test-runner/use-wake-lock';
import { useSpeechLanguage } from '@/lib/speech/speech-language';
import { useLocale } from '@/lib/i18n/i18n';
import { testName } from '@/lib/i18n/test-names';
import { displayPlace } from './display-help';
import { LeaveGuard } from './leave-guard';
import { RunFrame } from './run-frame';
import { RunPanel } from './run-panel';
import { ScreenTools } from './screen-tools';
import { VoiceNotice } from '@/lib/speech/voice-notice';
import { SpeechButton } from './speech-control';
import { FlowStatusScreen, SavingScreen } from './status-screens';
import { useDisplayLink } from './use-display-link';
import { useFlowSnapshot } from './use-flow-snapshot';
import { useResultSaving } from './use-result-saving';
import { useRunKeys } from './use-run-keys';
import { useSpeechToggle, useSpokenGuidance } from './use-spoken-guidance';

export interface TestRunProps {
  session: Session;
  viewing: Viewing;
  /** How the calibration's distance was known (typed, or the blind-spot check's estimate). */
  distanceMethod: 'typed' | 'blind-spot';
  /** The calibration snapshot the stored result keeps (core `resultCalibration`). */
  calibration?: ResultCalibration;
  age: number | null;
  prefix: string;
  testModeRoute: boolean;
  authToken: string | null;
  /** The person's setting: the screens between eyes and tests move on by themselves (true) or wait. */
  autoAdvance?: boolean;
  /** The person's setting: the display speaks its instructions (issue 20 item 2); muted when false. */
  speakInstructions?: boolean;
}

/**
 * A session's run on the display, composed of its concerns: the flow and its snapshot
 * (use-flow-snapshot), the phone link (use-display-link), the keys and timers (use-run-keys), saving
 * (use-result-saving), and what the screen shows for the flow's status: the check, the running panel,
 * the saving screen or a status screen, in the frame (run-frame).
 */
export function TestRun({
  session,
  viewing,
  distanceMethod,
  calibration,
  age,
  prefix,
  testModeRoute,
  authToken,
  autoAdvance = true,
  speakInstructions = false,
}: TestRunProps) {
  const flow = useAppSelector((state) => state.test.flow);
  const results = useAppSelector((state) => state.testResults.results);
  const fullscreen = useIsFullscreen();
  const pin = session.pin;
  const trials = useFlowSnapshot(session);
  const speech = useSpeechToggle(speakInstructions);
  const { link, controllerConnected, phoneLeftAt } = useDisplayLink(pin, authToken, speech);
  const { countdown, togglePause, moreTime, chooseKeyboard, requestTimer } = useRunKeys(autoAdvance);
  const language = useSpeechLanguage();
  useLocale(); // the test's name and place below follow the language shown
  const [distanceAdvice, setDistanceAdvice] = useState<'move-back' | 'move-closer' | null>(null);
  const checkingNow = (flow.status === 'Ready' || flow.status === 'Check') && !flow.controllerChecked;
  const voice = useSpokenGuidance(
    {
      status: flow.status,
      test: flow.currentTest,
      checking: checkingNow,
      saving: flow.saveRequested,
      paused: countdown?.mode === 'paused',
      distance: distanceAdvice,
    },
    speech.on,
    language,
  );
  const outbox = useResultSaving(session, prefix, calibration);
  useWakeLock(flow.status !== '' && flow.status !== 'Finished' && flow.status !== 'Stopped');

  const test = flow.currentTest;
  if (flow.status === '' || !test) return <LoadingOverlay />;
  const name = testName(test);
  // The activity and method (SPEC.md §1), for a single test too (core batteryPlace says why), in words.
  const place = displayPlace(test);
  const checking = checkingNow;
  const atReady = checking || flow.status === 'Ready' || flow.status === 'Checked';
  const showHint = atReady && (testModeRoute || (flow.section === 'Part A' && test !== 'duoChrome'));

  let body: ReactNode;
  if (checking) {
    body = (
      <CheckScreen
        pin={pin}
        fullscreen={fullscreen}
        controllerConnected={controllerConnected}
        connection={link.connection}
        connectionError={link.error}
        onKeyboard={chooseKeyboard}
      />
    );
  } else if (flow.status === 'InTest' && !flow.saveRequested) {
    body = (
      <RunPanel
        test={test}
        flow={flow}
        single={session.single !== null}
        testMode={session.testMode}
        crowding={session.crowding}
        viewing={viewing}
        age={age}
        trials={trials}
      />
    );
  } else if (flow.saveRequested) {
    body = <SavingScreen outbox={outbox} pin={pin} />;
  } else {
    body = (
      <FlowStatusScreen
        flow={flow}
        testName={name}
        place={place}
        countdown={countdown ? { view: countdown, onTogglePause: togglePause, onMoreTime: moreTime } : null}
        distanceMm={viewing.distanceMm}
        outbox={outbox}
        hadResults={hasResults(results)}
        prefix={prefix}
        rangeCheck={acuityRangeCheck(test, viewing, cssPx(Math.max(100, window.innerHeight)))}
      />
    );
  }

  return (
    <RunFrame
      flow={flow}
      test={test}
      pin={pin}
      testMode={session.testMode}
      checking={checking}
      showHint={showHint}
      connection={link.connection}
      phoneLeftAt={phoneLeftAt}
      place={place}
    >
      {!checking && (
        <CameraDistanceNotice
          test={test}
          plannedMm={viewing.distanceMm}
          plannedMethod={distanceMethod}
          running={flow.status === 'InTest' && !flow.saveRequested}
          onAdvice={setDistanceAdvice}
        />
      )}
      {speech.on && atReady && !checking && (
        <VoiceNotice
          availability={voice}
          language={language}
          sx={{ position: 'absolute', top: 48, left: '50%', transform: 'translateX(-50%)', zIndex: 1 }}
        />
      )}
      {body}
      <ScreenTools
        test={test}
        status={flow.status}
        countdown={countdown}
        requestTimer={requestTimer}
        autoAdvance={autoAdvance}
        distanceMm={viewing.distanceMm}
        setupPath={`/${prefix}/setup`}
      />
      <SpeechButton speech={speech} />
      <LeaveGuard underWay={runUnderWay(flow)} />
    </RunFrame>
  );
}
