import { PassThrough, Readable } from 'node:stream';
import type { User } from '@voxpress/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import { toAudio } from '../../mappers/audio-mapper.ts';
import { toContent } from '../../mappers/content-mapper.ts';
import type { AccountDataRepository, TranscriptListing } from '../../repositories/account-data.repository.ts';
import type { TranscriptionRow } from '../../repositories/transcriptions.repository.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { segmentsWithSpeakers, storedSpeakers } from '../speakers/speaker-model.ts';
import { renderExport } from '../transcription/subtitle-runner.ts';
import type { TranscriptSource } from '../transcription/subtitles.ts';
import { renderTranscriptRecord } from './transcript-record.ts';
import { extension, slug, UniqueNames } from './zip-names.ts';

const ROOT = 'voxpress-data';

const README = `Your Voxpress data

account.json        your profile and settings
audio.json          every recording and upload, as the API describes it
transcripts.json    every transcript with its timing, speakers, edits and earlier versions
voice-profiles.json the voices you named with Remember voices on: name, dates, how many
                    recordings each print was made from, and the print itself (numbers that
                    describe how the voice sounds, never a recording)
content.json        every piece of content with its languages and versions
shares.json         every share link you made, in force or not: its item, what it shows, when
                    it was made, when it expires or was revoked, and whether search engines may
                    index it (the link's secret part is not included)
brand.json          your brand kit: colours, heading font and footer line (when you saved one)
brand-logo.png      your brand logo, as it is drawn on images (when you added one)
audio/              the audio files themselves
transcripts/        each transcript as plain text (.txt) and subtitles (.srt), with speaker names
content/            each piece of content in each language, as Markdown
infographics.json   saved images, collections and your own templates
infographics/       the images you saved, collected or uploaded
`;

/** What the infographics library adds to the export: its records, and the image files. */
export interface ExportedImages {
  records: unknown;
  files: { name: string; blobKey: string }[];
}

/**
 * "Download all my data": a zip of every record as JSON, the audio files, transcripts as TXT and
 * SRT, and content as Markdown. It is streamed as it is made: audio files are read from storage
 * one at a time while the zip goes out, and so are transcripts (each can hold a million characters
 * and twenty earlier versions), so memory stays flat however much there is. A long transcript's
 * subtitles are made in a worker thread (`renderExport`), so the export never holds up the API.
 */
export class DataExportService {
  constructor(
    private readonly data: AccountDataRepository,
    private readonly blobs: BlobStore,
    private readonly logger: FastifyBaseLogger,
    /** The user's kept infographic images and their records. */
    private readonly images?: (userId: string) => Promise<ExportedImages>,
  ) {}

