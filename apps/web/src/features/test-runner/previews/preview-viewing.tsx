import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import {
  CALIBRATION_LIMITS,
  DEFAULT_GAMMA,
  GAMMA_LIMITS,
  pixelsPerDegree,
  viewingFrom,
  type Viewing,
} from '@visus/core';
import { useT, type MessageId } from '@/lib/i18n/i18n';
import { formatFixed, withDecimalMark } from '@/lib/i18n/numbers';
import { activeCalibration, useCalibrationWindow } from '@/lib/settings/calibration-window';
import { useGetTestsQuery } from '@/lib/settings/settings-api';

/** A 96-dpi screen (3.78 CSS px per mm) at 60 cm: what previews show before any calibration. */
export const PREVIEW_FALLBACK = { pxPerMm: 3.78, distanceMm: 600 } as const;

/** The {@link Viewing} a preview draws with, and where its numbers came from. */
export interface PreviewViewing extends Viewing {
  /** Where the screen numbers came from. */
  readonly source: 'query' | 'calibration' | 'fallback';
  readonly gammaSource: 'query' | 'calibration' | 'default';
  readonly loading: boolean;
}

function numberParam(params: URLSearchParams, name: string, range: { min: number; max: number }) {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= range.min && n <= range.max ? n : null;
}

/**
 * The Viewing a preview page draws with: the signed-in admin's calibration and gamma (settings),
 * overridden by the query parameters `pxPerMm`, `distanceMm` and `gamma` (values outside the calibration
 * limits are ignored), else a 96-dpi screen at 60 cm and gamma 1. devicePixelRatio is this window's.
 */
export function usePreviewViewing(): PreviewViewing {
  const [params] = useSearchParams();
  const tests = useGetTestsQuery();
  const { devicePixelRatio } = useCalibrationWindow();
  const settings = tests.data?.settings;
  const calibration = settings ? activeCalibration(settings) : null;
  const qPxPerMm = numberParam(params, 'pxPerMm', CALIBRATION_LIMITS.pxPerMm);
  const qDistance = numberParam(params, 'distanceMm', CALIBRATION_LIMITS.distanceMm);
  const qGamma = numberParam(params, 'gamma', GAMMA_LIMITS);
  const source = qPxPerMm !== null || qDistance !== null ? 'query' : calibration ? 'calibration' : 'fallback';
  const pxPerMm = qPxPerMm ?? calibration?.pixelsPerMm ?? PREVIEW_FALLBACK.pxPerMm;
  const distanceMm = qDistance ?? calibration?.distanceMm ?? PREVIEW_FALLBACK.distanceMm;
  const gamma = qGamma ?? settings?.gamma ?? DEFAULT_GAMMA;
  return {
    ...viewingFrom({ pixelsPerMm: pxPerMm, distanceMm }, devicePixelRatio, gamma),
    source,
    gammaSource: qGamma !== null ? 'query' : settings ? 'calibration' : 'default',
    loading: tests.isLoading,
  };
}

const SOURCE_IDS: Record<PreviewViewing['source'], MessageId> = {
  query: 'preview.source.query',
  calibration: 'preview.source.calibration',
  fallback: 'preview.source.fallback',
};
const GAMMA_SOURCE_IDS: Record<PreviewViewing['gammaSource'], MessageId> = {
  query: 'preview.gamma.query',
  calibration: 'preview.gamma.calibration',
  default: 'preview.gamma.default',
};

/** One line saying which screen numbers the preview uses. */
export function ViewingNote({ viewing }: { viewing: PreviewViewing }) {
  const t = useT();
  return (
    <Alert severity={viewing.source === 'fallback' ? 'warning' : 'info'} data-testid="preview-viewing">
      {t('preview.viewing', {
        pxPerMm: formatFixed(viewing.pxPerMm, 3),
        distance: String(Math.round(viewing.distanceMm)),
        screen: t(SOURCE_IDS[viewing.source]),
        ppd: formatFixed(pixelsPerDegree(viewing), 1),
        dpr: withDecimalMark(String(viewing.devicePixelRatio)),
        gamma: formatFixed(viewing.gamma, 2),
        gammaSource: t(GAMMA_SOURCE_IDS[viewing.gammaSource]),
      })}
    </Alert>
  );
}

/** Page frame of the admin previews: heading, explanation, the viewing note, then sections. */
export function PreviewFrame({
  title,
  intro,
  viewing,
  children,
}: {
  title: string;
  intro: string;
  viewing: PreviewViewing;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Stack spacing={3} sx={{ py: 2 }}>
      <Box>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          {t('preview.overline')}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' } }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 760 }}>
          {intro}
        </Typography>
      </Box>
      <ViewingNote viewing={viewing} />
      {children}
    </Stack>
  );
}

/** A titled card on a preview page. */
export function PreviewSection({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      aria-label={title}
      data-testid={testId}
    >
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
