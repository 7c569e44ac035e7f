import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useState } from 'react';
import {
  CONTROLLER_KEYS,
  advancesByItself,
  COMMAND_KEYS,
  normalisePin,
  phoneAnswers,
  type Correction,
  type TestId,
} from '@visus/core';
import { REALTIME_ERRORS } from '@visus/contracts/constants';
import { emitWithAck } from '@/lib/realtime/tests-socket';
import { useTestsLink, type TestsConnection } from '@/lib/realtime/use-tests-link';
import { controllerKeyFor, rememberCorrection, rememberedCorrection } from './controller-identity';
import { ConnectedIcon, ProblemIcon, SyncingIcon } from './controller-icons';
import { ContinueButton, ControllerPad, PauseButton } from './controller-pad';
import { vibrateForAnswer } from './controller-haptics';
import {
  keyLabel,
  prompt,
  refusalAdvice,
  refusalText,
  screenInstruction,
  testName,
  testPlaceText,
  waitingText,
} from './controller-texts';
import { ControllerHelp } from './controller-help';
import { CorrectionQuestion } from './correction-question';
import { t, useLocale, type MessageId } from '@/lib/i18n/i18n';
import { Notice } from './notice';
import { controllerReducer, handshakeDone, initialControllerState } from './controller-state';
import { SpeechSwitch } from './controller-speech';

/** How long a failed key press notice stays up (ms). */
const NOTICE_MS = 3000;
/** How long a taken answer is shown large ("Sent: Left") before it settles into a quiet line (ms). */
export const CONFIRMATION_MS = 2000;

const CONNECTION_TEXT: Record<Exclude<TestsConnection, 'refused'>, MessageId> = {
  connecting: 'status.connecting',
  connected: 'status.connected',
  reconnecting: 'status.reconnecting',
  ended: 'realtime.sessionClosed',
};

function StatusLine({ connection, error }: { connection: TestsConnection; error: string | null }) {
  const text =
    connection === 'refused'
      ? error
        ? refusalText(error)
        : t('status.refused')
      : t(CONNECTION_TEXT[connection]);
  const icon =
    connection === 'connected' ? (
      <ConnectedIcon className="vc-icon vc-ok" />
    ) : connection === 'refused' || connection === 'ended' ? (
      <ProblemIcon className="vc-icon vc-bad" />
    ) : (
      <SyncingIcon className="vc-icon vc-warn" />
    );
  return (
    <div role="status" aria-live="polite" data-testid="controller-status" className="vc-status">
      {icon}
      <span>{text}</span>
    </div>
  );
}

/** A link that looks like a big button (to the main app's pairing screen). */
function LinkButton({ href, outlined, children }: { href: string; outlined?: boolean; children: string }) {
  return (
    <a href={href} className={`vc-button${outlined ? ' vc-outlined' : ''}`}>
      {children}
    </a>
  );
}

/** A failed key press, at the bottom of the screen for NOTICE_MS unless closed sooner. */
function FloatingNotice({ text, onClose }: { text: string; onClose: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onClose, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [text, onClose]);
  return (
    <div role="alert" className="vc-alert vc-notice">
      <div>{text}</div>
      <button type="button" className="vc-notice-close" aria-label={t('page.close')} onClick={onClose}>
        ×
      </button>
    </div>
  );
}

/** The address of the pairing screen: a page of the main app, so links to it load that app. */
const CONNECT_PATH = '/connect';

/**
 * /controller/:token — the phone as the remote of a test on a display (SPEC.md §2, §4). `token` is the
 * path's last part; the page is its own light entry (controller-main.tsx, docs/adr/0005), so links
 * out of it are plain links that load the main app.
 */
export function ControllerPage({ token }: { token: string }) {
  const locale = useLocale(); // its words follow the language picked in the top bar
  // The tab's title (controller.html says it in English until the words are loaded).
  useEffect(() => {
    document.title = `Visus | ${t('page.title')}`;
  }, [locale]);
  const pin = normalisePin(token);
  const [attempt, setAttempt] = useState(0);
  // Typed in lower case or with a dash: one canonical address (and one stored key) per session.
  useLayoutEffect(() => {
    if (pin !== null && pin !== token) window.history.replaceState(null, '', `/controller/${pin}`);
  }, [pin, token]);
  if (pin === null) {
    return (
      <div className="vc-page vc-stack">
        <h1 className="vc-h2">{t('page.title')}</h1>
        <Notice severity="error">{t('realtime.sessionNotFound')}</Notice>
        <LinkButton href={CONNECT_PATH}>{t('page.enterCodeAgain')}</LinkButton>
      </div>
    );
  }
  return <ControllerSession key={`${pin}:${attempt}`} pin={pin} onRetry={() => setAttempt((n) => n + 1)} />;
}

