import { useEffect, useRef, useState } from 'react';
import { SELF_ADVANCE_MS } from '@visus/core';
const TICK_MS = 100;

/**
 * A countdown that runs while `runKey` is not null (a new key starts it again) and calls `onDone` once
 * when it ends. Answers the share of the time gone by, 0 … 1, for a progress bar.
 */
export function useCountdown(
  runKey: string | null,
  onDone: () => void,
  durationMs = SELF_ADVANCE_MS,
): number {
  const [tick, setTick] = useState<{ key: string | null; elapsed: number }>({ key: null, elapsed: 0 });
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (runKey === null) return;
    const started = Date.now();
    const id = setInterval(() => {
      const elapsed = Math.min(1, (Date.now() - started) / durationMs);
      setTick({ key: runKey, elapsed });
      if (elapsed >= 1) {
        clearInterval(id);
        done.current();
      }
    }, TICK_MS);
    return () => clearInterval(id);
  }, [runKey, durationMs]);
  return tick.key === runKey ? tick.elapsed : 0;
}
