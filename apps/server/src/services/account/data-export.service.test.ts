import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import type { User } from '@voxpress/contracts';
import { readZip } from '@voxpress/test-kit/zip';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { AccountDataRepository } from '../../repositories/account-data.repository.ts';
import type { TranscriptionRow } from '../../repositories/transcriptions.repository.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { exportTranscript } from '../transcription/subtitles.ts';
import { toTranscription } from '../transcription/transcription.service.ts';
import { DataExportService } from './data-export.service.ts';

const USER_ID = '00000000-0000-4000-8000-000000000001';
const VOCABULARY =
  'the garden bread weather morning river market music story window kitchen friend water light table paper'.split(
    ' ',
  );

/** A transcript of about `chars` characters: sentences of twelve words, one segment each, 4 s apart. */
function transcript(id: string, title: string, chars: number, versions = 0): TranscriptionRow {
  const segments: { start: number; end: number; text: string }[] = [];
  let k = 7;
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const words = Array.from({ length: 12 }, () => {
      k = (k * 31 + 11) % 1009;
      return VOCABULARY[k % VOCABULARY.length];
    });
    const text = `${words.slice(0, 6).join(' ')}, ${words.slice(6).join(' ')}.`;
    segments.push({ start: i * 4.2, end: i * 4.2 + 4, text });
    length += text.length + 1;
  }
  const heard = segments.map((s) => s.text).join(' ');
  const now = new Date('2026-11-01T10:00:00Z');
  return {
    id,
    audioId: null,
    source: 'audio',
    title,
    description: null,
    userId: USER_ID,
    originalText: heard,
    // The user's own edit, which keeps its case: subtitles time it against what was heard.
    editedText: heard.replaceAll('bread', 'Bread from Dana'),
    editedHtml: null,
    language: 'en',
    confidence: 0.8,
    provider: 'pocketsphinx',
    model: null,
    segments,
    speakers: [],
    diarizer: null,
    attempts: [],
    versions: Array.from({ length: versions }, (_, i) => ({
      text: `${heard.slice(0, chars - 10)} v${i}`,
      html: null,
      saved_at: now.toISOString(),
    })),
    version: versions + 1,
    createdAt: now,
    updatedAt: now,
  } as TranscriptionRow;
}

function exportOf(rows: TranscriptionRow[]) {
  const reads: string[] = [];
  const repository = {
    audio: async () => [],
    content: async () => [],
    voiceProfiles: async () => [],
    shares: async () => [],
    brandKit: async () => undefined,
    transcriptList: async () =>
      rows.map((r) => ({
        id: r.id,
        audioId: r.audioId,
        title: r.title,
        timed: (r.segments as unknown[]).length > 0,
      })),
    transcription: async (userId: string, id: string) => {
      reads.push(id);
      const row = rows.find((r) => r.id === id && r.userId === userId);
      return row ? { ...row } : undefined;
    },
  } as unknown as AccountDataRepository;
  const service = new DataExportService(repository, {} as BlobStore, pino({ level: 'silent' }));
  return { service, reads };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const user = { id: USER_ID, email: 'dana@example.com', full_name: 'Dana' } as unknown as User;

describe('the data export of an account with very long transcripts', () => {
  it('keeps the event loop turning while it makes million-character subtitles, and they are the same', {
    timeout: 600_000,
  }, async () => {
    const rows = [
      transcript('00000000-0000-4000-8000-00000000000a', 'Long interview', 1_000_000, 3),
      transcript('00000000-0000-4000-8000-00000000000b', 'Second long interview', 1_000_000),
      transcript('00000000-0000-4000-8000-00000000000f', 'Third long interview', 1_000_000, 1),
      transcript('00000000-0000-4000-8000-00000000000c', 'Short note', 300),
    ];
    const { service, reads } = exportOf(rows);
    // Laying out a first transcript for reading loads the composer's word lists (once per process):
    // that happens whatever the export does, so it is done before the clock starts.
    toTranscription(transcript('00000000-0000-4000-8000-0000000000ff', 'Warm-up', 300));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    // The monitor counts from its first tick: a stall before it would go unseen.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const zip = await bytesOf(await service.zip(user));
    delay.disable();
    // Made on this thread, the three long transcripts' records and subtitles take 2 s or more.
    expect(delay.max / 1e6).toBeLessThan(1000);

    const entries = await readZip(zip);
    for (const row of rows) {
      const source = {
        text: row.editedText as string,
        segments: row.segments as never,
        language: 'en',
        edited: true,
      };
      const base = `voxpress-data/transcripts/${row.title?.replaceAll(' ', '-')}`;
      expect(entries.get(`${base}.txt`)?.toString()).toBe(`${source.text}\n`);
      expect(entries.get(`${base}.srt`)?.toString(), row.title ?? '').toBe(exportTranscript('srt', source));
    }
    const listed = JSON.parse(entries.get('voxpress-data/transcripts.json')?.toString() ?? '');
    expect(listed.map((t: { id: string }) => t.id)).toEqual(rows.map((r) => r.id));
    expect(listed[0].versions).toHaveLength(3);
    expect(listed[0].text).toContain('Bread from Dana');
    // Each transcript is read for the list and once more for its files, never all at once up front.
    expect(reads).toHaveLength(rows.length * 2);
  });

  it('writes an empty list, and a transcript deleted while the zip is made is left out', async () => {
    const empty = await readZip(await bytesOf(await exportOf([]).service.zip(user)));
    expect(empty.get('voxpress-data/transcripts.json')?.toString()).toBe('[]\n');

    const rows = [
      transcript('00000000-0000-4000-8000-00000000000d', 'Kept', 200),
      transcript('00000000-0000-4000-8000-00000000000e', 'Deleted meanwhile', 200),
    ];
    const { service } = exportOf(rows);
    const stream = await service.zip(user);
    rows.pop();
    const entries = await readZip(await bytesOf(stream));
    const written = entries.get('voxpress-data/transcripts.json')?.toString() ?? '';
    const listed = JSON.parse(written);
    expect(written).toBe(`${JSON.stringify(listed, null, 2)}\n`);
    expect(listed.map((t: { id: string }) => t.id)).toEqual(['00000000-0000-4000-8000-00000000000d']);
    expect(entries.get('voxpress-data/transcripts/Kept.txt')?.toString()).toContain('Bread from Dana');
    expect(entries.get('voxpress-data/transcripts/Deleted-meanwhile.txt')?.toString()).toBe('');
  });
});
