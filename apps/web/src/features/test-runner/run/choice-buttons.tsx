import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import {
  CHOICE_BREAKPOINTS_PX,
  CHOICE_BUTTON_SIZES,
  TABLET_BREAKPOINT_PX,
  type ChoiceButtonSize,
} from '@visus/core';

/** The buttons' size and layout in one band (core CHOICE_BUTTON_SIZES), as styles for their group. */
function bandStyles(size: ChoiceButtonSize) {
  const column = size.direction === 'column';
  return {
    flexDirection: size.direction,
    '& > .MuiButton-root': {
      lineHeight: 1.25,
      minHeight: size.minHeightPx,
      minWidth: size.minWidthPx,
      fontSize: `${size.fontSizePx / 16}rem`,
      width: column ? '100%' : 'auto',
    },
  } as const;
}

const atLeast = (px: number) => `@media (min-width: ${px}px)`;

/**
 * The answer buttons of a choice screen (SPEC.md §2: they grow at 414 px and 560 px widths; §9 tablet
 * breakpoint 1194 px). Below 414 px they stand one under another, full width; from 414 px side by side
 * and larger, larger again from 560 px, and once more above 1194 px (a computer's window, read from a
 * distance). The sizes are core's (screen-sizes.ts); a group that does not fit wraps, never overflows.
 */
export function ChoiceButtons({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="group"
      aria-label={label}
      data-testid="choice-buttons"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        alignItems: 'stretch',
        gap: 2,
        width: '100%',
        maxWidth: { xs: 480, sm: 'none' },
        boxSizing: 'border-box',
        px: 2,
        ...bandStyles(CHOICE_BUTTON_SIZES.small),
        [atLeast(CHOICE_BREAKPOINTS_PX.medium)]: bandStyles(CHOICE_BUTTON_SIZES.medium),
        [atLeast(CHOICE_BREAKPOINTS_PX.large)]: bandStyles(CHOICE_BUTTON_SIZES.tablet),
        [atLeast(TABLET_BREAKPOINT_PX + 1)]: bandStyles(CHOICE_BUTTON_SIZES.desktop),
      }}
    >
      {children}
    </Box>
  );
}
