/**
 * Runs `work` at the browser's first idle moment (`requestIdleCallback`, at most `timeoutMs` later), or
 * `fallbackMs` from now where there is no such thing (Safari): for what the first screen does not need
 * yet, so that it neither delays that screen nor lengthens one of its tasks.
 */
export function whenIdle(
  work: () => void,
  { timeoutMs, fallbackMs }: { timeoutMs: number; fallbackMs: number },
  win: Window = window,
): void {
  if (typeof win.requestIdleCallback === 'function') {
    win.requestIdleCallback(work, { timeout: timeoutMs });
  } else {
    win.setTimeout(work, fallbackMs);
  }
}
