import { describe, expect, it } from 'vitest';
import {
  CHOICE_BUTTON_SIZES,
  PAD_KEY_HEIGHTS_PX,
  TABLET_BREAKPOINT_PX,
  choiceButtonSize,
  screenBand,
  type ScreenBand,
} from './screen-sizes';

describe('screen sizes (SPEC.md §9: buttons grow at 414 and 560 px, tablet breakpoint 1194 px)', () => {
  it.each([
    [320, 'small'],
    [360, 'small'],
    [413, 'small'],
    [414, 'medium'],
    [559, 'medium'],
    [560, 'tablet'],
    [768, 'tablet'],
    [1194, 'tablet'],
    [1195, 'desktop'],
    [1440, 'desktop'],
  ] as const)('%i px is %s', (width, band) => {
    expect(screenBand(width)).toBe(band);
  });

  it('grows the choice buttons at each breakpoint and never shrinks them', () => {
    const order: ScreenBand[] = ['small', 'medium', 'tablet', 'desktop'];
    for (let i = 1; i < order.length; i += 1) {
      const before = CHOICE_BUTTON_SIZES[order[i - 1]!];
      const after = CHOICE_BUTTON_SIZES[order[i]!];
      expect(after.minHeightPx).toBeGreaterThan(before.minHeightPx);
      expect(after.fontSizePx).toBeGreaterThan(before.fontSizePx);
      expect(after.minWidthPx).toBeGreaterThanOrEqual(before.minWidthPx);
      expect(PAD_KEY_HEIGHTS_PX[order[i]!]).toBeGreaterThanOrEqual(PAD_KEY_HEIGHTS_PX[order[i - 1]!]);
    }
    expect(choiceButtonSize(413).minHeightPx).toBeLessThan(choiceButtonSize(414).minHeightPx);
    expect(choiceButtonSize(559).minHeightPx).toBeLessThan(choiceButtonSize(560).minHeightPx);
    expect(choiceButtonSize(TABLET_BREAKPOINT_PX).minHeightPx).toBeLessThan(
      choiceButtonSize(TABLET_BREAKPOINT_PX + 1).minHeightPx,
    );
  });

  it('stacks the buttons below 560 px, where three side by side would not fit, and sets them in a row from 560', () => {
    expect(choiceButtonSize(360).direction).toBe('column');
    expect(choiceButtonSize(414).direction).toBe('column');
    expect(choiceButtonSize(560).direction).toBe('row');
    // Three tablet buttons and their gaps fit in 560 px less the page's and the group's margins.
    expect(3 * CHOICE_BUTTON_SIZES.tablet.minWidthPx + 2 * 16).toBeLessThanOrEqual(560 - 64);
  });

  it('refuses a width that is not a number', () => {
    expect(() => screenBand(Number.NaN)).toThrow();
  });
});
