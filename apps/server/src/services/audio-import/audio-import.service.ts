import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  type AudioImportRequest,
  type AudioImportStarted,
  type FeedPreview,
  formatBytes,
} from '@voxpress/contracts';
import type { Database } from '../../db/database.ts';
import type { AudioOrigin } from '../../db/schema.ts';
import { audioImportJob } from '../../jobs/audio-import.job.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { GuardedFetch } from '../../net/guarded-fetch.ts';
import {
  type JobContext,
  LeaseLostError,
  PermanentJobError,
  type Queue,
  WorkerStoppingError,
} from '../../queue/queue.ts';
import { AudioRepository, type AudioRow } from '../../repositories/audio.repository.ts';
import type { AudioService } from '../audio/audio.service.ts';
import { parseFeed } from './feed-parse.ts';
import { fetchToFile, importError, sniffLink } from './media-fetch.ts';
import { fetchWithYtDlp, findYtDlp, needsYtDlp } from './yt-dlp.ts';

export interface AudioImportDeps {
  database: Database;
  audio: AudioRepository;
  audioService: AudioService;
  queue: Queue;
  /** The guarded client: every address and every redirect checked after DNS. */
  guard: GuardedFetch;
  /** Scratch folder for fetched files (inside the data folder). */
  tmpDir: string;
  /** Largest file fetched; default: the upload limit in force (the administrator's setting). */
  maxBytes?: number;
  /** For a whole fetch, the body included (default 10 minutes). */
  fetchTimeoutMs?: number;
  /** For reading the start of a link to tell what it is (default 20 s). */
  sniffTimeoutMs?: number;
  /** Where yt-dlp is; default: looked up on PATH when needed. */
  ytDlp?: () => string | null;
}

/**
 * Imports from the web: a direct media link or a feed's episodes become items whose file a
 * durable job fetches (so a restart does not lose it); a feed's address answers with its episodes
 * to choose from; a video site's page is fetched with yt-dlp when the server has it.
 */
export class AudioImportService {
  constructor(private readonly deps: AudioImportDeps) {}

  private async maxBytes(): Promise<number> {
    return this.deps.maxBytes ?? (await this.deps.audioService.maxUploadBytes());
  }

  /** Whether video site pages can be imported here (yt-dlp on PATH). */
  ytDlpPath(): string | null {
    return (this.deps.ytDlp ?? findYtDlp)();
  }

  async import(userId: string, request: AudioImportRequest): Promise<FeedPreview | AudioImportStarted> {
    const url = this.checkUrl(request.url);
    if (request.episodes) return this.importEpisodes(userId, url, request);
    const sniffed = await sniffLink(this.deps.guard, url, {
      maxBytes: await this.maxBytes(),
      timeoutMs: this.deps.sniffTimeoutMs ?? 20_000,
    });
    if (sniffed.kind === 'feed') {
      const feed = parseFeed(sniffed.xml, sniffed.finalUrl);
      if (!feed?.episodes.length) throw feedEmpty();
      return { feed };
    }
    if (sniffed.kind === 'page') {
      if (!this.ytDlpPath()) throw needsYtDlp();
      const id = await this.create(userId, request, { kind: 'site', url, site: null });
      return { audio_id: id, audio_ids: [id] };
    }
    const id = await this.create(userId, request, { kind: 'link', url });
    return { audio_id: id, audio_ids: [id] };
  }

