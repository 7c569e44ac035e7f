import {
  CALIBRATION_LIMITS,
  cardSizePx,
  CSS_REFERENCE_PX_PER_MM,
  cssPx,
  mm,
  pixelsPerDegree,
  pxPerMmFromCard,
  pxPerMmFromDiagonal,
  type CalibrationWindow,
  type PxPerMm,
} from '@visus/core';
import type { Settings, SettingsBody } from '@visus/contracts';
import { t } from '@/lib/i18n/i18n';
import { formatFixed, formatNumber } from '@/lib/i18n/numbers';

/** What the Setup screen edits; numbers are kept as typed text until they are checked. */
export interface SetupValues {
  method: 'card' | 'diagonal';
  cardWidthPx: number;
  diagonalInches: string;
  resolutionWidth: string;
  resolutionHeight: string;
  distanceMetres: string;
  /** The blind-spot check's estimate when the distance was taken from it (mm), else null. */
  blindSpotMm: number | null;
}

export type SetupErrors = Partial<
  Record<'diagonalInches' | 'resolutionWidth' | 'resolutionHeight' | 'distanceMetres' | 'pxPerMm', string>
>;

/** A card shown at 96 CSS px per inch (3.78 px/mm), the CSS reference pixel: a sensible start. */
export const DEFAULT_CARD_WIDTH_PX = Math.round(cardSizePx(CSS_REFERENCE_PX_PER_MM).width * 2) / 2;
export const DEFAULT_DISTANCE_METRES = '3';
/** The card slider's range in CSS px; the arrow keys move it by {@link CARD_STEP_PX}. */
export const CARD_SLIDER = { min: 120, max: 1000 } as const;
export const CARD_STEP_PX = 0.5;

/** The form's starting values: the stored calibration, else the screen's own figures. */
export function initialSetupValues(
  settings: Settings,
  native: { width: number; height: number },
): SetupValues {
  const active = settings.method === 'diagonal' ? settings.diagonal : settings.card;
  const distanceMm = active?.distanceMm ?? settings.card?.distanceMm ?? settings.diagonal?.distanceMm;
  const card = settings.card;
  const cardWidth = card ? (card.cardWidthPx ?? cardSizePx(card.pixelsPerMm).width) : DEFAULT_CARD_WIDTH_PX;
  return {
    method: settings.method === 'diagonal' ? 'diagonal' : 'card',
    cardWidthPx: Math.min(CARD_SLIDER.max, Math.max(CARD_SLIDER.min, Math.round(cardWidth * 2) / 2)),
    diagonalInches: settings.diagonal ? formatNumber(settings.diagonal.diagonalInches) : '',
    resolutionWidth: String(settings.diagonal?.resolution.width ?? native.width),
    resolutionHeight: String(settings.diagonal?.resolution.height ?? native.height),
    distanceMetres: distanceMm ? formatNumber(Math.round(distanceMm) / 1000) : DEFAULT_DISTANCE_METRES,
    blindSpotMm: active?.blindSpotDistanceMm ?? null,
  };
}

function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || !/^\d*\.?\d+$/.test(trimmed)) return null;
  return Number(trimmed);
}

const { distanceMm: D, diagonalInches: DI, resolution: R, pxPerMm: P } = CALIBRATION_LIMITS;

/** The checked numbers, or what to fix in each field (in the language shown). */
export function checkSetup(
  values: SetupValues,
  devicePixelRatio: number,
):
  | {
      ok: true;
      pxPerMm: PxPerMm;
      distanceMm: number;
      diagonalInches: number | null;
      resolution: { width: number; height: number };
    }
  | { ok: false; errors: SetupErrors } {
  const errors: SetupErrors = {};
  const metres = parseNumber(values.distanceMetres);
  if (metres === null) errors.distanceMetres = t('setup.error.distanceNumber');
  else if (metres * 1000 < D.min || metres * 1000 > D.max) {
    errors.distanceMetres = t('setup.error.distanceRange', {
      min: formatNumber(D.min / 1000),
      max: formatNumber(D.max / 1000),
    });
  }
  const width = parseNumber(values.resolutionWidth);
  const height = parseNumber(values.resolutionHeight);
  const resolutionError = (n: number | null, side: 'width' | 'height') =>
    n === null || !Number.isInteger(n) || n < R.min || n > R.max
      ? t(side === 'width' ? 'setup.error.widthRange' : 'setup.error.heightRange', {
          min: formatNumber(R.min),
          max: formatNumber(R.max),
        })
      : undefined;
  let pxPerMm: PxPerMm | null = null;
  let diagonalInches: number | null = null;
  if (values.method === 'diagonal') {
    diagonalInches = parseNumber(values.diagonalInches);
    if (diagonalInches === null) errors.diagonalInches = t('setup.error.diagonalNumber');
    else if (diagonalInches < DI.min || diagonalInches > DI.max) {
      errors.diagonalInches = t('setup.error.diagonalRange', {
        min: formatNumber(DI.min),
        max: formatNumber(DI.max),
      });
    }
    const w = resolutionError(width, 'width');
    const h = resolutionError(height, 'height');
    if (w) errors.resolutionWidth = w;
    if (h) errors.resolutionHeight = h;
    if (!errors.diagonalInches && !w && !h && diagonalInches !== null && width !== null && height !== null) {
      pxPerMm = pxPerMmFromDiagonal(width, height, diagonalInches, devicePixelRatio);
    }
  } else {
    pxPerMm = pxPerMmFromCard(cssPx(values.cardWidthPx));
  }
  if (pxPerMm !== null && (pxPerMm < P.min || pxPerMm > P.max)) {
    errors.pxPerMm = t('setup.error.pxPerMm', { pxPerMm: formatFixed(pxPerMm, 2) });
  }
  if (Object.keys(errors).length > 0 || pxPerMm === null || metres === null) return { ok: false, errors };
  return {
    ok: true,
    pxPerMm,
    distanceMm: Math.round(metres * 1000),
    diagonalInches,
    resolution: { width: width ?? 0, height: height ?? 0 },
  };
}

/** The PUT /tests/settings body for checked values, with the window they were made in. */
export function settingsBody(
  values: SetupValues,
  checked: {
    pxPerMm: PxPerMm;
    distanceMm: number;
    diagonalInches: number | null;
    resolution: { width: number; height: number };
  },
  window: CalibrationWindow,
  native: { width: number; height: number },
): SettingsBody {
  const common = {
    pixelsPerMm: checked.pxPerMm,
    distanceMm: checked.distanceMm,
    pixelsPerDegree: pixelsPerDegree({ pxPerMm: checked.pxPerMm, distanceMm: mm(checked.distanceMm) }),
    devicePixelRatio: window.devicePixelRatio,
    cssResolution: window.cssResolution,
    // Kept while the distance is still the blind-spot estimate, so each test's record can say how its
    // distance was known (core plannedViewingMethod).
    ...(values.blindSpotMm !== null && Math.abs(values.blindSpotMm - checked.distanceMm) <= 5
      ? { blindSpotDistanceMm: values.blindSpotMm }
      : {}),
  };
  if (values.method === 'diagonal') {
    return {
      method: 'diagonal',
      diagonal: { ...common, resolution: checked.resolution, diagonalInches: checked.diagonalInches ?? 0 },
    };
  }
  return { method: 'card', card: { ...common, resolution: native, cardWidthPx: values.cardWidthPx } };
}
