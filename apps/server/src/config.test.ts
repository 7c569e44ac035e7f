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

describe('loadConfig: one data folder whatever folder npm runs the script in (issue 19)', () => {
  it('takes a relative DATA_DIR from where the command was typed (INIT_CWD), not the workspace', () => {
    expect(loadConfig({ INIT_CWD: '/srv/visus' }).dataDir).toBe('/srv/visus/data');
    expect(loadConfig({ INIT_CWD: '/srv/visus', DATA_DIR: 'store' }).dataDir).toBe('/srv/visus/store');
    expect(loadConfig({ INIT_CWD: '/srv/visus', WEB_DIST: 'web' }).webDist).toBe('/srv/visus/web');
  });
  it('keeps an absolute DATA_DIR, and uses the working folder without INIT_CWD', () => {
    expect(loadConfig({ INIT_CWD: '/srv/visus', DATA_DIR: '/var/lib/visus' }).dataDir).toBe('/var/lib/visus');
    expect(loadConfig({}).dataDir).toBe(`${process.cwd()}/data`);
  });
});

describe('loadConfig: REQUIRE_2FA_FOR (docs/adr/0023-two-step-sign-in.md)', () => {
  it('is nobody by default, and reads a comma-separated list of roles', () => {
    expect(loadConfig({}).requireTwoFactorFor).toEqual([]);
    expect(loadConfig({ REQUIRE_2FA_FOR: '' }).requireTwoFactorFor).toEqual([]);
    expect(loadConfig({ REQUIRE_2FA_FOR: ' clinician , admin,admin' }).requireTwoFactorFor).toEqual([
      'clinician',
      'admin',
    ]);
  });

  it.each(['user', 'admin,tester', 'root'])('refuses REQUIRE_2FA_FOR=%s with a line naming it', (value) => {
    expect(() => loadConfig({ REQUIRE_2FA_FOR: value })).toThrow(
      /^Invalid configuration: REQUIRE_2FA_FOR\.\d+: must list roles among admin, clinician/,
    );
  });
});
