import { readZip } from '@voxpress/test-kit/zip';
import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { renderDocx } from './subtitle-runner.ts';
import { exportTranscript } from './subtitles.ts';
import { longDate, transcriptDocx } from './transcript-docx.ts';

const segments = [
  { start: 0, end: 2.4, text: ' Welcome back to the kitchen.', speaker: 'S1', speaker_name: 'Ana' },
  { start: 2.4, end: 5, text: 'Today we bake rye bread.', speaker: 'S1', speaker_name: 'Ana' },
  { start: 5.2, end: 7.5, text: 'Thanks for having me.', speaker: 'S2', speaker_name: 'Speaker 2' },
  { start: 723.9, end: 726, text: 'Where do we start?', speaker: 'S1', speaker_name: 'Ana' },
];
const voiced = {
  title: 'Rye & bread <live>',
  date: '2026-11-28T09:30:00.000Z',
  text: segments.map((s) => s.text.trim()).join(' '),
  segments,
  language: 'en-US',
  edited: false,
  description: 'Transcribed by pocketsphinx; speakers found by builtin.',
};

async function documentXml(file: Buffer): Promise<string> {
  const xml = (await readZip(file)).get('word/document.xml');
  if (!xml) throw new Error('no word/document.xml');
  return xml.toString('utf8');
}

describe('transcript as a Word document', () => {
  it('writes the title, the date, and each turn under its speaker and time', async () => {
    const file = await transcriptDocx(voiced);
    const { value } = await mammoth.extractRawText({ buffer: file });
    const lines = value.split('\n').filter(Boolean);
    expect(lines).toEqual([
      'Rye & bread <live>',
      'November 28, 2026',
      'Ana — 0:00',
      'Welcome back to the kitchen. Today we bake rye bread.',
      'Speaker 2 — 0:05',
      'Thanks for having me.',
      'Ana — 12:03',
      'Where do we start?',
    ]);
    const xml = await documentXml(file);
    // The name is bold, the title escaped, the document in the transcript's language.
    expect(xml).toMatch(/<w:b\/>.*?<w:t[^>]*>Ana<\/w:t>/s);
    expect(xml).toContain('Rye &amp; bread &lt;live&gt;');
    const core = (await readZip(file)).get('docProps/core.xml')?.toString('utf8') ?? '';
    expect(core).toContain('speakers found by builtin');
  });

  it('writes an edit or a transcript without voices paragraph by paragraph', async () => {
    const plain = segments.map(({ start, end, text }) => ({ start, end, text }));
    const edited = { ...voiced, edited: true, text: 'First thought.\n\nSecond thought, edited.' };
    for (const source of [{ ...voiced, segments: plain }, edited]) {
      const { value } = await mammoth.extractRawText({ buffer: await transcriptDocx(source) });
      expect(value).not.toContain('—');
    }
    const { value } = await mammoth.extractRawText({ buffer: await transcriptDocx(edited) });
    expect(value.split('\n').filter(Boolean).slice(2)).toEqual(['First thought.', 'Second thought, edited.']);
  });

  it('dates in the transcript’s language, right to left for Arabic', async () => {
    expect(longDate(voiced.date, 'de-DE')).toBe('28. November 2026');
    expect(longDate(voiced.date, 'en-GB')).toBe('28 November 2026');
    expect(longDate(voiced.date, 'xx-invalid-tag-!')).toBe('November 28, 2026');
    const xml = await documentXml(await transcriptDocx({ ...voiced, language: 'ar' }));
    expect(xml).toContain('<w:bidi/>');
  });

  it('makes a long transcript in a worker thread, the same document', async () => {
    const many = Array.from({ length: 400 }, (_, i) => ({
      start: i * 5,
      end: i * 5 + 4,
      text: `Sentence number ${i} about baking bread in a warm kitchen.`,
      speaker: i % 2 ? 'S2' : 'S1',
      speaker_name: i % 2 ? 'Ben' : 'Ana',
    }));
    const long = { ...voiced, segments: many, text: many.map((s) => s.text).join(' ') };
    expect(long.text.length).toBeGreaterThan(20_000);
    const { value } = await mammoth.extractRawText({ buffer: await renderDocx(long) });
    expect(value).toContain('Ben — 33:15');
    expect(value).toContain('Sentence number 399 about baking bread');
  });

  it('keeps the speakers of an edit, its paragraphs as the editor kept them', async () => {
    const edit = {
      ...voiced,
      edited: true,
      text: 'Welcome back to the kitchen. Today we bake rye bread!\n\nA new line of mine.\n\nThanks for having me.\n\nWhere do we start?',
      html:
        '<p data-speaker="S1">Welcome back to the kitchen. Today we bake <strong>rye</strong> bread!</p>' +
        '<p data-speaker="S1">A new line of mine.</p><p data-speaker="S2">Thanks for having me.</p>' +
        '<p data-speaker="S1">Where do we start?</p>',
    };
    expect(exportTranscript('txt', edit)).toBe(
      'Ana (0:00)\nWelcome back to the kitchen. Today we bake rye bread!\nA new line of mine.\n\n' +
        'Speaker 2 (0:05)\nThanks for having me.\n\nAna (12:03)\nWhere do we start?\n',
    );
    const { value } = await mammoth.extractRawText({ buffer: await transcriptDocx(edit) });
    expect(value.split('\n').filter(Boolean).slice(2)).toEqual([
      'Ana — 0:00',
      'Welcome back to the kitchen. Today we bake rye bread!',
      'A new line of mine.',
      'Speaker 2 — 0:05',
      'Thanks for having me.',
      'Ana — 12:03',
      'Where do we start?',
    ]);
    // Paragraphs that cannot be matched to what was heard one to one get no time, never a wrong one.
    const unmatched = { ...edit, text: `${edit.text}\nan extra line` };
    expect(exportTranscript('txt', unmatched)).toMatch(/^Ana\nWelcome back/);
  });
});
