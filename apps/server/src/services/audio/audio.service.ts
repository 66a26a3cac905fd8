import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Audio,
  type AudioList,
  type AudioStats,
  formatBytes,
  LIMITS,
  type MediaFormat,
  searchWords,
  type UploadInitRequest,
  type UploadInitResponse,
} from '@voxpress/contracts';
import { inspectMedia, type MediaInfo } from '../../audio/video-inspect.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { HttpError, notFound, ValidationError } from '../../lib/http-error.ts';
import { excerpt } from '../../lib/search.ts';
import {
  initialTitle,
  mimeByFormat,
  statusEvent,
  toAudio,
  videoAudioKey,
  videoPosterKey,
} from '../../mappers/audio-mapper.ts';
import type { AudioRepository, AudioRow, AudioStatus } from '../../repositories/audio.repository.ts';
import { BlobNotFoundError, type BlobRange, type BlobStore } from '../../storage/blob-store.ts';

const UPLOAD_LINK_TTL_S = 60 * 60;
/** An upload object this much older than its link's life has no item waiting for it. */
const STRAY_UPLOAD_GRACE_MS = 10 * 60 * 1000;
/** The key an upload link writes to, for the item whose file will live under `blobKey`. */
const uploadKeyOf = (blobKey: string) => blobKey.replace(/^audio\//, 'uploads/');
/** `uploads/<user>/<audio id>.<format>`: which item an upload key belongs to. */
const UPLOAD_KEY = /^uploads\/([^/]+)\/([0-9a-f-]{36})\.[a-z0-9]+$/;

/** 413 `upload_too_large`: the spec's sentence, with the limit in force. */
export function uploadTooLarge(maxBytes: number): HttpError {
  return new HttpError(
    413,
    'upload_too_large',
    `File size must be less than ${Math.round(maxBytes / 1024 / 1024)}MB.`,
    { max_bytes: maxBytes },
  );
}

export interface AudioServiceDeps {
  audio: AudioRepository;
  blobs: BlobStore;
  events: EventBus;
  /** Scratch folder for inspecting uploads (inside the data folder). */
  tmpDir: string;
  /** Longest audio accepted, in seconds of decoded sound (MAX_AUDIO_MINUTES); undefined for no limit. */
  maxDurationS?: number;
  /** Bytes of audio one account may keep (the setting in force); undefined for no limit. */
  quotaBytes?: () => Promise<number | undefined>;
  /** Largest file accepted (the setting in force); the spec's 100 MB when absent. */
  maxUploadBytes?: () => Promise<number>;
  /** Starts the item's pipeline (its status change and first job commit together). */
  startPipeline(row: AudioRow): Promise<unknown>;
}

/** Audio items: uploads (presigned or multipart), validation, listing, playback and deletion. */
export class AudioService {
  constructor(private readonly deps: AudioServiceDeps) {}

  /** The upload limit in force (MAX_UPLOAD_MB, or the administrator's setting). */
  async maxUploadBytes(): Promise<number> {
    return (await this.deps.maxUploadBytes?.()) ?? LIMITS.maxUploadBytes;
  }

  async initUpload(userId: string, request: UploadInitRequest): Promise<UploadInitResponse> {
    const max = await this.maxUploadBytes();
    // Refused as the request's own field, in the spec's words (422), as the contract did at 100 MB.
    if (request.file_size_bytes > max)
      throw new ValidationError([
        {
          loc: ['body', 'file_size_bytes'],
          msg: `File size must be less than ${Math.round(max / 1024 / 1024)}MB.`,
          type: 'too_big',
        },
      ]);
    await this.ensureRoom(userId, request.file_size_bytes);
    const id = randomUUID();
    const source = request.source ?? (request.file_format === 'webm' ? 'recording' : 'upload');
    const mimeType = mimeByFormat[request.file_format];
    const blobKey = `audio/${userId}/${id}.${request.file_format}`;
    const expiresAt = new Date(Date.now() + UPLOAD_LINK_TTL_S * 1000);
    // The link writes beside the final key: once checked, the file moves away from where a leaked
    // link could still reach it (S3 links cannot be revoked before they expire).
    const link = await this.deps.blobs.presignPut(uploadKeyOf(blobKey), {
      contentType: mimeType,
      maxBytes: request.file_size_bytes,
      expiresInS: UPLOAD_LINK_TTL_S,
    });
    await this.deps.audio.create({
      id,
      userId,
      ...initialTitle(request.title, source, request.file_name),
      description: request.description || null,
      source,
      fileName: request.file_name ?? null,
      fileFormat: request.file_format,
      mimeType,
      language: request.language ?? 'en-US',
      googleLanguageCode: request.google_language_code ?? null,
      useWhisperForEnglish: request.use_whisper_for_english ?? true,
      speakersRequested: speakersRequested(request.speakers),
      blobKey,
      // Reserves the announced size against the quota until the real size is known.
      sizeBytes: request.file_size_bytes,
      uploadExpiresAt: expiresAt,
    });
    return {
      audio_id: id,
      presigned_url: link.url,
      method: 'PUT',
      headers: link.headers,
      expires_at: expiresAt.toISOString(),
    };
  }

  /**
   * Checks the bytes behind a presigned upload (present, right type, decodable) and starts
   * transcription. The bytes first move from the upload key to the item's own key, so what is
   * checked is what is kept, and the link can no longer change it. A rejected upload is removed
   * entirely, blob and row.
   */
  async completeUpload(userId: string, id: string): Promise<Audio> {
    const row = await this.owned(userId, id);
    if (row.status !== 'pending_upload') return toAudio(row);
    try {
      await this.deps.blobs.move(uploadKeyOf(row.blobKey), row.blobKey);
    } catch (err) {
      if (!(err instanceof BlobNotFoundError)) throw err;
      // Nothing to move: not uploaded yet, or already moved (by a call that was interrupted or
      // is running now).
      const now = await this.owned(userId, id);
      if (now.status !== 'pending_upload') return toAudio(now);
    }
    const stat = await this.deps.blobs.stat(row.blobKey);
    if (!stat) {
      if (row.uploadExpiresAt && row.uploadExpiresAt.getTime() < Date.now()) {
        await this.remove(row);
        throw new HttpError(
          410,
          'upload_link_expired',
          'The upload link expired before the file arrived. Please upload the file again.',
        );
      }
      throw new HttpError(409, 'upload_pending', 'The audio file has not been uploaded yet.');
    }
    const file = await this.deps.blobs.localFile(row.blobKey, this.deps.tmpDir);
    try {
      return await this.accept(row, file.path, stat.size);
    } finally {
      await file.release();
    }
  }

  /**
   * Takes a file already streamed to `filePath` (multipart upload), validates it, stores it and
   * starts transcription. Nothing is stored when validation fails.
   */
  async createFromFile(
    userId: string,
    file: { path: string; name: string; size: number },
    fields: {
      title?: string | undefined;
      description?: string | undefined;
      language?: string | undefined;
      google_language_code?: string | undefined;
      use_whisper_for_english?: boolean | undefined;
      source?: 'recording' | 'upload' | undefined;
      /** `auto` or a number of voices, as the form field holds it. */
      speakers?: string | undefined;
    },
  ): Promise<Audio> {
    await this.ensureRoom(userId, file.size);
    const media = await this.inspect(file.path);
    const info = stored(media);
    const id = randomUUID();
    const source = fields.source ?? 'upload';
    const blobKey = `audio/${userId}/${id}.${info.format}`;
    try {
      await this.deps.blobs.putFile(blobKey, file.path, { contentType: info.mime });
      await this.keepCompanions(blobKey, media);
    } finally {
      await dropScratch(media);
    }
    const row = await this.deps.audio.create({
      id,
      userId,
      ...initialTitle(fields.title, source, file.name),
      description: fields.description?.trim() || null,
      source,
      fileName: file.name,
      fileFormat: info.format,
      mimeType: info.mime,
      sizeBytes: file.size,
      durationS: media.audio.durationS,
      codec: info.codec,
      language: fields.language || 'en-US',
      googleLanguageCode: fields.google_language_code ?? null,
      useWhisperForEnglish: fields.use_whisper_for_english ?? true,
      speakersRequested: speakersRequested(
        fields.speakers === undefined || fields.speakers === 'auto'
          ? fields.speakers
          : Number(fields.speakers),
      ),
      blobKey,
      status: 'uploaded',
    });
    await this.deps.startPipeline(row);
    return toAudio((await this.deps.audio.findById(id)) ?? row);
  }

  async list(
    userId: string,
    query: { page: number; limit: number; status?: AudioStatus | undefined; q?: string | undefined },
  ): Promise<AudioList> {
    const { items, total } = await this.deps.audio.list(userId, query);
    const page = { total, page: query.page, limit: query.limit };
    if (!query.q) return { items: items.map(toAudio), ...page };
    // A search shows where in each transcript the words were found.
    const words = searchWords(query.q);
    const texts = await this.deps.audio.transcriptTexts(
      items.flatMap((i) => (i.transcriptionId ? [i.transcriptionId] : [])),
    );
    return {
      items: items.map((row) => {
        const match = excerpt((row.transcriptionId && texts.get(row.transcriptionId)) || '', words);
        return match ? { ...toAudio(row), match } : toAudio(row);
      }),
      ...page,
    };
  }

  /** The dashboard's figures; `monthStart` is where the user's month began (default: UTC). */
  async stats(userId: string, monthStart?: Date): Promise<AudioStats> {
    const now = new Date();
    const since = monthStart ?? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const s = await this.deps.audio.stats(userId, since);
    const finished = s.transcribed + s.failed;
    const round = (n: number | null, places: number) =>
      n === null ? null : Math.round(n * 10 ** places) / 10 ** places;
    return {
      total_recordings: s.total,
      total_duration_s: round(s.duration, 1) ?? 0,
      storage_bytes: s.bytes,
      storage_quota_bytes: (await this.deps.quotaBytes?.()) ?? null,
      transcribed: s.transcribed,
      processing: s.processing,
      failed: s.failed,
      success_rate: finished ? s.transcribed / finished : null,
      accuracy_rate: round(s.confidence, 3),
      performance: { speed: round(s.speed, 1), turnaround_s: round(s.turnaround, 1), engines: s.engines },
      this_month: {
        since: since.toISOString(),
        recordings: s.month.total,
        duration_s: round(s.month.duration, 1) ?? 0,
        transcribed: s.month.transcribed,
      },
    };
  }

  /**
   * Removes uploads that were started but whose link expired before any bytes arrived (a closed
   * tab, a lost connection), with anything stored under their key. Returns how many went.
   */
  async sweepAbandonedUploads(now = new Date()): Promise<number> {
    const rows = await this.deps.audio.findAbandonedUploads(now);
    for (const row of rows) await this.remove(row);
    return rows.length;
  }

  /**
   * Whether an upload link may still store bytes under `key`: only while its item waits for them
   * (`pending_upload`, link not expired). Afterwards, or once the item is deleted, the link is dead.
   */
  async acceptsUpload(key: string, now = new Date()): Promise<boolean> {
    const match = UPLOAD_KEY.exec(key);
    if (!match) return false;
    const row = await this.deps.audio.findById(match[2] as string);
    if (!row) return false;
    const waiting =
      row.userId === match[1] &&
      row.status === 'pending_upload' &&
      uploadKeyOf(row.blobKey) === key &&
      (row.uploadExpiresAt?.getTime() ?? 0) > now.getTime();
    // Bytes under the item's own key mean its upload is being checked (they moved there first).
    return waiting && !(await this.deps.blobs.stat(row.blobKey));
  }

  /**
   * Removes objects under the upload prefix that no item can be waiting for: a PUT through a link
   * after its upload was checked or cancelled (S3 accepts it until the link expires). An item's
   * upload is abandoned once its link expired (`sweepAbandonedUploads`), so any upload object older
   * than a link's life is stray. Returns how many went.
   */
  async sweepStrayUploads(now = new Date()): Promise<number> {
    const before = now.getTime() - UPLOAD_LINK_TTL_S * 1000 - STRAY_UPLOAD_GRACE_MS;
    let removed = 0;
    for await (const object of this.deps.blobs.list('uploads/')) {
      if (object.modifiedAt.getTime() >= before) continue;
      await this.deps.blobs.delete(object.key);
      removed++;
    }
    return removed;
  }

  async get(userId: string, id: string): Promise<Audio> {
    return toAudio(await this.owned(userId, id));
  }

  async delete(userId: string, id: string): Promise<void> {
    await this.remove(await this.owned(userId, id));
  }

  /** The stored bytes for playback, honouring an optional byte range. */
  /**
   * The stored bytes for playback. `rangeOf` turns the file's size into the byte range wanted
   * (undefined for all of it), so the row is read once.
   */
  async open(userId: string, id: string, rangeOf: (size: number) => BlobRange | undefined) {
    const row = await this.owned(userId, id);
    if (row.status === 'pending_upload')
      throw new HttpError(409, 'upload_pending', 'The audio file has not been uploaded yet.');
    const range = rangeOf(row.sizeBytes ?? 0);
    const blob = await this.deps.blobs.get(row.blobKey, range);
    return { ...blob, range, row };
  }

  async owned(userId: string, id: string): Promise<AudioRow> {
    const row = await this.deps.audio.findOwned(userId, id);
    if (!row) throw notFound('Audio not found', 'audio_not_found');
    return row;
  }

  /** Writes new status fields and tells listeners (the status stream) about them. */
  async setStatus(
    id: string,
    values: Parameters<AudioRepository['update']>[1],
  ): Promise<AudioRow | undefined> {
    const row = await this.deps.audio.update(id, values);
    if (row) await this.deps.events.publish(`audio:${id}`, { type: 'audio.status', ...statusEvent(row) });
    return row;
  }

  /**
   * Refuses a new file that would take the account past its storage quota. `slack` allows for an
   * estimate that may run over the file's real size (a multipart body's Content-Length).
   */
  async ensureRoom(userId: string, bytes: number, slack = 0): Promise<void> {
    const quota = await this.deps.quotaBytes?.();
    if (!quota) return;
    const used = await this.deps.audio.bytesInUse(userId);
    if (used + bytes - slack <= quota) return;
    const free = Math.max(0, quota - used);
    throw new HttpError(
      413,
      'quota_exceeded',
      `Storage limit reached: this file needs ${formatBytes(bytes)} but only ${formatBytes(free)} of your ${formatBytes(quota)} is free. Delete recordings you no longer need, or ask the administrator for more space.`,
      { needed_bytes: bytes, free_bytes: free, quota_bytes: quota },
    );
  }

  private async accept(row: AudioRow, filePath: string, size: number): Promise<Audio> {
    let media: MediaInfo;
    try {
      const max = await this.maxUploadBytes();
      if (size > max) throw uploadTooLarge(max);
      media = await this.inspect(filePath);
      try {
        await this.keepCompanions(row.blobKey, media);
      } finally {
        await dropScratch(media);
      }
    } catch (err) {
      await this.remove(row);
      throw err;
    }
    const info = stored(media);
    const updated = await this.setStatus(row.id, {
      status: 'uploaded',
      fileFormat: info.format,
      mimeType: info.mime,
      sizeBytes: size,
      durationS: media.audio.durationS,
      codec: info.codec,
      uploadExpiresAt: null,
    });
    if (updated) await this.deps.startPipeline(updated);
    return toAudio((await this.deps.audio.findById(row.id)) ?? row);
  }

  /**
   * Takes the file fetched for an imported item (created `pending_upload` by `POST /audio/import`):
   * checks it as an upload is checked, stores it under the item's key for its real format and
   * starts transcription. Throws the check's `HttpError` and leaves the item for the caller to
   * mark failed; an item deleted meanwhile keeps nothing.
   */
  async acceptImported(row: AudioRow, filePath: string, size: number, fileName: string): Promise<void> {
    const max = await this.maxUploadBytes();
    if (size > max)
      throw new HttpError(413, 'import_too_large', 'The file at that link is too large.', { max_bytes: max });
    await this.ensureRoom(row.userId, size);
    const media = await this.inspect(filePath);
    const info = stored(media);
    const blobKey = `audio/${row.userId}/${row.id}.${info.format}`;
    try {
      await this.deps.blobs.putFile(blobKey, filePath, { contentType: info.mime });
      await this.keepCompanions(blobKey, media);
    } finally {
      await dropScratch(media);
    }
    const updated = await this.setStatus(row.id, {
      status: 'uploaded',
      blobKey,
      fileName,
      fileFormat: info.format,
      mimeType: info.mime,
      sizeBytes: size,
      durationS: media.audio.durationS,
      codec: info.codec,
      progress: 0,
      progressMessage: null,
    });
    if (updated) await this.deps.startPipeline(updated);
    else await this.remove({ ...row, blobKey, mimeType: info.mime, status: 'uploaded' });
  }

  /** What a file is (audio, or a video and the sound taken out of it), with scratch files in tmpDir. */
  private inspect(filePath: string): Promise<MediaInfo> {
    return inspectMedia(filePath, {
      maxDurationS: this.deps.maxDurationS,
      scratchPath: join(this.deps.tmpDir, `media-${randomUUID()}`),
    });
  }

  /** Keeps a video's sound and poster frame beside it. */
  private async keepCompanions(blobKey: string, media: MediaInfo): Promise<void> {
    if (media.kind !== 'video') return;
    await this.deps.blobs.putFile(videoAudioKey(blobKey), media.audioPath, { contentType: 'audio/mp4' });
    if (media.posterPath)
      await this.deps.blobs.putFile(videoPosterKey(blobKey), media.posterPath, { contentType: 'image/jpeg' });
  }

  /**
   * A video item's poster frame, or its sound alone (`track` audio), for the item page's player.
   * 404 when the item is not a video or has no such file.
   */
  async openCompanion(
    userId: string,
    id: string,
    which: 'poster' | 'audio',
    rangeOf: (size: number) => BlobRange | undefined = () => undefined,
  ) {
    const row = await this.owned(userId, id);
    const key = row.mimeType?.startsWith('video/')
      ? which === 'poster'
        ? videoPosterKey(row.blobKey)
        : videoAudioKey(row.blobKey)
      : null;
    const info = key ? await this.deps.blobs.stat(key) : null;
    if (!key || !info)
      throw notFound(
        which === 'poster' ? 'This item has no poster frame.' : 'This item has no separate sound track.',
        which === 'poster' ? 'poster_not_found' : 'audio_track_not_found',
      );
    const range = rangeOf(info.size);
    const blob = await this.deps.blobs.get(key, range);
    return { ...blob, range, row, mime: which === 'poster' ? 'image/jpeg' : 'audio/mp4' };
  }

  private async remove(row: AudioRow): Promise<void> {
    if (row.status === 'pending_upload') await this.deps.blobs.delete(uploadKeyOf(row.blobKey));
    if (row.mimeType?.startsWith('video/') || row.status === 'pending_upload') {
      await this.deps.blobs.delete(videoAudioKey(row.blobKey));
      await this.deps.blobs.delete(videoPosterKey(row.blobKey));
    }
    await this.deps.blobs.delete(row.blobKey);
    await this.deps.audio.delete(row.id);
  }
}

/** How many voices speaker detection looks for, as stored: null finds out (`auto`, or not given). */
function speakersRequested(speakers: 'auto' | number | undefined): number | null {
  return typeof speakers === 'number' ? speakers : null;
}

/** The format, MIME type and codec the item records: the video's container, or the audio's own. */
function stored(media: MediaInfo): { format: MediaFormat; mime: string; codec: string | null } {
  if (media.kind === 'audio') return media.audio;
  return { format: media.format, mime: media.mime, codec: media.audio.codec };
}

async function dropScratch(media: MediaInfo): Promise<void> {
  if (media.kind !== 'video') return;
  await rm(media.audioPath, { force: true });
  if (media.posterPath) await rm(media.posterPath, { force: true });
}
