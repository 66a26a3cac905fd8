import pg from 'pg';
import { emptyParagraphsDocx } from '../../apps/server/test/document-bombs.ts';
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
