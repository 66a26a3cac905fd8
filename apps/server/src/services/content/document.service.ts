import type { ContentUploadResponse } from '@voxpress/contracts';
import { countBodyWords } from '../../engines/writer/content-body.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { TranscriptionsRepository } from '../../repositories/transcriptions.repository.ts';
import { parseDocument } from './document-parser.ts';
import { documentKind } from './document-text.ts';

/** Longest document text kept (about 150,000 words). */
const MAX_TEXT_CHARS = 1_000_000;

/**
 * Written documents as content sources: their paragraphs become the source's segments (untimed),
 * so writing and translating from a document work, and stay grounded, as from a transcript.
 */
export class DocumentService {
  constructor(private readonly transcriptions: TranscriptionsRepository) {}

  async create(
    userId: string,
    file: { name: string; bytes: Buffer },
    fields: { title?: string | undefined; language?: string | undefined },
  ): Promise<ContentUploadResponse['data']> {
    const kind = documentKind(file.name);
    if (file.bytes.length === 0) throw empty();
    const paragraphs = await parseDocument(kind, file.bytes);
    if (paragraphs.length === 0) throw empty();
    const text = paragraphs.join('\n\n');
    if (text.length > MAX_TEXT_CHARS)
      throw new HttpError(
        413,
        'upload_too_large',
        'The document is too long: at most 1,000,000 characters.',
        {
          max_chars: MAX_TEXT_CHARS,
        },
      );
    // The route checked the form against the contract: a language code or nothing.
    const language = fields.language || 'en';
    const title =
      fields.title?.trim().slice(0, 300) || file.name.replace(/\.[^.]+$/, '').trim() || 'Document';
    const row = await this.transcriptions.create({
      audioId: null,
      source: 'document',
      title,
      userId,
      originalText: text,
      language,
      confidence: null,
      provider: 'document',
      // A document has no times: its paragraphs are segments at 0 s, read as untimed.
      segments: paragraphs.map((p) => ({ start: 0, end: 0, text: p })),
      attempts: [],
    });
    return {
      content_id: row.id,
      transcription_id: row.id,
      title,
      language,
      word_count: countBodyWords(text),
      blocks: paragraphs.length,
    };
  }
}

const empty = () =>
  new HttpError(422, 'document_empty', 'The document has no text to write from. Choose another file.');
