import Alert, { type AlertColor } from '@mui/material/Alert';
import {
  ACUITY_FLOOR_TO_REACH,
  distanceForFloorMm,
  logMar,
  measurableRange,
  SCALE_MIN_LOGMAR,
  snellenLabel,
  type CssPx,
  type Viewing,
} from '@visus/core';

/** A logMAR level as people read it: one decimal, a real minus sign. */
export function logMarText(level: number): string {
  return level.toFixed(1).replace('-', '−');
}

/** A level with its Snellen equivalent, e.g. "0.5 logMAR (6/19)". */
function levelText(level: number): string {
  return `${logMarText(level)} logMAR (${snellenLabel(level)})`;
}

/** Metres rounded up to 0.1 m, so standing there is far enough: "1.9 m". */
export function metresUpText(distanceMm: number): string {
  return `${(Math.ceil(distanceMm / 100 - 1e-9) / 10).toFixed(1)} m`;
}

/**
 * What this screen measures at the calibrated distance and where to stand for more, in words, from core's
 * one range rule (`measurableRange`, `distanceForFloorMm`). E.g. 96 dpi at 0.6 m: "At 0.60 m this screen
 * measures 0.5 logMAR (6/19) and worse. Stand at 1.9 m or more to measure down to 0.0 logMAR (6/6), or
 * at 2.9 m or more for the chart's finest line, −0.2 logMAR (6/3.8)."
 */
export function rangeGuidance(
  viewing: Viewing,
  availableHeight: CssPx,
): { severity: AlertColor; text: string } {
  const range = measurableRange(viewing, availableHeight);
  const at = `At ${(viewing.distanceMm / 1000).toFixed(2)} m`;
  if (!range.measurable) {
    return range.reason === 'pixels'
      ? {
          severity: 'error',
          text: `${at} this screen cannot draw any chart line large enough in pixels. Stand further away.`,
        }
      : {
          severity: 'error',
          text: `${at} this screen is too small for any chart line. Move closer or use a larger screen.`,
        };
  }
  const upTo =
    range.largestLimit === 'height'
      ? ` Letters larger than ${levelText(range.largest)} do not fit on the screen.`
      : '';
  const finest = SCALE_MIN_LOGMAR;
  if (range.smallestLimit === 'scale') {
    const to = range.largestLimit === 'scale' ? ` to ${levelText(range.largest)}` : '';
    return {
      severity: 'success',
      text: `${at} this screen measures every line from ${levelText(finest)}${to}.${upTo}`,
    };
  }
  const toFinest = distanceForFloorMm(logMar(finest), viewing);
  const head = `${at} this screen measures ${levelText(range.smallest)} and worse.`;
  if (range.smallest <= ACUITY_FLOOR_TO_REACH + 1e-9) {
    return {
      severity: 'info',
      text: `${head} Stand at ${metresUpText(toFinest)} or more to measure down to ${levelText(finest)}.${upTo}`,
    };
  }
  const toNormal = distanceForFloorMm(ACUITY_FLOOR_TO_REACH, viewing);
  return {
    severity: 'warning',
    text:
      `${head} Stand at ${metresUpText(toNormal)} or more to measure down to ` +
      `${levelText(ACUITY_FLOOR_TO_REACH)}, or at ${metresUpText(toFinest)} or more for the chart’s finest ` +
      `line, ${levelText(finest)}.${upTo}`,
  };
}

/** {@link rangeGuidance} as an alert (Setup, the Tests page). */
export function RangeGuidance({ viewing, availableHeight }: { viewing: Viewing; availableHeight: CssPx }) {
  const { severity, text } = rangeGuidance(viewing, availableHeight);
  return (
    <Alert severity={severity} data-testid="range-guidance">
      {text}
    </Alert>
  );
}
