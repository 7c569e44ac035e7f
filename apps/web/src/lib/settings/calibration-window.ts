import { useEffect, useState } from 'react';
import {
  calibrationValidity,
  defaultScreenName,
  matchingScreenProfile,
  type CalibrationValidity,
  type CalibrationWindow,
} from '@visus/core';
import type { ScreenProfile, Settings } from '@visus/contracts';
import { useDispatch } from 'react-redux';
import { t } from '@/lib/i18n/i18n';
import { noticeShown } from '@/lib/notice/notice-slice';
import { useGetScreenProfilesQuery, useUseScreenProfileMutation } from './settings-api';

/**
 * The window as calibration sees it now: devicePixelRatio, the screen size in CSS px and the pinch-zoom
 * scale (`visualViewport.scale`, which browser zoom does not change and devicePixelRatio does not show).
 */
export function currentCalibrationWindow(): CalibrationWindow {
  // Some embedded browsers report a 0 × 0 screen; the window is the best remaining guess.
  const width = window.screen.width || window.innerWidth;
  const height = window.screen.height || window.innerHeight;
  const scale = window.visualViewport?.scale;
  return {
    devicePixelRatio: window.devicePixelRatio || 1,
    cssResolution: { width, height },
    ...(typeof scale === 'number' ? { visualScale: scale } : {}),
  };
}

/** The screen's native resolution in device px, as the diagonal method needs it. */
export function nativeResolution(): { width: number; height: number } {
  const { devicePixelRatio, cssResolution } = currentCalibrationWindow();
  return {
    width: Math.round(cssResolution.width * devicePixelRatio),
    height: Math.round(cssResolution.height * devicePixelRatio),
  };
}

/** The calibration the settings' method uses, or null when the method is none. */
export function activeCalibration(settings: Settings) {
  if (settings.method === 'card') return settings.card;
  if (settings.method === 'diagonal') return settings.diagonal;
  return null;
}

/**
 * The current window, kept up to date: browser zoom and moving to another monitor fire the window's
 * `resize`, pinch-zoom the visual viewport's.
 */
export function useCalibrationWindow(): CalibrationWindow {
  const [current, setCurrent] = useState(currentCalibrationWindow);
  useEffect(() => {
    const update = () => {
      setCurrent((before) => {
        const now = currentCalibrationWindow();
        const same =
          before.devicePixelRatio === now.devicePixelRatio &&
          before.cssResolution.width === now.cssResolution.width &&
          before.cssResolution.height === now.cssResolution.height &&
          before.visualScale === now.visualScale;
        return same ? before : now;
      });
    };
    // Pinch-zoom fires `resize` on the visual viewport only, not on the window.
    const visual = window.visualViewport;
    window.addEventListener('resize', update);
    visual?.addEventListener('resize', update);
    return () => {
      window.removeEventListener('resize', update);
      visual?.removeEventListener('resize', update);
    };
  }, []);
  return current;
}

/** The window the settings' calibration in use was made in, or null (none, or an older record without it). */
export function settingsWindow(settings: Settings): Partial<CalibrationWindow> | null {
  const calibration = activeCalibration(settings);
  if (!calibration?.cssResolution || calibration.devicePixelRatio === undefined) return null;
  return { devicePixelRatio: calibration.devicePixelRatio, cssResolution: calibration.cssResolution };
}

/**
 * A kept screen's name as shown. The server names a screen it keeps without a name from the client (a
 * gamma saved on a screen no profile has yet) with core's English `defaultScreenName` of that screen's
 * size: that name, exactly, of the profile's own size is shown in the language shown ("Pantalla 2560 ×
 * 1440"); any other name (one the person wrote, or of another size) as it was written.
 */
export function screenProfileName(profile: Pick<ScreenProfile, 'name' | 'settings'>): string {
  const size = settingsWindow(profile.settings)?.cssResolution;
  if (!size || profile.name !== defaultScreenName({ cssResolution: size })) return profile.name;
  return t('shell.screenName.default', {
    long: String(Math.max(size.width, size.height)),
    short: String(Math.min(size.width, size.height)),
  });
}

/** The profile being put in use by any screen's hook, so that two hooks on one page ask once. */
let switching: string | null = null;

/**
 * One calibration per display (docs/adr/0027): when the calibration in use was made on another screen
 * (or at another zoom) and a profile of this screen exists, put it in use and say so once. Answers true
 * while it looks for one or puts it in use, so that a screen does not flash "calibrate again" first.
 */
function useThisScreensProfile(
  settings: Settings | undefined,
  validity: CalibrationValidity,
  current: CalibrationWindow,
  enabled: boolean,
): boolean {
  const dispatch = useDispatch();
  const otherScreen =
    enabled &&
    Boolean(settings) &&
    !validity.valid &&
    (validity.reason === 'screen-changed' || validity.reason === 'zoom-changed');
  const profiles = useGetScreenProfilesQuery(undefined, { skip: !otherScreen });
  const [use, state] = useUseScreenProfileMutation({ fixedCacheKey: 'this-screen' });
  const match =
    otherScreen && profiles.data
      ? matchingScreenProfile(
          profiles.data.map((p) => ({ ...p, window: settingsWindow(p.settings) })),
          current,
        )
      : null;
  const matchId = match?.id ?? null;
  const matchName = match ? screenProfileName(match) : '';
  useEffect(() => {
    if (!matchId || switching === matchId) return;
    switching = matchId;
    use(matchId)
      .unwrap()
      .then(() =>
        dispatch(
          noticeShown({
            message: t('shell.screenInUse', { name: matchName }),
            severity: 'info',
          }),
        ),
      )
      .catch(() => undefined)
      .finally(() => {
        switching = null;
      });
  }, [matchId, matchName, use, dispatch]);
  return otherScreen && (profiles.isLoading || (matchId !== null && !state.isError));
}

/**
 * Whether the stored calibration still holds here (core decides; DESIGN.md §7). The test screens call
 * this and send the person back to Setup when it answers `valid: false`. Null while the settings load,
 * while this screen's own profile is being put in use (`switchScreens`, off for a test that is already
 * running: its sizes must not change under it), and when there is no calibration and nothing else to
 * report (pinch-zoom is reported regardless).
 */
export function useCalibrationValidity(
  settings: Settings | undefined,
  { switchScreens = true }: { switchScreens?: boolean } = {},
): CalibrationValidity | null {
  const current = useCalibrationWindow();
  const calibration = settings ? activeCalibration(settings) : null;
  // Pinch-zoom is reported even before a calibration exists: Setup's card would be measured magnified.
  const validity = calibrationValidity(calibration, current);
  const busy = useThisScreensProfile(settings, validity, current, switchScreens);
  if (!settings || busy) return null;
  return calibration || !validity.valid ? validity : null;
}
