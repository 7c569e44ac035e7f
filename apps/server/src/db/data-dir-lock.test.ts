import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'visus-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('takes and releases the lock', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'visus.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'visus.lock'))).toBe(false);
  });

  it('refuses a folder held by another live process, naming it', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    await new Promise((resolve) => holder.once('spawn', resolve));
    try {
      fs.writeFileSync(path.join(dir, 'visus.lock'), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(`in use by another Visus process (pid ${holder.pid})`);
    } finally {
      holder.kill();
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    // the holder is gone: its lock is stale and is taken over
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'visus.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
