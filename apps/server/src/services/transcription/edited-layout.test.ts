import { describe, expect, it } from 'vitest';
import { MONOLOGUE_TRANSCRIPT } from '../../engines/writer/composer/fixtures/monologue-transcript.fixture.ts';
import { pocketsphinxSegments } from '../../engines/writer/composer/fixtures/spoken-transcript.fixture.ts';
import type { TranscriptionRow } from '../../repositories/transcriptions.repository.ts';
import { exportTranscript } from './subtitles.ts';
import { toTranscription } from './transcription.service.ts';

// What PocketSphinx heard: lower case, full stops only where its wrapper put them at pauses.
const segments = pocketsphinxSegments(MONOLOGUE_TRANSCRIPT).slice(0, 8);
const heard = segments.map((s) => s.text.trim()).join(' ');
const edit = `${heard}\n\nEdited by Dana.`;

function row(editedText: string | null): TranscriptionRow {
  const now = new Date('2026-11-27T12:00:00Z');
  return {
    id: 't1',
    audioId: 'a1',
    userId: 'u1',
    source: 'audio',
    title: null,
    originalText: heard,
    editedText,
    editedHtml: null,
    language: 'en',
    confidence: null,
    provider: 'pocketsphinx',
    model: null,
    description: null,
    segments,
    speakers: [],
    diarizer: null,
    attempts: [],
    version: 2,
    versions: [],
    createdAt: now,
    updatedAt: now,
  } as TranscriptionRow;
}

describe('an edited transcript as the user typed it', () => {
  it('keeps the case and marks of every typed word in the reading view', () => {
    const t = toTranscription(row(edit));
    expect(t.text).toBe(edit);
    expect(t.paragraphs.map((p) => p.text)).toEqual([heard, 'Edited by Dana.']);
    const sentences = t.paragraphs.flatMap((p) => p.sentences.map((s) => s.text));
    expect(sentences.at(-1)).toBe('Edited by Dana.');
    // Nothing rejoined or re-cased: the sentences put back together are the typed text.
    expect(sentences.join(' ')).toBe(edit.replace(/\n+/g, ' '));
  });

  it('still times the words it kept from what was heard', () => {
    const t = toTranscription(row(edit));
    const first = t.paragraphs[0]?.sentences[0];
    expect(first?.start).toBe(segments[0]?.start);
    expect(first?.segment_ids).toContain(0);
  });

  it('captions the same text the reading view shows', () => {
    const srt = exportTranscript('srt', { text: edit, segments, language: 'en', edited: true });
    expect(srt).toContain('Edited by Dana.');
    expect(srt).not.toMatch(/edited by dana/);
  });
});