  /**
   * Each chosen episode becomes an item with the title, description and date its feed gives it:
   * the feed is read again here, so an item says only what the feed itself says.
   */
  private async importEpisodes(
    userId: string,
    feedUrl: string,
    request: AudioImportRequest,
  ): Promise<AudioImportStarted> {
    const sniffed = await sniffLink(this.deps.guard, feedUrl, {
      maxBytes: await this.maxBytes(),
      timeoutMs: this.deps.sniffTimeoutMs ?? 20_000,
    });
    const feed = sniffed.kind === 'feed' ? parseFeed(sniffed.xml, sniffed.finalUrl) : null;
    if (!feed?.episodes.length) throw feedEmpty();
    const chosen = [...new Set(request.episodes ?? [])].map((wanted) => {
      const episode = feed.episodes.find((e) => e.url === wanted);
      if (!episode)
        throw new HttpError(
          422,
          'import_episode_not_in_feed',
          'That episode is no longer in the feed. Load the feed again and choose again.',
          { url: wanted.slice(0, 300) },
        );
      return episode;
    });
    for (const episode of chosen) this.checkUrl(episode.url);
    const ids: string[] = [];
    for (const episode of chosen) {
      ids.push(
        await this.create(
          userId,
          { ...request, title: episode.title, description: episode.description ?? undefined },
          {
            kind: 'feed_episode',
            url: episode.url,
            feed_title: feed.title,
            feed_url: sniffed.finalUrl,
            published_at: episode.published_at,
          },
        ),
      );
    }
    return { audio_id: ids[0] as string, audio_ids: ids };
  }

  /**
   * Fetches an imported item's file again after its import failed ("Try again" on its page):
   * true when the item is an import whose file never arrived (it is now waiting for it again, or
   * already was), false for any other item, which is transcribed again as usual.
   */
  async retry(userId: string, audioId: string): Promise<boolean> {
    const row = await this.deps.audioService.owned(userId, audioId);
    if (!row.origin || !row.blobKey.endsWith('.import')) return false;
    if (row.status !== 'failed') return true;
    await this.deps.database.db.transaction(async (tx) => {
      const job = await this.deps.queue.enqueue(audioImportJob, { audioId }, { ownerId: userId, tx });
      await new AudioRepository(tx).update(audioId, {
        status: 'pending_upload',
        error: null,
        progress: 0,
        progressMessage: `Fetching from ${new URL(row.origin?.url ?? '').host}…`,
        jobId: job.id,
      });
    });
    this.deps.queue.wake();
    const now = await this.deps.audio.findById(audioId);
    if (now) await this.deps.audioService.setStatus(audioId, { progressMessage: now.progressMessage });
    return true;
  }

  /** The item, waiting for its file, and the job that fetches it, written together. */
  private async create(
    userId: string,
    request: AudioImportRequest & { description?: string | undefined },
    origin: AudioOrigin,
  ): Promise<string> {
    await this.deps.audioService.ensureRoom(userId, 0);
    const id = randomUUID();
    const given = request.title?.trim();
    const stand = titleFromUrl(origin.url);
    await this.deps.database.db.transaction(async (tx) => {
      const items = new AudioRepository(tx);
      await items.create({
        id,
        userId,
        title: given || stand.title,
        titleProvisional: !given && stand.provisional,
        description: request.description?.trim().slice(0, 5000) || null,
        source: 'upload',
        origin,
        language: request.language || 'en-US',
        // No file yet: the job stores it under the key of its real format.
        blobKey: `audio/${userId}/${id}.import`,
        status: 'pending_upload',
        progressMessage: `Fetching from ${new URL(origin.url).host}…`,
      });
      const job = await this.deps.queue.enqueue(audioImportJob, { audioId: id }, { ownerId: userId, tx });
      await items.update(id, { jobId: job.id });
    });
    this.deps.queue.wake();
    return id;
  }

