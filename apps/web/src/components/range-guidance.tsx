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
import { t, useT } from '@/lib/i18n/i18n';
import { formatFixed } from '@/lib/i18n/numbers';

/** A logMAR level as people read it: one decimal (a comma in es/de/fr), a real minus sign. */
export function logMarText(level: number): string {
  return formatFixed(level, 1).replace('-', '−');
}

/** A level with its Snellen equivalent, e.g. "0.5 logMAR (6/19)". */
function levelText(level: number): string {
  return `${logMarText(level)} logMAR (${snellenLabel(level)})`;
}

/** Metres rounded up to 0.1 m, so standing there is far enough: "1.9 m" ("1,9 m" in es/de/fr). */
export function metresUpText(distanceMm: number): string {
  return `${formatFixed(Math.ceil(distanceMm / 100 - 1e-9) / 10, 1)} m`;
}

/**
 * What this screen measures at the calibrated distance and where to stand for more, in words of the
 * language shown (catalog area `range`), from core's one range rule (`measurableRange`,
 * `distanceForFloorMm`). E.g. 96 dpi at 0.6 m: "At 0.60 m this screen measures 0.5 logMAR (6/19) and
 * worse. Stand at 1.9 m or more to measure down to 0.0 logMAR (6/6), or at 2.9 m or more for the chart's
 * finest line, −0.2 logMAR (6/3.8)."
 */
export function rangeGuidance(
  viewing: Viewing,
  availableHeight: CssPx,
): { severity: AlertColor; text: string } {
  const range = measurableRange(viewing, availableHeight);
  const metres = formatFixed(viewing.distanceMm / 1000, 2);
  if (!range.measurable) {
    return {
      severity: 'error',
      text: t(range.reason === 'pixels' ? 'range.noPixels' : 'range.tooSmall', { metres }),
    };
  }
  const sentences: string[] = [];
  const finest = levelText(SCALE_MIN_LOGMAR);
  let severity: AlertColor;
  if (range.smallestLimit === 'scale') {
    severity = 'success';
    sentences.push(
      range.largestLimit === 'scale'
        ? t('range.everyLineTo', { metres, finest, largest: levelText(range.largest) })
        : t('range.everyLine', { metres, finest }),
    );
  } else {
    sentences.push(t('range.smallest', { metres, smallest: levelText(range.smallest) }));
    const toFinest = metresUpText(distanceForFloorMm(logMar(SCALE_MIN_LOGMAR), viewing));
    if (range.smallest <= ACUITY_FLOOR_TO_REACH + 1e-9) {
      severity = 'info';
      sentences.push(t('range.standForFinest', { distance: toFinest, finest }));
    } else {
      severity = 'warning';
      sentences.push(
        t('range.standForNormal', {
          normalDistance: metresUpText(distanceForFloorMm(ACUITY_FLOOR_TO_REACH, viewing)),
          normal: levelText(ACUITY_FLOOR_TO_REACH),
          distance: toFinest,
          finest,
        }),
      );
    }
  }
  if (range.largestLimit === 'height') {
    sentences.push(t('range.largestFits', { largest: levelText(range.largest) }));
  }
  return { severity, text: sentences.join(' ') };
}

/** {@link rangeGuidance} as an alert (Setup, the Tests page). */
export function RangeGuidance({ viewing, availableHeight }: { viewing: Viewing; availableHeight: CssPx }) {
  useT();
  const { severity, text } = rangeGuidance(viewing, availableHeight);
  return (
    <Alert severity={severity} data-testid="range-guidance">
      {text}
    </Alert>
  );
}
