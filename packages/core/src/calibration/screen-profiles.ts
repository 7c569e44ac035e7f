import { calibrationValidity, type CalibrationWindow } from './calibration';

/*
 * One calibration per display, not per account (issue 18 item 4, docs/adr/0027): each screen a person
 * calibrates is kept as a named profile (its calibration, gamma and the person's camera scale). A screen is
 * known by the window its calibration was made in — `devicePixelRatio` and `screen.width × height` in CSS
 * px — which is what calibrationValidity compares: a second monitor has another size, browser zoom another
 * devicePixelRatio. Two screens of the same size at the same zoom cannot be told apart from a web page; they
 * then share a profile, and the person can recalibrate (which updates it).
 */

/** How many screens an account keeps; saving one more forgets the one used longest ago. */
export const SCREEN_PROFILES_MAX = 12;
/** The longest screen name, in characters. */
export const SCREEN_NAME_MAX = 60;

/** What the profile functions read of a stored profile. */
export interface ScreenProfileWindowed {
  /** The window its calibration was made in; null for a calibration saved without one (older records). */
  readonly window: Partial<CalibrationWindow> | null;
  /** ISO instant the profile was last saved or put in use. */
  readonly lastUsedAt: string;
}

/**
 * Whether a calibration made in `stored` holds in `current` as far as the screen goes: the same
 * devicePixelRatio and screen size (either orientation), within calibrationValidity's tolerance. Pinch-zoom
 * is not a property of a screen, so it is left out here (the test screens still refuse it). A calibration
 * saved without its window matches no screen.
 */
export function isSameScreen(
  stored: Partial<CalibrationWindow> | null | undefined,
  current: CalibrationWindow,
): boolean {
  if (!stored || typeof stored.devicePixelRatio !== 'number' || !stored.cssResolution) return false;
  const { devicePixelRatio, cssResolution } = current;
  return calibrationValidity(stored, { devicePixelRatio, cssResolution }).reason === 'unchanged';
}

/**
 * The profile for the screen in use: of those made on a screen of this size at this zoom, the one used
 * last; null when none is (then the person is asked to calibrate this screen).
 */
export function matchingScreenProfile<P extends ScreenProfileWindowed>(
  profiles: readonly P[],
  current: CalibrationWindow,
): P | null {
  let best: P | null = null;
  for (const profile of profiles) {
    if (!isSameScreen(profile.window, current)) continue;
    if (!best || Date.parse(profile.lastUsedAt) > Date.parse(best.lastUsedAt)) best = profile;
  }
  return best;
}

/** The profiles to forget so that at most {@link SCREEN_PROFILES_MAX} remain: the longest unused first. */
export function screenProfilesToForget<P extends ScreenProfileWindowed>(
  profiles: readonly P[],
  max = SCREEN_PROFILES_MAX,
): P[] {
  if (profiles.length <= max) return [];
  const oldestFirst = [...profiles].sort((a, b) => Date.parse(a.lastUsedAt) - Date.parse(b.lastUsedAt));
  return oldestFirst.slice(0, profiles.length - max);
}

/** The name a screen gets until the person names it: "Screen 1920 × 1080" (its size in CSS px). */
export function defaultScreenName(window: Partial<CalibrationWindow> | null | undefined): string {
  const size = window?.cssResolution;
  if (!size) return 'This screen';
  const [long, short] = [Math.max(size.width, size.height), Math.min(size.width, size.height)];
  return `Screen ${long} × ${short}`;
}
