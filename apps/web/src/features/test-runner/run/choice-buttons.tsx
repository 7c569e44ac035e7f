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
    maxWidth: column ? 420 : 'none',
    '& > .MuiButton-root': {
      // In a row the buttons share it evenly (their labels wrap inside them), up to a comfortable width.
      flex: column ? '0 0 auto' : '1 1 0',
      maxWidth: column ? 'none' : 280,
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
 * breakpoint 1194 px). Below 560 px they stand one under another, full width (larger from 414 px); from
 * 560 px side by side, larger again, sharing the row evenly (a long label wraps inside its button), and
 * once more larger above 1194 px (a computer's window, read from a distance). The sizes are core's
 * (screen-sizes.ts).
 */
export function ChoiceButtons({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="group"
      aria-label={label}
      data-testid="choice-buttons"
      sx={{
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'stretch',
        gap: 2,
        width: '100%',
        flexWrap: 'nowrap',
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
