import Box from '@mui/material/Box';
import { cssPx, ID1_CARD_HEIGHT_MM, mm, mmToCssPx, pxPerMmFromCard } from '@visus/core';
import { useT } from '@/lib/i18n/i18n';
import { formatFixed } from '@/lib/i18n/numbers';

/** ID-1 corner radius (ISO/IEC 7810), in mm. */
const CORNER_RADIUS_MM = 3.18;

/**
 * A bank card drawn at exactly `widthPx` CSS px wide and the ID-1 aspect ratio: no border, padding or
 * max-width may change its outer size, because the person matches a real card against it.
 */
export function IdCard({ widthPx }: { widthPx: number }) {
  const t = useT();
  // The px/mm this width stands for (core, the card method), so the card's parts are drawn in mm.
  const screen = { pxPerMm: pxPerMmFromCard(cssPx(widthPx)) };
  const px = (lengthMm: number) => mmToCssPx(mm(lengthMm), screen);
  const heightPx = px(ID1_CARD_HEIGHT_MM);
  return (
    <Box
      data-testid="calibration-card"
      role="img"
      aria-label={t('setup.card.outline', {
        width: formatFixed(widthPx, 1),
        height: formatFixed(heightPx, 1),
      })}
      sx={{
        position: 'relative',
        flex: 'none',
        boxSizing: 'border-box',
        width: `${widthPx}px`,
        height: `${heightPx}px`,
        borderRadius: `${px(CORNER_RADIUS_MM)}px`,
        bgcolor: '#0d47a1',
        overflow: 'hidden',
        // Forced colours (Windows High Contrast) would paint the fill away and leave nothing to match a
        // real card against: the card keeps its blue and its chip, and its edge is drawn in the system's
        // text colour, inside the box (border-box), so the outer size stays exactly `widthPx`.
        '@media (forced-colors: active)': {
          forcedColorAdjust: 'none',
          border: '2px solid CanvasText',
        },
      }}
    >
      {/* The chip: where it sits on a real card helps people line the two up. */}
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          left: `${px(10)}px`,
          top: `${px(19)}px`,
          width: `${px(11)}px`,
          height: `${px(8.5)}px`,
          borderRadius: `${px(1.2)}px`,
          bgcolor: '#e0b84c',
        }}
      />
    </Box>
  );
}
