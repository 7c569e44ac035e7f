import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { AccountCache } from './account-cache';

const row = (id: string, tokenVersion = 0) => ({ id, token_version: tokenVersion }) as UserRow;

describe('AccountCache', () => {
  it('answers from memory until the time is up, then reads again', async () => {
    let now = 0;
    let reads = 0;
    const cache = new AccountCache(1000, 10, () => now);
    const load = async (id: string) => (reads++, row(id));
    await cache.get('a', load);
    await cache.get('a', load);
    expect(reads).toBe(1);
    now = 999;
    await cache.get('a', load);
    expect(reads).toBe(1);
    now = 1000;
    await cache.get('a', load);
    expect(reads).toBe(2);
  });

  it('reads again after forget, and does not keep a read that was in flight during forget', async () => {
    const cache = new AccountCache(60_000, 10, () => 0);
    let release!: (value: UserRow) => void;
    const inFlight = cache.get('a', () => new Promise<UserRow>((resolve) => (release = resolve)));
    cache.forget('a'); // a change committed while the read (of the old row, maybe) was under way
    release(row('a', 0));
    expect((await inFlight)?.token_version).toBe(0);
    expect(cache.size).toBe(0);
    expect((await cache.get('a', async (id) => row(id, 1)))?.token_version).toBe(1);
    expect((await cache.get('a', async (id) => row(id, 2)))?.token_version).toBe(1);
    cache.forget('a');
    expect((await cache.get('a', async (id) => row(id, 2)))?.token_version).toBe(2);
  });

  it('keeps nothing with a time of 0, no unknown account, at most the given number, and frozen rows', async () => {
    let reads = 0;
    const off = new AccountCache(0);
    await off.get('a', async (id) => (reads++, row(id)));
    await off.get('a', async (id) => (reads++, row(id)));
    expect(reads).toBe(2);
    expect(off.size).toBe(0);
    const cache = new AccountCache(60_000, 2, () => 0);
    expect(await cache.get('gone', async () => undefined)).toBeUndefined();
    expect(cache.size).toBe(0);
    for (const id of ['a', 'b', 'c']) await cache.get(id, async () => row(id));
    expect(cache.size).toBe(2);
    const kept = await cache.get('c', async () => row('other'));
    expect(kept?.id).toBe('c');
    expect(() => Object.assign(kept!, { role: 'admin' })).toThrow(TypeError);
  });
});
