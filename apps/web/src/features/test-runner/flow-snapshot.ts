import { TEST_STATUSES, type FlowState, type TestResults } from '@visus/core';

/**
 * The display's own copy of its flow and results in sessionStorage, per session pin, so that reloading
 * the display (or the browser restoring the tab) loses nothing: the screen restores it before it talks
 * to the phone again. sessionStorage is per tab, so two displays never share one.
 */
export interface FlowSnapshot {
  flow: FlowState;
  results: TestResults;
}

const storageKey = (pin: string) => `visus.test.${pin}`;

export function saveSnapshot(pin: string, snapshot: FlowSnapshot): void {
  try {
    // A pending key is not carried over: it belonged to the page that is gone.
    const flow = { ...snapshot.flow, keyPressed: null };
    window.sessionStorage.setItem(storageKey(pin), JSON.stringify({ flow, results: snapshot.results }));
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

/**
 * The saved copy for `pin`, or null when there is none or it is unreadable. A test that was running
 * restarts the current eye from its first round: the adaptive procedure's trials lived in the page.
 */
export function loadSnapshot(pin: string): FlowSnapshot | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey(pin));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { flow?: unknown; results?: unknown };
    if (!looksLikeFlow(parsed.flow) || typeof parsed.results !== 'object' || parsed.results === null)
      return null;
    const flow =
      parsed.flow.status === 'InTest' && !parsed.flow.saveRequested
        ? { ...parsed.flow, currentLoop: 1 }
        : parsed.flow;
    return { flow: { ...flow, keyPressed: null }, results: parsed.results as TestResults };
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
