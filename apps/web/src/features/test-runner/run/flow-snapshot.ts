import {
  isAcuityTrial,
  runUnderWay,
  trialsFitRun,
  TEST_STATUSES,
  type FlowState,
  type PanelTrials,
  type TestResults,
} from '@visus/core';

/**
 * The display's own copy of its flow and results in sessionStorage, per session pin, so that reloading
 * the display (or the browser restoring the tab) loses nothing: the screen restores it before it talks
 * to the phone again. sessionStorage is per tab, so two displays never share one.
 */
export interface FlowSnapshot {
  flow: FlowState;
  results: TestResults;
  /** The running eye's answered trials, for a panel that can resume (acuity charts, Astigmatism Power); see core panelKey. */
  trials?: PanelTrials;
}

const STORAGE_PREFIX = 'visus.test.';
const storageKey = (pin: string) => `${STORAGE_PREFIX}${pin}`;

export function saveSnapshot(pin: string, snapshot: FlowSnapshot): void {
  try {
    // A pending key is not carried over: it belonged to the page that is gone.
    const flow = { ...snapshot.flow, keyPressed: null };
    window.sessionStorage.setItem(
      storageKey(pin),
      JSON.stringify({ flow, results: snapshot.results, trials: snapshot.trials }),
    );
  } catch {
    // Storage full or refused: the test goes on; only a reload would lose the progress.
  }
}

function looksLikeFlow(value: unknown): value is FlowState {
  if (typeof value !== 'object' || value === null) return false;
  const f = value as Partial<FlowState>;
  return (
    typeof f.status === 'string' &&
    f.status !== '' && // a reset flow holds nothing to restore
    (TEST_STATUSES as readonly string[]).includes(f.status) &&
    Array.isArray(f.flowA) &&
    Array.isArray(f.flowB) &&
    Array.isArray(f.flowC) &&
    typeof f.currentLoop === 'number' &&
    typeof f.loopLength === 'number'
  );
}

/** The saved trials when they are well-formed and fit the flow's running eye ({@link trialsFitRun}). */
function trialsOfRunningEye(value: unknown, flow: FlowState): PanelTrials | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { panel, trials } = value as Partial<PanelTrials>;
  if (typeof panel !== 'string' || !Array.isArray(trials) || !trials.every(isAcuityTrial)) return undefined;
  const kept = {
    panel,
    trials: trials.map(({ level, correct, drawnLogMAR }) =>
      drawnLogMAR === undefined ? { level, correct } : { level, correct, drawnLogMAR },
    ),
  };
  return trialsFitRun(kept, flow) ? kept : undefined;
}

/**
 * The saved copy for `pin`, or null when there is none or it is unreadable. A test that was running goes
 * on from its round when the copy holds that eye's answered trials (acuity charts and Astigmatism Power keep them);
 * otherwise that eye restarts from its first round: the other panels' state lived in the page.
 */
export function loadSnapshot(pin: string): FlowSnapshot | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey(pin));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { flow?: unknown; results?: unknown; trials?: unknown };
    if (!looksLikeFlow(parsed.flow) || typeof parsed.results !== 'object' || parsed.results === null)
      return null;
    const running = parsed.flow.status === 'InTest' && !parsed.flow.saveRequested;
    const trials = running ? trialsOfRunningEye(parsed.trials, parsed.flow) : undefined;
    const flow = running && !trials ? { ...parsed.flow, currentLoop: 1 } : parsed.flow;
    return {
      flow: { ...flow, keyPressed: null },
      results: parsed.results as TestResults,
      ...(trials ? { trials } : {}),
    };
  } catch {
    return null;
  }
}

export function clearSnapshot(pin: string): void {
  try {
    window.sessionStorage.removeItem(storageKey(pin));
  } catch {
    // Nothing to clear.
  }
}

/** A run this tab kept and did not finish, as the Tests page offers it again. */
export interface UnfinishedRun {
  pin: string;
  flow: FlowState;
}

/**
 * The runs this tab left before they ended (Back or a link during a test), newest first by start time:
 * each copy that reads back as a run under way (core runUnderWay).
 */
export function unfinishedRuns(): UnfinishedRun[] {
  const runs: UnfinishedRun[] = [];
  try {
    const storage = window.sessionStorage;
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (!key?.startsWith(STORAGE_PREFIX)) continue;
      const pin = key.slice(STORAGE_PREFIX.length);
      const snapshot = loadSnapshot(pin);
      const flow = snapshot?.flow;
      if (flow && runUnderWay(flow)) runs.push({ pin, flow });
    }
  } catch {
    return [];
  }
  return runs.sort((a, b) => (b.flow.startedAt ?? 0) - (a.flow.startedAt ?? 0));
}
