import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import {
  eyeToCover,
  offersCannotSee,
  placeText,
  snellenLabel,
  type AcuityRangeCheck,
  type FlowState,
  type TestStatus,
} from '@visus/core';
import { LoadingOverlay } from '@/components/loading-overlay';
import { logMarText, metresUpText } from '@/components/range-guidance';
import { retryEntry } from '@/features/test-runner/results-outbox';
import { currentLanguage, t, useT } from '@/lib/i18n/i18n';
import { CountdownControls, type CountdownProps } from './countdown-controls';

/** The screens the display shows between and around tests (SPEC.md §2 "Test display screens"). */
export type StatusScreenKind = 'ready' | 'stopped' | 'repeat' | 'continue' | 'complete' | 'finished';

/** The status screen of a flow status, or null for the statuses that show something else (Check, InTest). */
export function statusScreenKind(status: TestStatus): StatusScreenKind | null {
  switch (status) {
    case 'Ready':
    case 'Checked':
      return 'ready';
    case 'Repeat':
      return 'repeat';
    case 'Continue':
      return 'continue';
    case 'Complete':
    case 'PartBReady':
    case 'PartCReady':
      return 'complete';
    case 'Finished':
      return 'finished';
    case 'Stopped':
      return 'stopped';
    default:
      return null;
  }
}

/** The two lines of each screen, exactly as SPEC.md §2 words them (in English; translated in test-run.json). */
export function statusTexts(kind: StatusScreenKind, testName: string, bothEyes = false): [string, string] {
  switch (kind) {
    case 'ready':
      return [t('status.ready', { test: testName }), t(bothEyes ? 'status.bothEyes' : 'status.coverLeft')];
    case 'stopped':
      return [t('status.interrupted', { test: testName }), t('status.error')];
    case 'repeat':
      return [t('status.repeat', { test: testName }), t('status.pressContinue')];
    case 'continue':
      return [t('status.continue', { test: testName }), t('status.coverRight')];
    case 'complete':
      return [t('status.completed'), t('status.nextIn10')];
    case 'finished':
      return [t('status.finished'), t('status.redirected')];
  }
}

/**
 * The eye line a screen adds to the spec's two lines: Repeat switches to the left eye (core eyeToCover)
 * but its spec text only says to press CONTINUE, so it also says which eye to cover.
 */
export function extraEyeLine(kind: StatusScreenKind): string | null {
  if (kind !== 'repeat') return null;
  const eye = eyeToCover('Repeat', null);
  if (eye === 'left') return t('status.coverLeft');
  return eye === 'right' ? t('status.coverRight') : null;
}

interface StatusScreenProps {
  kind: StatusScreenKind;
  /** The test's name, e.g. 'Sloan'. */
  testName: string;
  /** Presbyopia is done with both eyes, so its Ready screen says so instead of covering an eye. */
  bothEyes?: boolean;
  /** The countdown of a screen that moves on by itself (Repeat, Continue, Complete). */
  countdown?: CountdownProps | null;
  /** The activity and method above the heading (SPEC.md §1), e.g. 'Activity Three · Grating'. */
  placeLine?: string | null;
  /** Extra content under the texts (e.g. how to start, the saving state). */
  children?: ReactNode;
}

/** One status screen: a large heading, the instruction, and the countdown bar where the spec has one. */
export function StatusScreen({
  kind,
  testName,
  bothEyes,
  countdown,
  placeLine,
  children,
}: StatusScreenProps) {
  useT();
  const [heading, specInstruction] = statusTexts(kind, testName, bothEyes);
  const eyeLine = extraEyeLine(kind);
  const counts = kind === 'repeat' || kind === 'continue' || kind === 'complete';
  // Complete's spec line promises 10 seconds: not when the countdown is paused or turned off.
  const instruction =
    kind === 'complete' && countdown && countdown.view.mode !== 'running'
      ? t('status.nextOnContinue')
      : specInstruction;
  return (
    <Stack
      spacing={3}
      role="status"
      sx={{ alignItems: 'center', justifyContent: 'center', textAlign: 'center', minHeight: '60vh', px: 2 }}
    >
      {placeLine && (
        <Typography
          data-testid="battery-place"
          sx={{ fontSize: { xs: '1.25rem', md: '1.75rem' }, fontWeight: 600, letterSpacing: '0.04em' }}
        >
          {placeLine}
        </Typography>
      )}
      <Typography
        variant="h2"
        component="h1"
        sx={{ fontWeight: 700, fontSize: { xs: '2.25rem', md: '3.75rem' } }}
      >
        {heading}
      </Typography>
      {eyeLine && (
        <Typography variant="h4" component="p" sx={{ fontSize: { xs: '1.5rem', md: '2.125rem' } }}>
          {eyeLine}
        </Typography>
      )}
      <Typography
        variant="h4"
        component="p"
        color={kind === 'stopped' ? 'error' : 'text.primary'}
        sx={{ fontSize: { xs: '1.5rem', md: '2.125rem' } }}
      >
        {instruction}
      </Typography>
      {counts && countdown && <CountdownControls {...countdown} />}
      {children}
    </Stack>
  );
}

