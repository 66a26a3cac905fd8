import { PassThrough, type Readable } from 'node:stream';
import type { ContentTranslation, User } from '@voxpress/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import type { AccountDataRepository } from '../../repositories/account-data.repository.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { toAudio } from '../audio/audio-mapper.ts';
import { toContent } from '../content/content-mapper.ts';
import { exportTranscript } from '../transcription/subtitles.ts';
import { toTranscription, transcriptVersions } from '../transcription/transcription.service.ts';
import { extension, slug, UniqueNames } from './zip-names.ts';

const ROOT = 'voxpress-data';

const README = `Your Voxpress data

account.json        your profile and settings
audio.json          every recording and upload, as the API describes it
transcripts.json    every transcript with its timing, edits and earlier versions
content.json        every piece of content with its languages and versions
audio/              the audio files themselves
transcripts/        each transcript as plain text (.txt) and subtitles (.srt)
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
 * one at a time while the zip goes out, so memory stays flat however much audio there is.
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
    const [audioRows, transcriptRows, contentRows] = await Promise.all([
      this.data.audio(user.id),
      this.data.transcriptions(user.id),
      this.data.content(user.id),
    ]);
    const zip = new ZipFile();
    const json = (value: unknown, name: string) =>
      zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`), `${ROOT}/${name}`);
    zip.addBuffer(Buffer.from(README), `${ROOT}/README.txt`);
    json(user, 'account.json');
    json(audioRows.map(toAudio), 'audio.json');
    // Earlier versions are the user's too: in full here, where the API pages them.
    json(
      transcriptRows.map((r) => ({ ...toTranscription(r), versions: transcriptVersions(r) })),
      'transcripts.json',
    );
    json(contentRows.map(toContent), 'content.json');

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
    for (const row of transcriptRows) {
      const t = toTranscription(row);
      const base = names.take(
        `transcripts/${slug(row.title ?? titleOf.get(row.audioId ?? '') ?? 'transcript')}`,
        '',
      );
      const source = { text: t.text, segments: t.segments, language: t.language, edited: t.edited };
      zip.addBuffer(Buffer.from(exportTranscript('txt', source)), `${ROOT}/${base}.txt`);
      if (t.segments.length)
        zip.addBuffer(Buffer.from(exportTranscript('srt', source)), `${ROOT}/${base}.srt`);
    }
    for (const row of contentRows) {
      const translations = row.translations as Record<string, ContentTranslation>;
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
}

function emptyStream(): Readable {
  const s = new PassThrough();
  s.end();
  return s;
}
