import {
  type Content,
  type ContentBody,
  type ContentStatusEvent,
  type ContentTranslation,
  type TranslationStatus,
  zContentDetails,
} from '@voxpress/contracts';
import { contentDetails } from '../engines/writer/content-details.ts';
import type { ContentRow } from '../repositories/content.repository.ts';

export type { ContentVersion, WriterRecord } from '../db/json-columns.ts';

/** An entry for a language not done yet. */
export function pendingTranslation(first: boolean): ContentTranslation {
  return {
    title: '',
    text: '',
    status: 'pending',
    method: first ? 'written' : 'machine',
    service: null,
    reason: null,
    error: null,
    blocks: [],
    metadata: { word_count: 0 },
  };
}

/** The languages of a piece that ended failed (a translation no engine could make, a stage that failed). */
export function failedLanguages(row: ContentRow): string[] {
  const translations = row.translations;
  return row.languages.filter((l) => translations[l]?.status === 'failed');
}

function statuses(row: ContentRow): Record<string, TranslationStatus> {
  const translations = row.translations;
  return Object.fromEntries(row.languages.map((l) => [l, translations[l]?.status ?? 'pending']));
}

/** The API shape of a piece (spec §3 Content). */
export function toContent(row: ContentRow): Content {
  const translations = row.translations;
  const first = translations[row.language];
  const writer = row.writer;
  const versions: Record<string, { title: string; text: string; saved_at: string }[]> = {};
  for (const v of row.versions) {
    const list = versions[v.language] ?? [];
    list.push({ title: v.title, text: v.text, saved_at: v.saved_at });
    versions[v.language] = list;
  }
  const others = Object.entries(translations).filter(([l]) => l !== row.language);
  return {
    id: row.id,
    content_id: row.id,
    transcription_id: row.transcriptionId,
    content_type: row.contentType,
    title: row.title,
    text: first?.text ?? '',
    language: row.language,
    author: null,
    status: row.status,
    progress: { percent: Math.round(row.progress), message: row.progressMessage },
    failed_languages: failedLanguages(row),
    revision: row.revision,
    body: bodyOf(row),
    metadata: {
      translations,
      languages: row.languages,
      versions,
      target_blog_platforms: row.targetPlatforms,
      keywords: row.keywords,
      word_count: first?.metadata.word_count ?? 0,
      translation_method: others.length ? 'machine' : null,
      service_used: writer?.engine ?? null,
      translation_status: statuses(row),
      writer: writer ? { engine: writer.engine, reason: writer.reason, attempts: writer.attempts } : null,
      error: row.error,
    },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The stored first-language body. Pieces written before details had one shape keep their fields
 * through the same mapping (without times, which need the source).
 */
function bodyOf(row: ContentRow): ContentBody | null {
  const body = row.body;
  if (!body) return null;
  const details = zContentDetails.nullable().safeParse(body.details);
  if (details.success) return { ...body, details: details.data };
  return {
    ...body,
    details: contentDetails({
      contentType: row.contentType,
      raw: body.details,
      title: body.title,
      blocks: body.blocks,
      keywords: body.keywords,
      start: () => null,
    }),
  };
}

/** What the status stream says about a piece. */
export function contentStatusEvent(row: ContentRow): ContentStatusEvent {
  return {
    content_id: row.id,
    status: row.status,
    progress: { percent: Math.round(row.progress), message: row.progressMessage },
    translation_status: statuses(row),
    error: row.error,
  };
}
