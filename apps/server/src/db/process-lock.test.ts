import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { LockedError, lockForProcess } from './process-lock.ts';

describe('one process per embedded database', () => {
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'voxpress-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second process while the first one lives, and names it', async () => {
    const file = path.join(folder(), 'pglite.lock');
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      writeFileSync(file, String(other.pid));
      expect(() => lockForProcess(file)).toThrow(LockedError);
      expect(() => lockForProcess(file)).toThrow(`Another Voxpress process (pid ${other.pid})`);
      expect(readFileSync(file, 'utf8')).toBe(String(other.pid));
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over the lock of a process that died, and releases its own', async () => {
    const file = path.join(folder(), 'pglite.lock');
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.once('exit', resolve));
    writeFileSync(file, String(dead.pid));
    const release = lockForProcess(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(file)).toBe(false);
  });

  it('holds the data folder while the database is open', async () => {
    const dir = folder();
    const database = await openDatabase({ dataDir: dir });
    expect(readFileSync(path.join(dir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
    await database.close();
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
  });
});