  async zip(user: User): Promise<Readable> {
    const [audioRows, transcripts, contentRows, profiles, shareRows, brand] = await Promise.all([
      this.data.audio(user.id),
      this.data.transcriptList(user.id),
      this.data.content(user.id),
      this.data.voiceProfiles(user.id),
      this.data.shares(user.id),
      this.data.brandKit(user.id),
    ]);
    const zip = new ZipFile();
    const json = (value: unknown, name: string) =>
      zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`), `${ROOT}/${name}`);
    zip.addBuffer(Buffer.from(README), `${ROOT}/README.txt`);
    json(user, 'account.json');
    json(audioRows.map(toAudio), 'audio.json');
    // Earlier versions are the user's too: in full here, where the API pages them.
    zip.addReadStreamLazy(`${ROOT}/transcripts.json`, (done) =>
      done(null, Readable.from(this.transcriptsJson(user.id, transcripts), { objectMode: false })),
    );
    json(contentRows.map(toContent), 'content.json');
    json(profiles.map(toExportedProfile), 'voice-profiles.json');
    json(shareRows.map(toExportedShare), 'shares.json');
    if (brand) {
      json(toExportedBrand(brand), 'brand.json');
      // Kept as base64 PNG (at most 512 px a side), so it is small and already compressed.
      if (brand.logoPng)
        zip.addBuffer(Buffer.from(brand.logoPng, 'base64'), `${ROOT}/brand-logo.png`, { compress: false });
    }

    const names = new UniqueNames();
    const titleOf = new Map(audioRows.map((a) => [a.id, a.title]));
    for (const row of audioRows) {
      if (row.status === 'pending_upload') continue;
      const name = names.take(`audio/${slug(row.title)}`, extension(row.fileFormat ?? 'bin'));
      // Audio is compressed already; storing it as it is keeps the zip fast to make.
      zip.addReadStreamLazy(`${ROOT}/${name}`, { compress: false }, (done) => {
        this.blobs.get(row.blobKey).then(
          ({ stream }) => done(null, stream),
          (err: unknown) => {
            this.logger.warn({ err, key: row.blobKey }, 'data export: an audio file is missing');
            done(null, emptyStream());
          },
        );
      });
    }
    // Each transcript is read when the zip reaches its first file, and both its files are made
    // then; the next one is read only after they have gone out.
    let current: { id: string; files: Promise<TranscriptFiles> } | undefined;
    const filesOf = (item: TranscriptListing) => {
      if (current?.id !== item.id) current = { id: item.id, files: this.transcriptFiles(user.id, item) };
      return current.files;
    };
    for (const item of transcripts) {
      const base = names.take(
        `transcripts/${slug(item.title ?? titleOf.get(item.audioId ?? '') ?? 'transcript')}`,
        '',
      );
      const file = (pick: (files: TranscriptFiles) => string) => (done: StreamCallback) => {
        filesOf(item).then(
          (files) => done(null, Readable.from([Buffer.from(pick(files))])),
          // Reading and rendering log their own failures; the zip still ends well formed.
          () => done(null, emptyStream()),
        );
      };
      zip.addReadStreamLazy(
        `${ROOT}/${base}.txt`,
        file((files) => files.txt),
      );
      if (item.timed)
        zip.addReadStreamLazy(
          `${ROOT}/${base}.srt`,
          file((files) => files.srt),
        );
    }
    for (const row of contentRows) {
      const translations = row.translations;
      for (const [language, piece] of Object.entries(translations)) {
        if (!piece.text.trim()) continue;
        const name = names.take(
          `content/${slug(piece.title || row.title || row.contentType)}-${row.contentType}-${language}`,
          '.md',
        );
        const heading = piece.title ? `# ${piece.title}\n\n` : '';
        zip.addBuffer(Buffer.from(`${heading}${piece.text.trim()}\n`), `${ROOT}/${name}`);
      }
    }
    if (this.images) {
      const images = await this.images(user.id);
      json(images.records, 'infographics.json');
      for (const file of images.files) {
        const dot = file.name.lastIndexOf('.');
        const name = names.take(
          `infographics/${slug(dot > 0 ? file.name.slice(0, dot) : file.name)}`,
          dot > 0 ? extension(file.name.slice(dot)) : '',
        );
        zip.addReadStreamLazy(`${ROOT}/${name}`, { compress: false }, (done) => {
          this.blobs.get(file.blobKey).then(
            ({ stream }) => done(null, stream),
            (err: unknown) => {
              this.logger.warn({ err, key: file.blobKey }, 'data export: an image file is missing');
              done(null, emptyStream());
            },
          );
        });
      }
    }
    zip.end();
    // yazl's output is an old-style stream; a PassThrough gives Fastify a modern one to pipe.
    const out = new PassThrough();
    (zip.outputStream as Readable).pipe(out);
    return out;
  }

  /**
   * `transcripts.json`, one transcript at a time, as `JSON.stringify(list, null, 2)` would write
   * the whole list: each is read, written out (a long one in a worker), and let go before the next.
   */
  private async *transcriptsJson(userId: string, list: readonly TranscriptListing[]): AsyncGenerator<Buffer> {
    let written = 0;
    for (const item of list) {
      const row = await this.read(userId, item.id);
      if (!row) continue;
      const record = await renderTranscriptRecord(row, 2).catch((err: unknown) => {
        this.logger.error(
          { err, transcriptionId: item.id },
          'data export: a transcript could not be written',
        );
        return undefined;
      });
      if (!record) continue;
      yield Buffer.from(written++ ? ',\n  ' : '[\n  ');
      yield Buffer.from(record.buffer, record.byteOffset, record.byteLength);
    }
    yield Buffer.from(written ? '\n]\n' : '[]\n');
  }

  /** A transcript's plain text, and its subtitles when it is timed (empty when it is gone). */
  private async transcriptFiles(userId: string, item: TranscriptListing): Promise<TranscriptFiles> {
    const row = await this.read(userId, item.id);
    if (!row) return { txt: '', srt: '' };
    const source: TranscriptSource = {
      text: row.editedText ?? row.originalText,
      segments: segmentsWithSpeakers(row.segments, storedSpeakers(row.speakers)),
      language: row.language,
      edited: row.editedText !== null,
      html: row.editedText !== null ? row.editedHtml : null,
    };
    const txt = await renderExport('txt', source);
    if (!item.timed) return { txt, srt: '' };
    const srt = await renderExport('srt', source).catch((err: unknown) => {
      this.logger.error({ err, transcriptionId: item.id }, 'data export: subtitles could not be made');
      return '';
    });
    return { txt, srt };
  }

  /** One transcript, or undefined when it is gone or could not be read (logged). */
  private async read(userId: string, id: string): Promise<TranscriptionRow | undefined> {
    try {
      return await this.data.transcription(userId, id);
    } catch (err) {
      this.logger.error({ err, transcriptionId: id }, 'data export: a transcript could not be read');
      return undefined;
    }
  }
}

/** A remembered voice as the export holds it: all the account keeps of it, print included. */
function toExportedProfile(row: Awaited<ReturnType<AccountDataRepository['voiceProfiles']>>[number]) {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    recordings: row.recordings,
    voice_print: row.vector,
  };
}

/** A share link as the export holds it: what it shows and when, never its token or the token's hash. */
function toExportedShare(row: Awaited<ReturnType<AccountDataRepository['shares']>>[number]) {
  return {
    id: row.id,
    item_id: row.audioId ?? row.documentId,
    item_kind: row.audioId ? 'audio' : 'document',
    item_title: row.itemTitle,
    parts: {
      transcript: row.parts.transcript,
      audio: row.parts.audio,
      content_ids: row.parts.contentIds,
      infographic_ids: row.parts.infographicIds,
    },
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    allow_indexing: row.allowIndexing,
  };
}

/** The brand kit as the export holds it; the logo goes beside it as brand-logo.png. */
function toExportedBrand(row: NonNullable<Awaited<ReturnType<AccountDataRepository['brandKit']>>>) {
  return {
    primary_color: row.primaryColor,
    secondary_color: row.secondaryColor,
    heading_font: row.headingFont,
    footer: row.footer,
    logo: row.logoPng ? { file: 'brand-logo.png', width: row.logoWidth, height: row.logoHeight } : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

type StreamCallback = (err: Error | null, stream: Readable) => void;

interface TranscriptFiles {
  txt: string;
  srt: string;
}

function emptyStream(): Readable {
  const s = new PassThrough();
  s.end();
  return s;
}
