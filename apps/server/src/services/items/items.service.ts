import {
  type Item,
  type ItemList,
  type ItemUpdate,
  searchWords,
  type Transcription,
  type zItemUpdate,
} from '@voxpress/contracts';
import type { z } from 'zod';
import { notFound } from '../../lib/http-error.ts';
import { excerpt } from '../../lib/search.ts';
import { toAudio } from '../../mappers/audio-mapper.ts';
import type { AudioRepository } from '../../repositories/audio.repository.ts';
import type { ItemListOptions, ItemRef, ItemsRepository } from '../../repositories/items.repository.ts';
import type { TranscriptionsRepository } from '../../repositories/transcriptions.repository.ts';
import type { AudioService } from '../audio/audio.service.ts';
import { toTranscription } from '../transcription/transcription.service.ts';
import { itemSource } from './item-source.ts';

export interface ItemsServiceDeps {
  items: ItemsRepository;
  audio: AudioRepository;
  audioService: AudioService;
  transcriptions: TranscriptionsRepository;
}

const itemNotFound = () => notFound('Item not found', 'item_not_found');

/** The API shape of an audio item or a document. */
export function toItem(ref: ItemRef): Item {
  if (ref.kind === 'audio') {
    const { row } = ref;
    return {
      id: row.id,
      kind: 'audio',
      title: row.title,
      description: row.description,
      language: row.language,
      transcription_id: row.transcriptionId,
      audio: toAudio(row),
      source: itemSource(row),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }
  const { row } = ref;
  return {
    id: row.id,
    kind: 'document',
    title: row.title ?? 'Document',
    description: row.description,
    language: row.language,
    transcription_id: row.id,
    audio: null,
    source: itemSource(null),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The library's items (recordings, uploads and written documents) as one kind of thing: listed
 * together, opened on one page, renamed and described, deleted.
 */
export class ItemsService {
  constructor(private readonly deps: ItemsServiceDeps) {}

  async list(userId: string, query: ItemListOptions): Promise<ItemList> {
    const { items, total } = await this.deps.items.list(userId, query);
    const page = { total, page: query.page, limit: query.limit };
    if (!query.q) return { items: items.map(toItem), ...page };
    // A search shows where in each transcript or document the words were found.
    const words = searchWords(query.q);
    const texts = await this.deps.audio.transcriptTexts(
      items.flatMap((i) => (i.kind === 'audio' ? (i.row.transcriptionId ?? []) : [])),
    );
    return {
      items: items.map((ref) => {
        const text =
          ref.kind === 'document'
            ? (ref.row.editedText ?? ref.row.originalText)
            : (ref.row.transcriptionId && texts.get(ref.row.transcriptionId)) || '';
        const match = excerpt(text, words);
        return match ? { ...toItem(ref), match } : toItem(ref);
      }),
      ...page,
    };
  }

  async get(userId: string, id: string): Promise<Item> {
    return toItem(await this.owned(userId, id));
  }

  /** A new title (it is then the user's, never replaced by the transcript's first words) or description. */
  async update(userId: string, id: string, update: z.output<typeof zItemUpdate>): Promise<Item> {
    const ref = await this.owned(userId, id);
    const description = update.description === undefined ? undefined : update.description || null;
    const values: Partial<ItemUpdate & { titleProvisional: boolean }> = {
      ...(update.title !== undefined ? { title: update.title } : {}),
      ...(description !== undefined ? { description } : {}),
    };
    if (ref.kind === 'audio') {
      const row = await this.deps.audio.update(ref.row.id, {
        ...values,
        ...(update.title !== undefined ? { titleProvisional: false } : {}),
      });
      return toItem({ kind: 'audio', row: row ?? ref.row });
    }
    const row = await this.deps.transcriptions.update(ref.row.id, values);
    return toItem({ kind: 'document', row: row ?? ref.row });
  }

  /** Deletes the item with everything made from it (transcript, content; an audio item's file). */
  async delete(userId: string, id: string): Promise<void> {
    const ref = await this.owned(userId, id);
    if (ref.kind === 'audio') await this.deps.audioService.delete(userId, id);
    else await this.deps.transcriptions.delete(ref.row.id);
  }

  /** The item's source text as read: an audio item's transcript, or a document's text. */
  async transcription(userId: string, id: string): Promise<Transcription> {
    const ref = await this.owned(userId, id);
    if (ref.kind === 'document') return toTranscription(ref.row);
    const row = ref.row.transcriptionId
      ? await this.deps.transcriptions.findOwned(userId, ref.row.transcriptionId)
      : undefined;
    if (!row) throw notFound('No transcription available.', 'transcription_not_found');
    return toTranscription(row);
  }

  private async owned(userId: string, id: string): Promise<ItemRef> {
    const ref = await this.deps.items.findOwned(userId, id);
    if (!ref) throw itemNotFound();
    return ref;
  }
}
