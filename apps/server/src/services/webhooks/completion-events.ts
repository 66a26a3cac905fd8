import type { Db } from '../../db/database.ts';
import type { AudioRow } from '../../repositories/audio.repository.ts';
import type { ContentRow } from '../../repositories/content.repository.ts';
import type { TranscriptionRow } from '../../repositories/transcriptions.repository.ts';
import { translationsOf } from '../content/content-mapper.ts';
import type { WebhookService } from './webhook.service.ts';

/**
 * The one place finished work becomes an outside event. The stages call it inside the
 * transaction that marks their work complete (the transcribe stage in the item pipeline, the
 * enhance job, the image render), so an event is queued exactly once per completion, and never
 * for work that did not commit. The caller wakes the queue after its commit.
 */
export class CompletionEvents {
  constructor(
    private readonly webhooks: WebhookService,
    private readonly publicUrl: string,
  ) {}

  async transcriptCompleted(tx: Db, audio: AudioRow, transcript: TranscriptionRow): Promise<number> {
    return this.webhooks.emit(tx, {
      type: 'transcript.completed',
      userId: audio.userId,
      id: `transcript:${transcript.id}:${transcript.updatedAt.getTime()}`,
      data: {
        audio_id: audio.id,
        transcription_id: transcript.id,
        title: audio.title,
        language: transcript.language,
        text: transcript.editedText ?? transcript.originalText,
        duration_s: audio.durationS,
        provider: transcript.provider,
        url: `${this.publicUrl}/items/${audio.id}`,
        api_url: `${this.publicUrl}/api/v1/audio/${audio.id}/transcription`,
      },
    });
  }

  async contentCompleted(tx: Db, row: ContentRow): Promise<number> {
    const translations = translationsOf(row);
    return this.webhooks.emit(tx, {
      type: 'content.completed',
      userId: row.userId,
      id: `content:${row.id}:${row.revision}`,
      data: {
        content_id: row.id,
        transcription_id: row.transcriptionId,
        content_type: row.contentType,
        title: row.title,
        language: row.language,
        keywords: row.keywords,
        languages: Object.fromEntries(
          Object.entries(translations).map(([language, t]) => [
            language,
            { status: t.status, title: t.title, text: t.text, error: t.error },
          ]),
        ),
        api_url: `${this.publicUrl}/api/v1/content/${row.id}`,
      },
    });
  }

  /** An image set finished rendering (called by the render stage). */
  async imagesCompleted(
    tx: Db,
    event: { userId: string; setId: string; data: Record<string, unknown> },
  ): Promise<number> {
    return this.webhooks.emit(tx, {
      type: 'images.completed',
      userId: event.userId,
      id: `images:${event.setId}`,
      data: event.data,
    });
  }
}
