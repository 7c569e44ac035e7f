import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256-0123456789';
const claims = { userId: '6f1c2a9e-0000-4000-8000-000000000001', role: 'user' as const, tokenVersion: 3 };

/** The same token with one character of its signature changed. */
function tampered(token: string): string {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.at(-1)}`;
}

describe('TokenService.verify remembers verified tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the claims again from memory, and still refuses any other string', async () => {
    const tokens = new TokenService(SECRET, '1h');
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(tokens.rememberedTokens).toBe(1);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(tokens.rememberedTokens).toBe(1);
    // A changed signature, another key's token: never remembered, never accepted.
    expect(await tokens.verify(tampered(token))).toBeNull();
    const other = await new TokenService(`${SECRET}-other`, '1h').sign(claims);
    expect(await tokens.verify(other)).toBeNull();
    expect(tokens.rememberedTokens).toBe(1);
  });

  it('still lets a remembered token expire, exactly when jose would', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T00:00:00.000Z'));
    const tokens = new TokenService(SECRET, '30m');
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-24T00:29:59.000Z'));
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-24T00:30:00.000Z'));
    expect(await tokens.verify(token)).toBeNull();
    expect(tokens.rememberedTokens).toBe(0);
    // A fresh service (nothing remembered) agrees: the token is expired for jose too.
    expect(await new TokenService(SECRET, '30m').verify(token)).toBeNull();
  });

  it('keeps at most the given number, forgetting the oldest first', async () => {
    const tokens = new TokenService(SECRET, '1h', 2);
    const [a, b, c] = await Promise.all([1, 2, 3].map((v) => tokens.sign({ ...claims, tokenVersion: v })));
    for (const token of [a!, b!, c!]) await tokens.verify(token);
    expect(tokens.rememberedTokens).toBe(2);
    // `a` was forgotten: it is verified again (and correctly) rather than answered from memory.
    expect(await tokens.verify(a!)).toEqual({ ...claims, tokenVersion: 1 });
    expect(tokens.rememberedTokens).toBe(2);
  });

  it('hands out claims that cannot be changed by a caller', async () => {
    const tokens = new TokenService(SECRET, '1h');
    const token = await tokens.sign(claims);
    const first = await tokens.verify(token);
    expect(() => Object.assign(first!, { tokenVersion: 99 })).toThrow(TypeError);
    expect(await tokens.verify(token)).toEqual(claims);
  });
});
