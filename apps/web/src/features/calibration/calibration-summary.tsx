import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cssPx, measurableRange, pixelsPerDegree, snellenLabel, type Viewing } from '@visus/core';
import { RangeGuidance } from '@/components/range-guidance';
import { useT } from '@/lib/i18n/i18n';
import { formatFixed } from '@/lib/i18n/numbers';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 150 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </Box>
  );
}

interface CalibrationSummaryProps {
  /** The calibration being set up, in this window (core `viewingFrom`). */
  viewing: Viewing;
  /** The height a full-screen chart has, in CSS px. */
  screenHeightPx: number;
}

/**
 * Pixels per mm and per degree, and the range of acuity this screen can measure at this distance, by core's
 * one range rule (`measurableRange`: the test shows the same levels), with where to stand for more.
 */
export function CalibrationSummary({ viewing, screenHeightPx }: CalibrationSummaryProps) {
  const available = cssPx(screenHeightPx);
  const range = measurableRange(viewing, available);
  const t = useT();
  return (
    <Stack spacing={2} aria-label={t('setup.summary')} role="region">
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Figure label={t('setup.summary.pxPerMm')} value={formatFixed(viewing.pxPerMm, 3)} />
        <Figure label={t('setup.summary.pxPerDegree')} value={formatFixed(pixelsPerDegree(viewing), 1)} />
        <Figure
          label={t('setup.summary.smallest')}
          value={range.measurable ? snellenLabel(range.smallest) : t('setup.summary.none')}
        />
        <Figure
          label={t('setup.summary.largest')}
          value={range.measurable ? snellenLabel(range.largest) : t('setup.summary.none')}
        />
      </Stack>
      <RangeGuidance viewing={viewing} availableHeight={available} />
    </Stack>
  );
}
