import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { KeyPress } from '@visus/core';

/**
 * Feeds the screen's pending key to a panel's key handler exactly once, then consumes it. Every key is
 * consumed, whether the handler used it or ignored it (TestPanelProps contract). The handler sees the
 * panel's latest state; the on-screen buttons call the same handler directly.
 */
export function usePanelKey(
  pendingKey: KeyPress | null,
  consumeKey: () => void,
  handle: (key: string) => void,
): void {
  // The key object already handled: guards against the effect running twice for one key (Strict Mode, or
  // a re-render before the screen has cleared it).
  const handled = useRef<KeyPress | null>(null);
  const onKey = useEffectEvent((key: string) => handle(key));
  const consume = useEffectEvent(() => consumeKey());
  useEffect(() => {
    if (pendingKey === null || handled.current === pendingKey) return;
    handled.current = pendingKey;
    try {
      onKey(pendingKey.key);
    } finally {
      consume();
    }
  }, [pendingKey]);
}

/**
 * For a panel that resumes (TestPanelProps.resumeTrials): when the replayed trials already ended its run —
 * possible if the screen's range changed across the reload — the result is stored once, on mount, as if
 * the last answer had just been given. Pass the procedure's `finished`: only its value at the first
 * render counts (a new procedure is finished only by its replay); a run that ends later, by an answer,
 * stores its result in the key handler.
 */
export function useStoreIfEndedOnResume(ended: boolean, store: () => void): void {
  const [endedAtMount] = useState(ended);
  const done = useRef(false); // effects run twice on mount in Strict Mode
  const onEnded = useEffectEvent(store);
  useEffect(() => {
    if (!endedAtMount || done.current) return;
    done.current = true;
    onEnded();
  }, [endedAtMount]);
}

/**
 * State whose latest value event handlers can read at once: two clicks in the same tick (before React
 * re-renders) must each see the other's result, or a rule would run twice on the same old state.
 * Returns the rendered value, a getter for the latest value and a setter.
 */
export function useLatestState<T>(initial: T | (() => T)): [T, () => T, (next: T) => void] {
  const [state, setState] = useState<T>(initial);
  const latest = useRef<T>(state);
  const get = useCallback(() => latest.current, []);
  const set = useCallback((next: T) => {
    latest.current = next;
    setState(() => next);
  }, []);
  return [state, get, set];
}

/**
 * The correct answer to expose on the stimulus wrapper as `data-answer`, only in test mode
 * (`document.body.dataset.testMode === 'true'`) so automated journeys can answer; undefined otherwise,
 * so a real session never carries the answer in the page.
 */
export function testModeAnswer(answer: string | null): string | undefined {
  if (answer === null || typeof document === 'undefined') return undefined;
  return document.body.dataset.testMode === 'true' ? answer : undefined;
}

/**
 * The room a stimulus may take, in CSS px: the given share of the window's width and height, whichever is
 * smaller (Infinity without a window). Core `fitDegreesToCssPx` sizes the stimulus within it.
 */
export function windowShareCssPx(maxShare: { width: number; height: number }): number {
  if (typeof window === 'undefined') return Infinity;
  return Math.min(window.innerWidth * maxShare.width, window.innerHeight * maxShare.height);
}
