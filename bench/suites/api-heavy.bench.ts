import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { emptyParagraphsDocx } from '@voxpress/test-kit/document-bombs';
import pg from 'pg';
import { burst, quantile, timedGet } from '../lib/open-loop.ts';
import { createDatabase } from '../lib/postgres.ts';
import { registerUser, startServer } from '../lib/voxpress-server.ts';

const RATE_PER_S = 40;
const WINDOW_S = 8;
const RECORDING_S = 20_000;
const SEGMENT_S = 5;

export async function heavyRequestsBenchmark(): Promise<Record<string, string | number>> {
  const database = await createDatabase();
  // One process, as `npm start` runs it: nothing is queued, so its worker stays idle.
  const server = await startServer({ DATABASE_URL: database.url, VOXPRESS_ROLES: 'api,worker' }).catch(
    async (err: unknown) => {
      await database.drop();
      throw err;
    },
  );
  try {
    const token = await registerUser(server.url);
    const headers = { authorization: `Bearer ${token}` };
    const health = () => timedGet(`${server.url}/api/v1/health`, {});
    await burst(health, 1, RATE_PER_S); // warm up
    const idle = await burst(health, WINDOW_S, RATE_PER_S);

    // Documents built to explode, uploaded back to back while /health is measured.
    const bombs = [await emptyParagraphsDocx(2_000_000), await emptyParagraphsDocx(250_000)];
    const answers = new Map<number, number>();
    let uploading = true;
    const uploads = (async () => {
      for (let i = 0; uploading; i++) {
        const form = new FormData();
        form.set('file', new Blob([bombs[i % 2] as Buffer]), `bomb-${i}.docx`);
        const res = await fetch(`${server.url}/api/v1/files/upload/content`, {
          method: 'POST',
          headers,
          body: form,
        });
        await res.arrayBuffer();
        answers.set(res.status, (answers.get(res.status) ?? 0) + 1);
      }
    })();
    const duringBombs = await burst(health, WINDOW_S, RATE_PER_S);
    uploading = false;
    await uploads;

    const audioId = await longTranscript(server.url, headers, database.url);
    const edit = Array.from({ length: 20_000 }, (_, i) => `Line ${i} was edited by Dana, word by word.`)
      .join('\n')
      .padEnd(1_000_000, ' And more.')
      .slice(0, 1_000_000);
    const saveStarted = performance.now();
    const saved = await fetch(`${server.url}/api/v1/audio/${audioId}/transcription`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ text: edit, version: 1 }),
    });
    await saved.arrayBuffer();
    if (saved.status !== 200) throw new Error(`the 1,000,000-character edit answered ${saved.status}`);
    const saveMs = performance.now() - saveStarted;
    const exportMs: number[] = [];
    let exporting = true;
    const exports = Array.from({ length: 4 }, async () => {
      while (exporting) {
        const started = performance.now();
        const res = await fetch(`${server.url}/api/v1/audio/${audioId}/transcription/export?format=srt`, {
          headers,
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`the SRT export answered ${res.status}`);
        exportMs.push(performance.now() - started);
      }
    });
    const duringExports = await burst(health, WINDOW_S, RATE_PER_S);
    exporting = false;
    await Promise.all(exports);

    // All three at once, as the issue asks: document bombs, a recording of just over 3 hours
    // (decoded to measure it, then refused) and downloads of all the data of this account, whose
    // transcript holds 1,000,000 characters with its earlier version of 1,000,000 more.
    const threeHours = longOgg(181);
    const abuse = {
      bombs: new Map<number, number>(),
      long: new Map<number, number>(),
      exports: 0,
      exportBytes: 0,
    };
    const count = (map: Map<number, number>, status: number) => map.set(status, (map.get(status) ?? 0) + 1);
    let abusing = true;
    const post = async (route: string, file: Buffer, name: string) => {
      const form = new FormData();
      form.set('file', new Blob([file]), name);
      const res = await fetch(`${server.url}/api/v1/files/upload/${route}`, {
        method: 'POST',
        headers,
        body: form,
      });
      await res.arrayBuffer();
      return res.status;
    };
    const abusers = [
      (async () => {
        for (let i = 0; abusing; i++)
          count(abuse.bombs, await post('content', bombs[i % 2] as Buffer, `bomb-${i}.docx`));
      })(),
      (async () => {
        for (let i = 0; abusing; i++) count(abuse.long, await post('audio', threeHours, `all-day-${i}.ogg`));
      })(),
      (async () => {
        while (abusing) {
          const res = await fetch(`${server.url}/api/v1/users/me/export`, { headers });
          const zip = await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`the data export answered ${res.status}`);
          // Compressed, the repetitive text takes far less than its 2,000,000 characters.
          if (zip.byteLength < 100_000) throw new Error(`the data export is only ${zip.byteLength} bytes`);
          abuse.exportBytes = zip.byteLength;
          abuse.exports++;
        }
      })(),
    ];
    const duringAbuse = await burst(health, WINDOW_S * 2, RATE_PER_S);
    abusing = false;
    await Promise.all(abusers);
    const tally = (map: Map<number, number>) => [...map].map(([status, n]) => `${n}× ${status}`).join(', ');

    const row = (label: string, ms: number[]) => ({
      [`/health ${label}: p50 (ms)`]: quantile(ms, 0.5).toFixed(1),
      [`/health ${label}: p99 (ms)`]: quantile(ms, 0.99).toFixed(1),
    });
    return {
      ...row('idle', idle),
      ...row('during document bombs', duringBombs),
      'document bomb answers': [...answers].map(([status, n]) => `${n}× ${status}`).join(', '),
      '1,000,000-character edit saved in (ms)': saveMs.toFixed(0),
      ...row('during 4 SRT exports of 1 M characters', duringExports),
      'SRT exports finished': exportMs.length,
      'SRT export of 1 M characters: p50 (ms)': quantile(exportMs, 0.5).toFixed(0),
      ...row('during a bomb, a 3-hour file and a 1 M export at once', duringAbuse),
      '/health p99: idle → under all three (ms)': `${quantile(idle, 0.99).toFixed(1)} → ${quantile(duringAbuse, 0.99).toFixed(1)} (target < 1000)`,
      '/health p50: idle → under all three (ms)': `${quantile(idle, 0.5).toFixed(1)} → ${quantile(duringAbuse, 0.5).toFixed(1)}`,
      'under all three: document bomb answers': tally(abuse.bombs),
      'under all three: 3 h 1 min recording answers': tally(abuse.long),
      'under all three: data exports downloaded': `${abuse.exports} (zip of ${(abuse.exportBytes / 1e6).toFixed(1)} MB)`,
    };
  } finally {
    await server.stop();
    await database.drop();
  }
}

