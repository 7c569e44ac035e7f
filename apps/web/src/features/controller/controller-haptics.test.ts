import { describe, expect, it, vi } from 'vitest';
import { ANSWER_VIBRATION_MS, vibrateForAnswer } from './controller-haptics';

describe('vibrateForAnswer', () => {
  it('buzzes briefly where the phone can vibrate', () => {
    const vibrate = vi.fn(() => true);
    expect(vibrateForAnswer({ vibrate })).toBe(true);
    expect(vibrate).toHaveBeenCalledWith(ANSWER_VIBRATION_MS);
    expect(ANSWER_VIBRATION_MS).toBeLessThanOrEqual(50);
  });

  it('does nothing, harmlessly, where there is no Vibration API (iOS Safari, desktops)', () => {
    expect(vibrateForAnswer({} as Pick<Navigator, 'vibrate'>)).toBe(false);
    expect(vibrateForAnswer(undefined)).toBe(false);
  });

  it('never throws when the browser refuses', () => {
    const vibrate = vi.fn(() => {
      throw new DOMException('blocked', 'NotAllowedError');
    });
    expect(vibrateForAnswer({ vibrate })).toBe(false);
    expect(vibrateForAnswer({ vibrate: vi.fn(() => false) })).toBe(false);
  });
});
