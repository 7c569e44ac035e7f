import { describe, expect, it } from 'vitest';
import { ConfigError, defaultPasswordHashConcurrency, loadConfig } from './config';

describe('loadConfig: password hashing bound', () => {
  it('defaults to one argon2 per core but one (at least one), a queue of 64 and 5 s of waiting', () => {
    expect(loadConfig({}).passwordHashing).toEqual({
      concurrency: defaultPasswordHashConcurrency(),
      maxQueue: 64,
      maxWaitMs: 5000,
    });
    expect(defaultPasswordHashConcurrency()).toBeGreaterThanOrEqual(1);
  });

  it('reads PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE and PASSWORD_HASH_WAIT_MS', () => {
    const config = loadConfig({
      PASSWORD_HASH_CONCURRENCY: '3',
      PASSWORD_HASH_QUEUE: '0',
      PASSWORD_HASH_WAIT_MS: '250',
    });
    expect(config.passwordHashing).toEqual({ concurrency: 3, maxQueue: 0, maxWaitMs: 250 });
  });

  it.each([
    ['PASSWORD_HASH_CONCURRENCY', '0'],
    ['PASSWORD_HASH_CONCURRENCY', 'two'],
    ['PASSWORD_HASH_QUEUE', '-1'],
    ['PASSWORD_HASH_QUEUE', '1.5'],
    ['PASSWORD_HASH_WAIT_MS', '0'],
  ])('refuses %s=%s with a line naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
  });
});
