import { emptyParagraphsDocx } from '@voxpress/test-kit/document-bombs';
import { makeDocx } from '@voxpress/test-kit/docx-fixture';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error.ts';
import { parseDocument } from './document-parser.ts';

// Each parse starts a worker thread (from source: tsx compiles the parser again), slow on a busy machine.
describe('parsing documents in a worker', { timeout: 180_000 }, () => {
  it('returns a Word document’s paragraphs', async () => {
    const docx = await makeDocx('Sourdough', ['Feed the starter.', 'Bake hot.']);
    expect(await parseDocument('docx', docx)).toEqual(['Sourdough', 'Feed the starter.', 'Bake hot.']);
  });

  it('answers with the parser’s own 4xx for a document it cannot read', async () => {
    const err = await parseDocument('txt', Buffer.from([0x63, 0xff])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 422, code: 'document_unreadable' });
  });

  it('stops a parse that outgrows its memory cap with 413 document_too_complex', async () => {
    // Under the markup limit, yet a tree of about 400 MB once parsed: past a 96 MB cap.
    const heavy = await emptyParagraphsDocx(250_000);
    const err = await parseDocument('docx', heavy, { memoryMb: 96, timeoutMs: 600_000 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({
      statusCode: 413,
      code: 'document_too_complex',
      params: { max_memory_mb: 96 },
    });
  });
});
