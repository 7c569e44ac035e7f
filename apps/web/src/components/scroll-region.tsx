import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A named region that scrolls sideways on its own when its content (a wide table, a card drawn at its
 * true size) is wider than a narrow or zoomed window, so that the page around it reflows (WCAG 1.4.10).
 * Focusable, so that a keyboard can scroll it.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      {children}
    </Box>
  );
}