function ControllerSession({ pin, onRetry }: { pin: string; onRetry: () => void }) {
  useLocale();
  // A new page knows nothing yet, except a correction this phone already gave for this session.
  const [controller, dispatch] = useReducer(controllerReducer, pin, (forPin) =>
    controllerReducer(initialControllerState, {
      type: 'controllerStarted',
      correction: rememberedCorrection(forPin),
    }),
  );
  const [notice, setNotice] = useState<{ id: number; text: string } | null>(null);
  // Whether the display speaks its instructions (its display-speech), null until it says.
  const [displaySpeaks, setDisplaySpeaks] = useState<boolean | null>(null);
  // The last key that reached the display, for the question it answered (cleared when the question changes).
  const [lastSent, setLastSent] = useState<{ key: string; label: string; on: string; id: number } | null>(
    null,
  );
  const auth = useMemo(
    () => ({ role: 'controller' as const, pin, controllerKey: controllerKeyFor(pin) }),
    [pin],
  );

  const { connection, error, sessionState, emit } = useTestsLink(
    auth,
    {
      'sync-controller': (payload) => dispatch({ type: 'syncRequested', currentTest: payload.currentTest }),
      'display-key': ({ currentTest, testStatus, partBMethod, step }) =>
        dispatch({ type: 'displayKeyReceived', currentTest, testStatus, partBMethod, step }),
      'display-status': ({ testStatus }) => dispatch({ type: 'displayStatusReceived', testStatus }),
      'display-reconnect': ({ state }) => dispatch({ type: 'displayReconnected', state }),
      'display-speech': ({ speak }) => setDisplaySpeaks(speak),
    },
    {
      // After a drop (or a reload) the display says where the test is (display-reconnect).
      onConnect: (_reconnected, socket) => void emitWithAck(socket, 'sync-display', {}),
    },
  );

  useEffect(() => {
    if (sessionState) dispatch({ type: 'sessionStateReceived', state: sessionState });
  }, [sessionState]);

  // SPEC.md §4 step 4: the phone tells the display its status whenever it changes (and when the display
  // comes back, e.g. after a reload); the display answers with its own.
  const phoneStatusNow = controller.testStatus;
  const displayThere = sessionState?.displayConnected ?? null;
  useEffect(() => {
    if (connection !== 'connected' || phoneStatusNow === null || displayThere === false) return;
    void emit('controller-status', { currentStatus: phoneStatusNow });
  }, [connection, phoneStatusNow, displayThere, emit]);

  const showNotice = (text: string) => setNotice({ id: Date.now(), text });
  const closeNotice = useCallback(() => setNotice(null), []);
  const question = `${controller.currentTest}:${controller.testStatus}:${controller.step ?? ''}`;
  const ready = handshakeDone(controller);
  const live = connection === 'connected';

  async function answerCorrection(correction: Correction) {
    dispatch({ type: 'correctionRequested' });
    const ack = await emit('controller-ready', { correction });
    if (ack.ok && ack.delivered) {
      rememberCorrection(pin, correction);
      dispatch({ type: 'correctionAccepted', correction });
    } else {
      dispatch({ type: 'correctionFailed', error: ack.ok ? t('page.notDelivered') : refusalText(ack.error) });
    }
  }

  async function press(key: string) {
    if (!ready || !live) return;
    const ack = await emit('controller-key', { key });
    if (!ack.ok) showNotice(t('page.notSent', { error: refusalText(ack.error) }));
    else if (!ack.delivered) showNotice(t('page.notDelivered'));
    else {
      // Taken: a short buzz where the phone can, and the answer shown clearly for a moment.
      vibrateForAnswer();
      setLastSent({ key, label: keyLabel(controller.currentTest, key), on: question, id: Date.now() });
    }
  }

  async function setSpeech(speak: boolean) {
    const ack = await emit('controller-speech', { speak });
    if (!ack.ok) showNotice(t('page.notSent', { error: refusalText(ack.error) }));
    else if (!ack.delivered) showNotice(t('page.notDelivered'));
    else setDisplaySpeaks(speak);
  }

  const test = controller.currentTest;
  const status = controller.testStatus;
  const displayConnected = sessionState ? sessionState.displayConnected : null;

  let body;
  if (connection === 'ended' && test) {
    // The display saved the results and closed the session: the normal end of a test this phone drove.
    body = (
      <div className="vc-stack">
        <Notice severity="success">{t('page.testComplete')}</Notice>
        <LinkButton href={CONNECT_PATH} outlined>
          {t('page.connectAnother')}
        </LinkButton>
      </div>
    );
  } else if (connection === 'refused' || connection === 'ended') {
    const takenOrEnded =
      connection === 'ended' ||
      error === REALTIME_ERRORS.sessionClosed ||
      error === REALTIME_ERRORS.controllerTaken;
    body = (
      <div className="vc-stack">
        <Notice severity={connection === 'ended' ? 'info' : 'error'}>
          {refusalAdvice(connection === 'ended' ? REALTIME_ERRORS.sessionClosed : error)}
        </Notice>
        <LinkButton href={CONNECT_PATH}>
          {takenOrEnded ? t('page.connectAnother') : t('page.enterCodeAgain')}
        </LinkButton>
        {connection === 'refused' && error !== REALTIME_ERRORS.sessionNotFound && (
          <button type="button" className="vc-button vc-outlined" onClick={onRetry}>
            {t('page.tryAgain')}
          </button>
        )}
      </div>
    );
  } else if (connection === 'connecting') {
    body = (
      <div className="vc-connecting">
        <div className="vc-spinner" role="progressbar" aria-label={t('status.connecting')} />
        <p>{t('page.connectingToScreen')}</p>
      </div>
    );
  } else if (controller.asking) {
    body = (
      <CorrectionQuestion
        previous={controller.correction}
        sending={controller.loading || !live}
        error={controller.error}
        onAnswer={(correction) => void answerCorrection(correction)}
      />
    );
  } else if (test && status && status !== 'InTest' && phoneAnswers(status)) {
    const [instruction, next] = screenInstruction(status, test);
    body = (
      <div className="vc-stack">
        <TestHeading test={test} subtitle={instruction} />
        {next && <p className="vc-muted">{next}</p>}
        <ContinueButton
          label={status === 'Ready' ? 'START' : 'CONTINUE'}
          disabled={!ready || !live}
          onKey={press}
        />
        {advancesByItself(status) &&
          (lastSent?.on === question && lastSent.key === COMMAND_KEYS.pause ? (
            <p className="vc-muted" data-testid="paused">
              {t('page.paused')}
            </p>
          ) : (
            <PauseButton disabled={!ready || !live} onKey={(key) => void press(key)} />
          ))}
        {!ready && <HandshakePending />}
      </div>
    );
  } else if (test && status === 'InTest') {
    body = (
      <div className="vc-stack">
        <TestHeading
          test={test}
          subtitle={
            controller.step === 'axis-letter'
              ? t('page.axisLetter')
              : prompt(test, CONTROLLER_KEYS[test].layout)
          }
        />
        <ControllerPad
          test={test}
          step={controller.step}
          disabled={!ready || !live}
          onKey={(key) => void press(key)}
        />
        {!ready && <HandshakePending />}
      </div>
    );
  } else {
    const [title, text] = waitingText(status, displayConnected);
    body = (
      <div className="vc-card">
        <h2 className="vc-h2">{title}</h2>
        <p className="vc-muted">{text}</p>
      </div>
    );
  }

  return (
    <div className="vc-page vc-stack">
      <div className="vc-header">
        <h1 className="vc-title">
          {t('page.title')} <span className="vc-pin">{pin}</span>
        </h1>
        <StatusLine connection={connection} error={error} />
        {test && status && <ControllerHelp test={test} status={status} step={controller.step} />}
      </div>
      {connection === 'reconnecting' && <Notice severity="warning">{t('page.connectionLost')}</Notice>}
      <SentLine
        id={lastSent?.id ?? 0}
        label={lastSent?.on === question && ready && live ? lastSent.label : null}
      />
      {body}
      {displaySpeaks !== null && live && (
        <SpeechSwitch speaking={displaySpeaks} disabled={!live} onChange={(speak) => void setSpeech(speak)} />
      )}
      {notice && <FloatingNotice key={notice.id} text={notice.text} onClose={closeNotice} />}
    </div>
  );
}

