import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScratchSpace, STALE_SCRATCH_MS } from './scratch-space.ts';

describe('ScratchSpace', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'voxpress-scratch-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A folder as another process would leave it, its mark `ageMs` old. */
  const folder = (name: string, owner: { host: string; pid: number } | null, ageMs = 0) => {
    const dir = path.join(root, name);
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'spool.upload'), 'half an upload');
    if (owner) {
      const mark = path.join(dir, '.owner');
      writeFileSync(mark, JSON.stringify(owner));
      const when = new Date(Date.now() - ageMs);
      utimesSync(mark, when, when);
    }
    return dir;
  };

  it('removes the folder of a process that is gone, at once, and keeps live ones', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const own = new ScratchSpace(root);
    await own.open();
    writeFileSync(path.join(own.dir, 'work.wav'), 'in use');
    const crashed = folder('run-crashed', { host: hostname(), pid: dead });
    const alive = folder('run-alive', { host: hostname(), pid: process.pid });
    const elsewhere = folder('run-elsewhere', { host: 'another-machine', pid: 1 });

    expect(await own.sweep()).toBe(1);
    expect(existsSync(crashed)).toBe(false);
    expect(existsSync(alive)).toBe(true);
    expect(existsSync(elsewhere)).toBe(true);
    expect(await own.files()).toEqual(['work.wav']);
    await own.close();
    expect(existsSync(own.dir)).toBe(false);
  });

  it('removes folders whose mark went stale, and loose files left by older versions', async () => {
    const own = new ScratchSpace(root);
    const stale = folder('run-stale', { host: 'another-machine', pid: 1 }, STALE_SCRATCH_MS + 60_000);
    const fresh = folder('run-fresh', { host: 'another-machine', pid: 1 }, 1000);
    const unmarked = folder('run-unmarked', null);
    const loose = path.join(root, 'old.upload');
    writeFileSync(loose, 'x');
    const later = Date.now() + STALE_SCRATCH_MS + 1000;

    expect(await own.sweep()).toBe(1);
    expect([stale, fresh, unmarked, loose].map(existsSync)).toEqual([false, true, true, true]);
    expect(await own.sweep(later)).toBe(3);
    expect([fresh, unmarked, loose].map(existsSync)).toEqual([false, false, false]);
  });
});
