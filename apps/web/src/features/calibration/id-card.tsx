import Box from '@mui/material/Box';
import { ID1_CARD_HEIGHT_MM, ID1_CARD_WIDTH_MM } from '@visus/core';

/** ID-1 corner radius (ISO/IEC 7810), in mm. */
const CORNER_RADIUS_MM = 3.18;

/**
 * A bank card drawn at exactly `widthPx` CSS px wide and the ID-1 aspect ratio: no border, padding or
 * max-width may change its outer size, because the person matches a real card against it.
 */
export function IdCard({ widthPx }: { widthPx: number }) {
  const pxPerMm = widthPx / ID1_CARD_WIDTH_MM;
  const heightPx = ID1_CARD_HEIGHT_MM * pxPerMm;
  return (
    <Box
      data-testid="calibration-card"
      role="img"
      aria-label={`Bank card outline, ${widthPx.toFixed(1)} by ${heightPx.toFixed(1)} pixels`}
      sx={{
        position: 'relative',
        flex: 'none',
        boxSizing: 'border-box',
        width: `${widthPx}px`,
        height: `${heightPx}px`,
        borderRadius: `${CORNER_RADIUS_MM * pxPerMm}px`,
        bgcolor: '#0d47a1',
        overflow: 'hidden',
      }}
    >
      {/* The chip: where it sits on a real card helps people line the two up. */}
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          left: `${10 * pxPerMm}px`,
          top: `${19 * pxPerMm}px`,
          width: `${11 * pxPerMm}px`,
          height: `${8.5 * pxPerMm}px`,
          borderRadius: `${1.2 * pxPerMm}px`,
          bgcolor: '#e0b84c',
        }}
      />
    </Box>
  );
}
