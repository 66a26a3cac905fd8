import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURE_PARAGRAPH, makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyDecodes } from './ffmpeg.ts';
import { FFMPEG_LIMITS, ffmpegNotice, runFfmpeg } from './ffmpeg-runner.ts';
import { limitedCommand } from './untrusted-process.ts';

let dir: string;
let wav: string;
let server: Server;
let requests = 0;
let base: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'voxpress-ffmpeg-limits-'));
  wav = await makeAudioFile(FIXTURE_PARAGRAPH, 'wav', dir);
  // What a crafted file might try to reach; nothing may ever arrive here.
  server = createServer((_req, res) => {
    requests++;
    res.end(readFileSync(wav));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** What a command line built by `limitedCommand` prints. */
const output = (program: string, args: string[]) => {
  const command = limitedCommand(program, args, FFMPEG_LIMITS);
  return spawnSync(command.command, command.args, { encoding: 'utf8' }).stdout;
};

describe('ffmpeg runs boxed in', () => {
  it('under a memory limit and at a lower CPU priority than the server', () => {
    const limits = output('/bin/cat', ['/proc/self/limits']);
    expect(limits).toMatch(
      new RegExp(`Max address space\\s+${FFMPEG_LIMITS.memoryBytes}\\s+${FFMPEG_LIMITS.memoryBytes}`),
    );
    // /proc/<pid>/stat: after the command name in parentheses, field 19 (nice) is the 17th.
    const stat = output('/bin/cat', ['/proc/self/stat']);
    const niceness = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16];
    expect(Number(niceness)).toBe(FFMPEG_LIMITS.niceness);
  });

  it('fails with a clear reason when a decode needs more memory than allowed', async () => {
    await expect(
      runFfmpeg(['-i', wav], ['-f', 'null', '-'], {
        limits: { memoryBytes: 32 * 1024 * 1024, niceness: 10 },
      }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/more memory than allowed/), retryable: false });
  });

  it('stops a decode that passes its time limit', async () => {
    await expect(verifyDecodes(wav, { timeLimitMs: 1 })).rejects.toMatchObject({
      message: expect.stringMatching(/took longer than 1 s and was stopped/),
      retryable: false,
    });
  });

  it('opens local files only: no network, no data: URLs, even when a playlist names them', async () => {
    const inline = `data:audio/wav;base64,${readFileSync(wav).subarray(0, 64_000).toString('base64')}`;
    await expect(runFfmpeg(['-i', inline], ['-f', 'null', '-'])).rejects.toMatchObject({ retryable: false });
    await expect(runFfmpeg(['-i', `${base}/speech.wav`], ['-f', 'null', '-'])).rejects.toMatchObject({
      retryable: false,
    });
    const playlist = path.join(dir, 'list.m3u8');
    writeFileSync(
      playlist,
      `#EXTM3U\n#EXT-X-TARGETDURATION:20\n#EXTINF:20,\n${base}/seg.wav\n#EXT-X-ENDLIST\n`,
    );
    await expect(runFfmpeg(['-i', playlist], ['-f', 'null', '-'])).rejects.toMatchObject({
      retryable: false,
    });
    expect(requests).toBe(0);
    // Local files still decode.
    expect((await verifyDecodes(wav)).decodedS).toBeGreaterThan(10);
  });

  it('says plainly at start-up when only the old bundled ffmpeg is there', () => {
    const full = { memory: 'prlimit', priority: 'nice' } as const;
    expect(ffmpegNotice({ path: '/usr/bin/ffmpeg', bundled: false }, full)).toMatchObject({ level: 'info' });
    const old = ffmpegNotice(
      { path: '/x/node_modules/@ffmpeg-installer/linux-x64/ffmpeg', bundled: true },
      full,
    );
    expect(old.level).toBe('warn');
    expect(old.message).toMatch(/bundled static ffmpeg from 2018.*install the system ffmpeg/);
    expect(
      ffmpegNotice({ path: '/usr/bin/ffmpeg', bundled: false }, { memory: 'none', priority: 'nice' }),
    ).toMatchObject({ level: 'warn', message: expect.stringMatching(/without a memory limit/) });
  });
});
