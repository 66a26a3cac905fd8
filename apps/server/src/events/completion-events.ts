import type { WebhookEventType } from '@voxpress/contracts';
import type { Db } from '../db/database.ts';
import type { AudioRow } from '../repositories/audio.repository.ts';
import type { ContentRow } from '../repositories/content.repository.ts';
import type { ImageRow } from '../repositories/infographics/images.repository.ts';
import type { InfographicJobRow } from '../repositories/infographics/jobs.repository.ts';
import type { TranscriptionRow } from '../repositories/transcriptions.repository.ts';

/** An event as it happened, before it is fanned out to the owner's webhooks. */
export interface WebhookEvent {
  type: WebhookEventType;
  userId: string;
  /** Stable for one happening: the same event is never delivered twice to one webhook. */
  id: string;
  data: Record<string, unknown>;
}

/** Where completion events go: the webhooks service queues one delivery per subscribed webhook. */
export interface WebhookEmitter {
  /** Queues `event` in the caller's transaction; returns how many deliveries were queued. */
  emit(tx: Db, event: WebhookEvent): Promise<number>;
}

/**
 * The one place finished work becomes an outside event. The stages call it inside the
 * transaction that marks their work complete (the transcribe stage in the item pipeline, the
 * enhance job, the image render), so an event is queued exactly once per completion, and never
 * for work that did not commit. The caller wakes the queue after its commit.
 */
export class CompletionEvents {
  constructor(
    private readonly webhooks: WebhookEmitter,
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
    const translations = row.translations;
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

  /**
   * A set of images generated as a job finished (called by the job as it marks the set
   * completed): each image that was drawn, and how many could not be. The images' own links
   * expire; `api_url` gives the set with fresh ones.
   */
  async imagesCompleted(
    tx: Db,
    job: InfographicJobRow,
    images: readonly ImageRow[],
    failed: number,
  ): Promise<number> {
    return this.webhooks.emit(tx, {
      type: 'images.completed',
      userId: job.userId,
      id: `images:${job.id}`,
      data: {
        set_id: job.id,
        job_id: job.id,
        content_id: job.contentId,
        transcription_id: images[0]?.transcriptionId ?? null,
        content_type: images[0]?.contentType ?? null,
        total_generated: images.length,
        total_failed: failed,
        images: images.map((image) => ({
          id: image.id,
          name: image.name,
          variation_index: image.variationIndex,
          style: image.style,
          size: `${image.width}x${image.height}`,
          width: image.width,
          height: image.height,
          language: image.language,
        })),
        api_url: `${this.publicUrl}/api/v1/infographics/queue/status/${job.id}`,
      },
    });
  }
}
