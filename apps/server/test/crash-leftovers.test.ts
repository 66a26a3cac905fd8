import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { stopProcess } from '@voxpress/test-kit/server-process';
import { FIXTURE_PARAGRAPH, FIXTURE_PARAGRAPH_2, makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { describe, expect, it } from 'vitest';
import { drivers } from './harness.ts';
import { signUpAt, uploadAudioAt } from './http.ts';
import { cleanupAfter, serverSetup, startServer } from './process-setup.ts';
import { until } from './wait.ts';

/** Every file under `dir`, as `/`-separated paths relative to it. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Starts a request that announces `total` bytes but sends only `first`, and keeps it open: an
 * upload in flight. Errors (the server dying under it) are expected and swallowed.
 */
function startSlowRequest(
  url: string,
  method: string,
  headers: Record<string, string | number>,
  first: Buffer,
) {
  const req = request(url, { method, headers });
  req.on('error', () => {});
  req.on('response', (res) => res.resume());
  req.write(first);
  return req;
}

describe.each(drivers)('nothing is left behind by a crash, on %s', (driver) => {
  const cleanups = cleanupAfter();

  it('after kill -9 during uploads and a transcription, the data folder holds exactly the stored blobs', async () => {
    const { env, base, dataDir } = await serverSetup(driver, cleanups, { SPEECH_ENGINES: 'pocketsphinx' });
    const fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-leftovers-fixtures-'));
    cleanups.push(() => rmSync(fixtures, { recursive: true, force: true }));
    const text = `${FIXTURE_PARAGRAPH} ${FIXTURE_PARAGRAPH_2}`;
    const wav = readFileSync(await makeAudioFile(text, 'wav', fixtures));

    const first = await startServer(env, cleanups);
    const token = await signUpAt(base, 'leftovers@example.com', 'L');
    const auth = { authorization: `Bearer ${token}` };

    // 1. A transcription at work: its decoded audio sits in the temporary folder.
    const kept = await uploadAudioAt(base, token, { name: 'long.wav', content: wav });
    for (;;) {
      const a = (await (await fetch(`${base}/api/v1/audio/${kept}`, { headers: auth })).json()) as {
        transcription_status: string;
        progress: { percent: number };
      };
      if (a.transcription_status === 'processing' && a.progress.percent >= 10) break;
      await sleep(100);
    }

    // 2. A multipart upload in flight: half the file has arrived.
    const boundary = `----crash${randomBytes(6).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    startSlowRequest(
      `${base}/api/v1/files/upload/audio`,
      'POST',
      {
        ...auth,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + wav.length + tail.length,
      },
      Buffer.concat([head, wav.subarray(0, wav.length >> 1)]),
    );

    // 3. A signed-link PUT in flight.
    const init = await fetch(`${base}/api/v1/audio/upload`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ file_format: 'wav', file_size_bytes: wav.length }),
    });
    const link = (await init.json()) as { presigned_url: string; headers: Record<string, string> };
    startSlowRequest(
      new URL(link.presigned_url, base).toString(),
      'PUT',
      { ...link.headers, 'content-length': wav.length },
      wav.subarray(0, wav.length >> 1),
    );

    const tmp = path.join(dataDir, 'tmp');
    const everything = () => [...filesUnder(tmp), ...filesUnder(path.join(dataDir, 'blobs'))];
    await until('the spool file, the partial upload and the decoded audio', () => {
      const names = everything();
      const all =
        names.some((n) => n.endsWith('.upload')) &&
        names.some((n) => n.endsWith('.part')) &&
        names.some((n) => n.endsWith('.wav') && !n.startsWith('audio/'));
      return all || undefined;
    });
    await stopProcess(first, 'SIGKILL');
    expect(everything().length).toBeGreaterThan(3);

    // Restarted as an API only, so no new work starts while the folder is looked at.
    const second = await startServer({ ...env, VOXPRESS_ROLES: 'api', BLOBS_SHARED: 'true' }, cleanups);

    const me = (await (await fetch(`${base}/api/v1/users/me`, { headers: auth })).json()) as { id?: string };
    const owner = me.id ?? '';
    const scratch = filesUnder(tmp);
    // Only the running process's own folder remains, holding nothing but its owner mark.
    expect(scratch).toEqual([expect.stringMatching(/^run-[0-9a-f]+\/\.owner$/)]);
    expect(filesUnder(path.join(dataDir, 'blobs'))).toEqual([`audio/${owner}/${kept}.wav`]);
    await stopProcess(second);
  }, 180_000);
});
