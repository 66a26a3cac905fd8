import { describe, expect, it } from 'vitest';
import type { XhrOptions, XhrResponse } from '../audio/xhr-send.ts';
import { buildDocumentForm, documentProblem, uploadDocument } from './upload-document.ts';

const reply = (status: number, body: unknown): XhrResponse => ({
  status,
  body: JSON.stringify(body),
  contentType: 'application/json',
});

function deps(answers: XhrResponse[]) {
  const sent: XhrOptions[] = [];
  return {
    sent,
    d: {
      send: async (o: XhrOptions) => {
        sent.push(o);
        const next = answers.shift();
        if (!next) throw new Error('no more answers');
        return next;
      },
      accessToken: () => 'tok',
      refresh: async () => true,
      endSession: () => {},
    },
  };
}

describe('document uploads', () => {
  it('takes TXT, Markdown, HTML and Word files up to 20 MB, by name', () => {
    expect(documentProblem({ name: 'notes.md', size: 10 })).toBeNull();
    expect(documentProblem({ name: 'Report.DOCX', size: 10 })).toBeNull();
    expect(documentProblem({ name: 'talk.mp3', size: 10 })).toBe('type');
    expect(documentProblem({ name: 'README', size: 10 })).toBe('type');
    expect(documentProblem({ name: 'a.txt', size: 0 })).toBe('empty');
    expect(documentProblem({ name: 'a.html', size: 20 * 1024 * 1024 + 1 })).toBe('size');
  });

  it('sends the file and its language', () => {
    const form = buildDocumentForm({ file: new File(['hi'], 'a.txt'), language: 'es-MX' });
    expect([...form.keys()]).toEqual(['file', 'language']);
    expect([...buildDocumentForm({ file: new File(['hi'], 'a.txt') }).keys()]).toEqual(['file']);
  });

  it('returns the new source, or the server’s words, or the spec’s fallback', async () => {
    const data = {
      content_id: 'd1',
      transcription_id: 'd1',
      title: 'a',
      language: 'en',
      word_count: 1,
      blocks: 1,
    };
    const ok = deps([reply(201, { message: 'Upload successful', data })]);
    await expect(uploadDocument({ file: new File(['hi'], 'a.txt') }, () => {}, ok.d)).resolves.toEqual(data);
    expect(ok.sent[0]?.url).toBe('/api/v1/files/upload/content');
    const empty = 'The document has no text to write from. Choose another file.';
    const bad = deps([reply(422, { detail: empty, code: 'document_empty', params: {} })]);
    await expect(uploadDocument({ file: new File([' '], 'a.txt') }, () => {}, bad.d)).rejects.toThrow(
      'The document has no text to write from',
    );
    const broken = deps([{ status: 502, body: 'Bad gateway', contentType: 'text/plain' }]);
    await expect(uploadDocument({ file: new File(['x'], 'a.txt') }, () => {}, broken.d)).rejects.toThrow(
      'Failed to upload content',
    );
  });
});