  /** Runs the import job: fetches the file, checks it like an upload, starts transcription. */
  async run(job: JobContext<{ audioId: string }>): Promise<{ size: number }> {
    const row = await this.deps.audio.findById(job.payload.audioId);
    if (row?.status !== 'pending_upload' || !row.origin) return { size: 0 };
    const dir = path.join(this.deps.tmpDir, `import-${randomUUID()}`);
    await mkdir(dir, { recursive: true });
    try {
      const { filePath, size, fileName } = await this.fetch(row, row.origin, dir, job);
      await job.progress(100, 'Checking the file…');
      await this.deps.audioService.acceptImported(row, filePath, size, fileName);
      return { size };
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      // A worker that stops hands the job back (it runs again after the restart); a run that lost
      // its lease leaves the item to the run that holds it. Neither is the import's failure.
      const reason: unknown = job.signal.aborted ? job.signal.reason : undefined;
      if (reason instanceof WorkerStoppingError || reason instanceof LeaseLostError) throw err;
      const failure = importError(err, row.origin.url);
      const final = failure instanceof HttpError || job.attempt >= job.maxAttempts || job.signal.aborted;
      if (!final) throw err;
      const message = failure instanceof Error ? failure.message : 'The import failed.';
      await this.deps.audioService.setStatus(row.id, {
        status: 'failed',
        error: message,
        progressMessage: null,
      });
      throw new PermanentJobError(message, { cause: err });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async fetch(
    row: AudioRow,
    origin: AudioOrigin,
    dir: string,
    job: JobContext<{ audioId: string }>,
  ): Promise<{ filePath: string; size: number; fileName: string }> {
    const timeoutMs = this.deps.fetchTimeoutMs ?? 10 * 60_000;
    if (origin.kind === 'site') {
      const command = this.ytDlpPath();
      if (!command) throw needsYtDlp();
      await this.deps.audioService.setStatus(row.id, {
        progressMessage: `Fetching with yt-dlp from ${new URL(origin.url).host}…`,
      });
      const got = await fetchWithYtDlp(command, origin.url, dir, {
        maxBytes: await this.maxBytes(),
        timeoutMs,
        signal: job.signal,
        // Every request yt-dlp makes goes through the same address guard as the server's own.
        guard: this.deps.guard,
      });
      const size = (await stat(got.filePath)).size;
      await this.deps.audio.update(row.id, { origin: { ...origin, site: got.site } });
      return {
        filePath: got.filePath,
        size,
        // The page's name with the extension of the file yt-dlp wrote (`talk.mp4`).
        fileName: `${fileNameOf(origin.url).replace(/\.[\p{L}\p{N}]{1,5}$/u, '')}${path.extname(got.filePath)}`,
      };
    }
    const filePath = path.join(dir, 'media');
    const host = new URL(origin.url).host;
    let reported = -1;
    let pending: Promise<unknown> = Promise.resolve();
    const { size, finalUrl } = await fetchToFile(this.deps.guard, origin.url, filePath, {
      maxBytes: await this.maxBytes(),
      timeoutMs,
      signal: job.signal,
      onProgress: (received, total) => {
        const percent = total ? Math.floor((received / total) * 100) : -1;
        const step = total ? percent : Math.floor(received / (1024 * 1024));
        if (step <= reported) return;
        reported = step;
        const message = total
          ? `Fetching from ${host}: ${formatBytes(received)} of ${formatBytes(total)}`
          : `Fetching from ${host}: ${formatBytes(received)}`;
        pending = pending
          .then(() =>
            this.deps.audioService.setStatus(row.id, {
              progress: Math.max(0, Math.min(99, percent)),
              progressMessage: message,
            }),
          )
          .catch(() => undefined);
      },
    });
    await pending;
    return { filePath, size, fileName: fileNameOf(finalUrl) };
  }

  private checkUrl(raw: string): string {
    try {
      return this.deps.guard.checkUrl(raw.trim()).toString();
    } catch (err) {
      throw importError(err, raw);
    }
  }
}

const feedEmpty = () =>
  new HttpError(422, 'import_feed_empty', 'This feed has no episodes with an audio or video file.');

/** The last part of an address's path, as a file name (`episode-12.mp3`). */
function fileNameOf(url: string): string {
  const last = decodeURIComponentSafe(new URL(url).pathname.split('/').pop() ?? '');
  return last.slice(0, 255) || 'download';
}

/** A title from the file's name, else a stand-in (the host) the transcript's first words replace. */
function titleFromUrl(url: string): { title: string; provisional: boolean } {
  const name = fileNameOf(url)
    .replace(/\.[\p{L}\p{N}]{1,5}$/u, '')
    .replace(/[_\-.]+/g, ' ')
    .trim();
  if (/[\p{L}\p{N}]/u.test(name) && name !== 'download')
    return { title: name.slice(0, 200), provisional: false };
  return { title: new URL(url).host, provisional: true };
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
