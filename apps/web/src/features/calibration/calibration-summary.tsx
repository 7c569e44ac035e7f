import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cssPx, pixelsPerDegree, screenCapability, type Viewing } from '@visus/core';

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

/** Pixels per mm and per degree, and the range of acuity this screen can measure at this distance. */
export function CalibrationSummary({ viewing, screenHeightPx }: CalibrationSummaryProps) {
  const c = screenCapability(viewing, cssPx(screenHeightPx));
  const metres = (viewing.distanceMm / 1000).toFixed(2);
  return (
    <Stack spacing={2} aria-label="Calibration summary" role="region">
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Figure label="Pixels per mm" value={viewing.pxPerMm.toFixed(3)} />
        <Figure label="Pixels per degree" value={pixelsPerDegree(viewing).toFixed(1)} />
        <Figure label="Smallest measurable" value={c.smallestSnellen} />
        <Figure label="Largest letter that fits" value={c.largestSnellen ?? 'none'} />
      </Stack>
      {c.largestLine === null ? (
        <Alert severity="error">
          At {metres} m this screen is too small for any chart line. Move closer or use a larger screen.
        </Alert>
      ) : c.standFurther ? (
        <Alert severity="info">
          Smallest measurable: {c.smallestSnellen} — stand further away to measure better vision (at{' '}
          {(c.distanceForBestLineMm / 1000).toFixed(1)} m this screen can show 6/3.8).
        </Alert>
      ) : (
        <Alert severity="success">
          At {metres} m this screen can show every line from {c.largestSnellen} down to {c.smallestSnellen}.
        </Alert>
      )}
    </Stack>
  );
}