/** A distance in metres with two decimals, written the way the current language writes numbers. */
function metresText(distanceMm: number): string {
  return new Intl.NumberFormat(currentLanguage(), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(distanceMm / 1000);
}

/** A part of the battery in the language shown ('Part B'). */
const PART_IDS = { 'Part A': 'part.A', 'Part B': 'part.B', 'Part C': 'part.C' } as const;
function partName(part: string): string {
  return Object.hasOwn(PART_IDS, part) ? t(PART_IDS[part as keyof typeof PART_IDS]) : part;
}

/** How far to sit, as the Ready screen says it: metres with two decimals ('Sit 3.00 m from the screen'). */
export function sittingDistanceText(distanceMm: number): string {
  return t('status.sitDistance', { metres: metresText(distanceMm) });
}

interface FlowStatusScreenProps {
  flow: Pick<FlowState, 'status' | 'section' | 'currentTest'>;
  testName: string;
  /** Which part of the battery the test is (core `batteryPlace`); shown on the Ready screen. */
  place?: { activity: string; method: string } | null;
  /** The self-advancing screen's countdown and its controls (null on the other screens). */
  countdown?: CountdownProps | null;
  /** The calibrated viewing distance (Ready says how far to sit). */
  distanceMm: number;
  outbox: string;
  hadResults: boolean;
  prefix: string;
  /** Whether the Ready screen asks to move back first (core `acuityRangeCheck`); no question when absent. */
  rangeCheck?: AcuityRangeCheck;
}

/** The status screen of the flow's status with what each adds (how to start, what comes next, saving). */
export function FlowStatusScreen({
  flow,
  testName,
  place = null,
  countdown = null,
  distanceMm,
  outbox,
  hadResults,
  prefix,
  rangeCheck,
}: FlowStatusScreenProps) {
  const t = useT();
  const kind = statusScreenKind(flow.status);
  if (!kind) return <LoadingOverlay />;
  return (
    <StatusScreen
      kind={kind}
      testName={testName}
      bothEyes={flow.currentTest === 'presbyopia'}
      countdown={countdown}
      placeLine={kind === 'ready' && place ? placeText(place) : null}
    >
      {kind === 'ready' && (
        <>
          <Typography sx={{ fontSize: { xs: '1.25rem', md: '1.5rem' }, fontWeight: 600 }}>
            {sittingDistanceText(distanceMm)}
          </Typography>
          {rangeCheck?.ask && <RangeCheckPrompt check={rangeCheck} distanceMm={distanceMm} prefix={prefix} />}
          {flow.currentTest && offersCannotSee(flow.currentTest) && (
            // The procedure assumes a guess when unsure; "I can't see it" is scored as wrong (ADR 0024).
            <Typography sx={{ fontSize: { xs: '1.125rem', md: '1.25rem' } }} data-testid="guess-advice">
              {t('status.guessAdvice')}
            </Typography>
          )}
          <Typography color="text.secondary">{t('status.howToStart')}</Typography>
        </>
      )}
      {kind === 'complete' && (
        <Typography color="text.secondary">
          {flow.status !== 'Complete'
            ? t('status.nextPart', { test: testName, part: partName(flow.section) })
            : t('status.next', { test: testName })}
          {countdown?.view.mode === 'running' ? ` ${t('status.goOnNow')}` : ''}
        </Typography>
      )}
      {kind === 'stopped' && <StoppedDetails outbox={outbox} hadResults={hadResults} prefix={prefix} />}
    </StatusScreen>
  );
}

/**
 * Before an acuity chart whose smallest line is above 0.0 logMAR (core `acuityRangeCheck`): move back
 * (and set that distance in Setup), or go on with START / Space knowing the limit.
 */
function RangeCheckPrompt({
  check,
  distanceMm,
  prefix,
}: {
  check: Extract<AcuityRangeCheck, { ask: true }>;
  distanceMm: number;
  prefix: string;
}) {
  const t = useT();
  const floor = `${logMarText(check.floor)} logMAR (${snellenLabel(check.floor)})`;
  return (
    <Alert
      severity="warning"
      data-testid="range-check"
      sx={{ maxWidth: 720, textAlign: 'left' }}
      action={
        <Button color="inherit" size="small" component={RouterLink} to={`/${prefix}/setup`}>
          {t('range.changeDistance')}
        </Button>
      }
    >
      <AlertTitle>{t('range.title')}</AlertTitle>
      {t('range.body', {
        metres: metresText(distanceMm),
        floor,
        limit: logMarText(check.floor),
        needed: metresUpText(check.distanceNeededMm),
      })}
    </Alert>
  );
}

/** While the record goes to the server: saved locally first, so nothing is lost if the network drops. */
export function SavingScreen({ outbox, pin }: { outbox: string; pin: string }) {
  const t = useT();
  const rejected = outbox.startsWith('rejected:') ? outbox.slice('rejected:'.length) : null;
  const retrying = outbox.startsWith('retrying:');
  return (
    <Stack spacing={3} role="status" sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 700 }}>
        {t('saving.title')}
      </Typography>
      {rejected !== null ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => retryEntry(pin)}>
              {t('saving.tryAgain')}
            </Button>
          }
        >
          {t('saving.rejected', { reason: rejected || t('saving.serverError') })}
        </Alert>
      ) : (
        <>
          <CircularProgress aria-label={t('saving.progress')} />
          <Typography color="text.secondary">{t(retrying ? 'saving.retrying' : 'saving.sending')}</Typography>
        </>
      )}
    </Stack>
  );
}

function StoppedDetails({
  outbox,
  hadResults,
  prefix,
}: {
  outbox: string;
  hadResults: boolean;
  prefix: string;
}) {
  const t = useT();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      {hadResults && (
        <Typography color="text.secondary">
          {t(outbox === 'confirmed' ? 'status.savedSoFar' : 'status.keptSoFar')}
        </Typography>
      )}
      <Button component={RouterLink} to={`/${prefix}/tests`} variant="contained">
        {t('status.backToTests')}
      </Button>
    </Stack>
  );
}
