import { requireFinite } from '../errors/core-input-error';

/*
 * Screen widths the test screens change at (SPEC.md §2 "buttons grow at 414 px and 560 px widths", "Tablet
 * breakpoint 1194 px"; §9 "tablet breakpoint 1194 px; button screen breakpoints 414 px and 560 px").
 *
 * The choice buttons (the display's answer buttons on its choice screens, and the phone's answer pads)
 * grow in two steps: below 414 px they stack one under another at the least touch size, from 414 px
 * they are larger (still stacked: three labels such as 'Green is clearer' do not fit side by side in
 * 414 px), from 560 px larger again and side by side. 1194 px is the widest tablet held
 * sideways (iPad Pro 11″ in landscape is 1194 × 834 CSS px): up to it a screen is taken as touched, so
 * the buttons keep their large touch size and the phone's page widens to use a tablet's room; above it
 * (a computer's window, used with a keyboard) the buttons grow once more for reading from a distance.
 * Widths are CSS px of the window (media queries use the same).
 */

/** The widths at which the choice buttons grow, CSS px (SPEC.md §9). */
export const CHOICE_BREAKPOINTS_PX = { medium: 414, large: 560 } as const;
/** The widest tablet layout, CSS px (SPEC.md §9): above it the layout is a computer's. */
export const TABLET_BREAKPOINT_PX = 1194;
/** From this width a phone-controller page is on a tablet (portrait iPad mini is 768 CSS px wide). */
export const TABLET_MIN_PX = 768;

/** Which of the four layouts a width is in. */
export type ScreenBand = 'small' | 'medium' | 'tablet' | 'desktop';

/** A choice button's size at a width: least height and width (CSS px), text size (px), and how they stand. */
export interface ChoiceButtonSize {
  readonly band: ScreenBand;
  readonly minHeightPx: number;
  readonly minWidthPx: number;
  readonly fontSizePx: number;
  /** 'column': one under another, full width; 'row': side by side (wrapping when they do not fit). */
  readonly direction: 'column' | 'row';
}

/**
 * The band of a window `widthPx` wide: small (< 414), medium (414 … 559), tablet (560 … 1194), desktop
 * (> 1194). The breakpoints are inclusive lower bounds as in CSS `min-width`; 1194 itself is a tablet.
 */
export function screenBand(widthPx: number): ScreenBand {
  requireFinite(widthPx, 'width (CSS px)');
  if (widthPx < CHOICE_BREAKPOINTS_PX.medium) return 'small';
  if (widthPx < CHOICE_BREAKPOINTS_PX.large) return 'medium';
  if (widthPx <= TABLET_BREAKPOINT_PX) return 'tablet';
  return 'desktop';
}

/** The choice buttons per band; each band's buttons are at least as large as the one before. */
export const CHOICE_BUTTON_SIZES: Readonly<Record<ScreenBand, ChoiceButtonSize>> = {
  // 48 px: the least touch target of the platform guides (WCAG 2.5.8 asks 24).
  small: { band: 'small', minHeightPx: 48, minWidthPx: 0, fontSizePx: 16, direction: 'column' },
  medium: { band: 'medium', minHeightPx: 56, minWidthPx: 0, fontSizePx: 18, direction: 'column' },
  // Three side by side from 560 px: 3 × 140 + 2 gaps of 16 fit the 496 px left by the page's margins
  // (labels wrap onto two lines inside their button rather than the row onto two rows).
  tablet: { band: 'tablet', minHeightPx: 64, minWidthPx: 140, fontSizePx: 20, direction: 'row' },
  desktop: { band: 'desktop', minHeightPx: 72, minWidthPx: 200, fontSizePx: 22, direction: 'row' },
};

/** The choice buttons' size in a window `widthPx` wide (see {@link screenBand}). */
export function choiceButtonSize(widthPx: number): ChoiceButtonSize {
  return CHOICE_BUTTON_SIZES[screenBand(widthPx)];
}

/**
 * The phone's pad keys per band: their least height, CSS px (64 was the one size before). Keys drawn
 * larger for their own reasons (directions 88, choices 120) keep their size; the large-buttons mode
 * keeps its own least height (88). The phone's page is at most 560 px wide on a phone and 720 px on a
 * tablet (from {@link TABLET_MIN_PX}), so its keys grow with it.
 */
export const PAD_KEY_HEIGHTS_PX: Readonly<Record<ScreenBand, number>> = {
  small: 64,
  medium: 72,
  tablet: 80,
  desktop: 80,
};
