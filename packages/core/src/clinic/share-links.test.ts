import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { shareLinkExpiresAt, shareLinkState } from './share-links';

describe('shareLinkExpiresAt', () => {
  const now = new Date('2026-03-27T10:00:00.000Z');

  it('adds whole days of 24 hours, 7 by default', () => {
    expect(shareLinkExpiresAt(now).toISOString()).toBe('2026-04-03T10:00:00.000Z');
    expect(shareLinkExpiresAt(now, 1).toISOString()).toBe('2026-03-28T10:00:00.000Z');
    // across the European daylight-saving change (29 March) it is still 30 × 24 h
    expect(shareLinkExpiresAt(now, 30).getTime() - now.getTime()).toBe(30 * 86_400_000);
  });

  it.each([0, 31, 1.5, -1, Number.NaN])('refuses %s days', (days) => {
    expect(() => shareLinkExpiresAt(now, days)).toThrow(CoreInputError);
  });

  it('refuses an invalid date', () => {
    expect(() => shareLinkExpiresAt(new Date('nope'))).toThrow(CoreInputError);
  });
});

describe('shareLinkState', () => {
  const expiresAt = '2026-04-03T10:00:00.000Z';
  it('is active until the instant it expires, expired from then on', () => {
    expect(shareLinkState({ expiresAt, revokedAt: null }, new Date('2026-04-03T09:59:59.999Z'))).toBe(
      'active',
    );
    expect(shareLinkState({ expiresAt, revokedAt: null }, new Date(expiresAt))).toBe('expired');
  });

  it('is revoked once revoked, before or after its expiry', () => {
    const revokedAt = '2026-03-28T08:00:00.000Z';
    expect(shareLinkState({ expiresAt, revokedAt }, new Date('2026-03-29T00:00:00Z'))).toBe('revoked');
    expect(shareLinkState({ expiresAt, revokedAt }, new Date('2026-05-01T00:00:00Z'))).toBe('revoked');
  });

  it('refuses an expiry that is no date', () => {
    expect(() => shareLinkState({ expiresAt: 'soon', revokedAt: null }, new Date())).toThrow(CoreInputError);
  });
});