/** An audio item with a finished transcript of 5½ hours (about 1,000,000 characters heard). */
async function longTranscript(
  url: string,
  headers: Record<string, string>,
  databaseUrl: string,
): Promise<string> {
  const init = await fetch(`${url}/api/v1/audio/upload`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ file_format: 'wav', file_size_bytes: 1000 }),
  });
  const audioId = ((await init.json()) as { audio_id: string }).audio_id;
  const segments = Array.from({ length: RECORDING_S / SEGMENT_S }, (_, i) => ({
    start: i * SEGMENT_S,
    end: (i + 1) * SEGMENT_S - 0.4,
    text: `Segment ${i} of the long talk goes on about gardens, bread and the weather for a while, as people do when they talk for hours and hours without a break, saying one thing after another thing.`,
  }));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ user_id: string }>('select user_id from audio where id = $1', [
      audioId,
    ]);
    const made = await client.query<{ id: string }>(
      `insert into transcriptions (audio_id, user_id, original_text, language, provider, segments)
       values ($1, $2, $3, 'en', 'bench', $4) returning id`,
      [audioId, rows[0]?.user_id, segments.map((s) => s.text).join(' '), JSON.stringify(segments)],
    );
    await client.query(
      `update audio set status = 'completed', transcription_status = 'completed', transcription_id = $2,
       duration_s = $3 where id = $1`,
      [audioId, made.rows[0]?.id, RECORDING_S],
    );
  } finally {
    await client.end();
  }
  return audioId;
}

/**
 * An OGG/Vorbis file of `minutes` of silence, made the fast way: one minute encoded, then repeated
 * by stream copy (3 hours come out under 1 MB). The server decodes it all to measure it.
 */
function longOgg(minutes: number): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'voxpress-bench-ogg-'));
  try {
    const one = path.join(dir, 'one-minute.ogg');
    const out = path.join(dir, `${minutes}-minutes.ogg`);
    const quiet = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];
    execFileSync('ffmpeg', [
      ...quiet,
      ...['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '60', '-c:a', 'libvorbis', '-q:a', '-1', one],
    ]);
    execFileSync('ffmpeg', [...quiet, '-stream_loop', String(minutes - 1), '-i', one, '-c', 'copy', out]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
