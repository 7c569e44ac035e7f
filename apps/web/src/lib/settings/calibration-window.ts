import { useEffect, useState } from 'react';
import { calibrationValidity, type CalibrationValidity, type CalibrationWindow } from '@visus/core';
import type { Settings } from '@visus/contracts';

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

/**
 * Whether the stored calibration still holds here (core decides; DESIGN.md §7). The test screens call
 * this and send the person back to Setup when it answers `valid: false`. Null while the settings load,
 * and when there is no calibration and nothing else to report (pinch-zoom is reported regardless).
 */
export function useCalibrationValidity(settings: Settings | undefined): CalibrationValidity | null {
  const current = useCalibrationWindow();
  const calibration = settings ? activeCalibration(settings) : null;
  if (!settings) return null;
  // Pinch-zoom is reported even before a calibration exists: Setup's card would be measured magnified.
  const validity = calibrationValidity(calibration, current);
  return calibration || !validity.valid ? validity : null;
}
