import { CoreInputError, requireFinite } from '../errors/core-input-error';

/** Debounce window for identical key presses, ms (SPEC.md §4 "Key handling", §9). */
export const KEY_DEBOUNCE_MS = 100;

/** The last accepted key press: the key and when it came, in ms since any fixed origin. */
export interface KeyPress {
  readonly key: string;
  readonly at: number;
}

/**
 * Whether a key press is taken (SPEC.md §4/§5): presses before the controller check are ignored, and an
 * identical key within {@link KEY_DEBOUNCE_MS} ms of the last accepted one is ignored. A different key is
 * always taken. `now` is in ms on the same clock as `last.at`.
 */
export function acceptKey(
  last: KeyPress | null,
  key: string,
  now: number,
  controllerChecked: boolean,
): boolean {
  if (typeof key !== 'string' || key.length === 0) throw new CoreInputError('key must be a non-empty string');
  requireFinite(now, 'now (ms)');
  if (!controllerChecked) return false;
  if (last && last.key === key && now - last.at < KEY_DEBOUNCE_MS) return false;
  return true;
}
