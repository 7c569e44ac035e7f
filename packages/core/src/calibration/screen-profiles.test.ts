import { describe, expect, it } from 'vitest';
import {
  SCREEN_PROFILES_MAX,
  defaultScreenName,
  isSameScreen,
  matchingScreenProfile,
  screenProfilesToForget,
} from './screen-profiles';

const laptop = { devicePixelRatio: 2, cssResolution: { width: 1440, height: 900 } };
const monitor = { devicePixelRatio: 1, cssResolution: { width: 2560, height: 1440 } };
const profile = (name: string, window: typeof laptop | null, lastUsedAt: string) => ({
  name,
  window,
  lastUsedAt,
});

describe('isSameScreen: a screen is its size and zoom', () => {
  it('matches the same size and devicePixelRatio, in either orientation, within the rounding tolerance', () => {
    expect(isSameScreen(laptop, laptop)).toBe(true);
    expect(isSameScreen(laptop, { ...laptop, cssResolution: { width: 900, height: 1440 } })).toBe(true);
    expect(isSameScreen(laptop, { ...laptop, devicePixelRatio: 2.01 })).toBe(true);
  });
  it('tells another monitor and another browser zoom apart', () => {
    expect(isSameScreen(laptop, monitor)).toBe(false);
    expect(isSameScreen(laptop, { ...laptop, devicePixelRatio: 2.2 })).toBe(false);
  });
  it('ignores pinch-zoom (not a property of the screen) and matches nothing without a window', () => {
    expect(isSameScreen(laptop, { ...laptop, visualScale: 1.5 })).toBe(true);
    expect(isSameScreen(null, laptop)).toBe(false);
    expect(isSameScreen({ devicePixelRatio: 2 }, laptop)).toBe(false);
  });
});

describe('matchingScreenProfile: the profile for the screen in use', () => {
  const profiles = [
    profile('Laptop', laptop, '2026-11-01T10:00:00.000Z'),
    profile('Office monitor', monitor, '2026-11-20T10:00:00.000Z'),
    profile('Laptop again', laptop, '2026-11-10T10:00:00.000Z'),
    profile('Old record', null, '2026-11-25T10:00:00.000Z'),
  ];
  it('picks the one made on this screen, the latest used when several are', () => {
    expect(matchingScreenProfile(profiles, monitor)?.name).toBe('Office monitor');
    expect(matchingScreenProfile(profiles, laptop)?.name).toBe('Laptop again');
  });
  it('answers null when no profile was made on this screen', () => {
    expect(
      matchingScreenProfile(profiles, { devicePixelRatio: 1, cssResolution: { width: 1280, height: 800 } }),
    ).toBe(null);
    expect(matchingScreenProfile([], laptop)).toBe(null);
  });
});

describe('screenProfilesToForget: at most SCREEN_PROFILES_MAX screens', () => {
  it('forgets the ones used longest ago, and nothing while there is room', () => {
    const many = Array.from({ length: SCREEN_PROFILES_MAX + 2 }, (_, i) =>
      profile(`S${i}`, laptop, new Date(Date.UTC(2026, 0, 1 + ((i * 7) % 30))).toISOString()),
    );
    const forgotten = screenProfilesToForget(many).map((p) => p.lastUsedAt);
    expect(forgotten).toHaveLength(2);
    const kept = many.filter((p) => !forgotten.includes(p.lastUsedAt)).map((p) => Date.parse(p.lastUsedAt));
    for (const f of forgotten) expect(Math.min(...kept)).toBeGreaterThan(Date.parse(f));
    expect(screenProfilesToForget(many.slice(0, SCREEN_PROFILES_MAX))).toEqual([]);
  });
});

describe('defaultScreenName', () => {
  it('names a screen by its size, long side first', () => {
    expect(defaultScreenName(monitor)).toBe('Screen 2560 × 1440');
    expect(defaultScreenName({ cssResolution: { width: 768, height: 1024 } })).toBe('Screen 1024 × 768');
    expect(defaultScreenName(null)).toBe('This screen');
  });
});