/** The test's name under its activity and method (SPEC.md §1), as the display's Ready screen shows them. */
function TestHeading({ test, subtitle }: { test: TestId; subtitle: string }) {
  const place = testPlaceText(test);
  return (
    <div>
      {place && (
        <p className="vc-place" data-testid="battery-place">
          {place}
        </p>
      )}
      <h2 className="vc-h2">{testName(test)}</h2>
      <p className="vc-muted">{subtitle}</p>
    </div>
  );
}

/**
 * The answer the display took, above the pad so that it stays in sight: large and boxed for
 * CONFIRMATION_MS after the press ("Sent: Left"), then a quiet line until the question changes. Its
 * room is kept while empty, so nothing below it moves when it appears. One live region for the page's
 * life (a region added with its text is often not read out); `id` changes with each answer.
 */
function SentLine({ id, label }: { id: number; label: string | null }) {
  // The answer whose moment is over; a newer one is shown large until its own moment is over.
  const [settled, setSettled] = useState<number | null>(null);
  const fresh = settled !== id;
  useEffect(() => {
    const timer = setTimeout(() => setSettled(id), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [id]);
  return (
    <p
      className={label !== null && fresh ? 'vc-sent vc-sent-fresh' : 'vc-sent'}
      aria-live="polite"
      data-testid="sent-line"
    >
      {label !== null ? t('page.sent', { label }) : ''}
    </p>
  );
}

function HandshakePending() {
  return <Notice severity="info">{t('page.handshakePending')}</Notice>;
}
