import type { EnginePort, Engines } from '@voxpress/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import { diarizerRouter } from '../../engines/diarizer/diarizer-router.ts';
import type { RendererRouter } from '../../engines/renderer/renderer-router.ts';
import type { SpeechRouter } from '../../engines/speech/speech-router.ts';
import type { TranslatorRouter } from '../../engines/translator/translator-router.ts';
import { COMPOSER_CONTENT_TYPES } from '../../engines/writer/composer/index.ts';
import type { WriterRouter } from '../../engines/writer/writer-router.ts';
import type { Queue } from '../../queue/queue.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { AudioImportService } from '../audio-import/audio-import.service.ts';
import { importPort } from '../audio-import/import-port.ts';
import type { MeaningService } from '../meaning/meaning.service.ts';
import { publisherPort } from '../publishing/publisher-port.ts';
import { enginePort } from './engine-port.ts';
import { ModelDownloads, type ModelKind, withStoredDownload } from './model-downloads.ts';

/** What the engines report reads, passed in by the composition root. */
export interface EnginesDeps {
  config: Pick<Config, 's3' | 'speech' | 'jobs'>;
  logger: FastifyBaseLogger;
  database: Pick<Database, 'db' | 'driver'>;
  queue: Pick<Queue, 'driver'>;
  blobs: Pick<BlobStore, 'driver'>;
  speech: Pick<SpeechRouter, 'describe'>;
  writer: Pick<WriterRouter, 'router'>;
  translators: Pick<TranslatorRouter, 'describe'>;
  renderer: Pick<RendererRouter, 'describe'>;
  audioImport: Pick<AudioImportService, 'ytDlpPath'>;
  meaning: Pick<MeaningService, 'describe'>;
}

/**
 * Reports which implementation serves each port, with administrator detail (paths, hosts, how to
 * enable); `enginesForUsers` strips that detail for everyone else. Each port's module adds its
 * own report here.
 */
export async function describeEngines(ctx: EnginesDeps): Promise<Engines> {
  const s3 = ctx.config.s3;
  // The diarizers as the speakers job routes them (the same list and order, see `boot.ts`).
  const diarizers = diarizerRouter(ctx.logger, { modelsDir: ctx.config.speech.whisper.modelsDir });
  const [speech, writers, writer, translators, renderer, speakers, speakersServing, downloads, embedders] =
    await Promise.all([
      ctx.speech.describe(),
      ctx.writer.router.describe(),
      ctx.writer.router.serving({ label: 'content', supports: () => true }).catch(() => null),
      ctx.translators.describe(),
      ctx.renderer.describe(),
      diarizers.describe(),
      diarizers.serving({ label: 'speakers', supports: () => true }).catch(() => null),
      new ModelDownloads(ctx.database.db).latest(),
      ctx.meaning.describe(),
    ]);
  // A model's download is read from its stored job: the process that runs it may be another one.
  const stored =
    (kind: ModelKind) =>
    <D extends Parameters<typeof withStoredDownload>[0]>(d: D) =>
      withStoredDownload(d, kind, downloads);
  const ports: EnginePort[] = [
    enginePort('Speech', 'speech', speech.engines.map(stored('speech')), {
      active: speech.active,
      activeFor: 'English',
      orderSetting: 'SPEECH_ENGINES',
    }),
    withContentTypes(
      enginePort('Writer', 'writer', writers.map(stored('language')), {
        active: writer?.engine.id ?? null,
        orderSetting: 'the writer order',
      }),
    ),
    enginePort('Translator', 'translator', translators.engines.map(stored('language')), {
      active: translators.active,
      activeFor: 'English to Spanish',
      orderSetting: 'TRANSLATION_ENGINES',
    }),
    enginePort('Infographics', 'renderer', renderer.engines, {
      active: renderer.active,
      orderSetting: 'the renderer list',
    }),
    enginePort('Speakers', 'diarizer', speakers.map(stored('speakers')), {
      active: speakersServing?.engine.id ?? null,
      orderSetting: 'the diarizer list',
    }),
    enginePort('Meaning search', 'embedder', embedders.engines.map(stored('embedding')), {
      active: embedders.active,
      orderSetting: 'EMBEDDING_BASE_URL and EMBEDDING_MODEL',
    }),
    await importPort(ctx.audioImport.ytDlpPath()),
    publisherPort(),
    {
      port: 'Storage',
      kind: 'storage',
      active: ctx.blobs.driver,
      implementations: [
        {
          id: 'local',
          kind: 'storage',
          reason: 'Files are kept on this server’s disk',
          name: 'Local disk',
          state: ctx.blobs.driver === 'local' ? 'active' : 'available',
          detail: 'Files in the data folder; browsers upload to this server through signed links',
        },
        {
          id: 's3',
          kind: 'storage',
          reason: 'Files are kept in S3-compatible object storage',
          name: 'S3-compatible object storage',
          state: ctx.blobs.driver === 's3' ? 'active' : 'disabled',
          detail: s3
            ? `Bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ' on AWS S3'}; browsers upload straight to it`
            : 'Not configured',
          enable:
            'Set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY for other providers)',
        },
      ],
    },
    {
      port: 'Database',
      kind: 'database',
      active: ctx.database.driver,
      implementations: [
        {
          id: 'pglite',
          kind: 'database',
          reason: 'Embedded database, kept with the server’s data',
          name: 'Embedded PostgreSQL (PGlite)',
          state: ctx.database.driver === 'pglite' ? 'active' : 'available',
          detail: 'Kept in the data folder',
        },
        {
          id: 'postgres',
          kind: 'database',
          reason: 'A PostgreSQL server',
          name: 'PostgreSQL server',
          state: ctx.database.driver === 'postgres' ? 'active' : 'disabled',
          detail: ctx.database.driver === 'postgres' ? 'Connected through DATABASE_URL' : 'Not configured',
          enable: 'Set DATABASE_URL=postgres://user:password@host:5432/db',
        },
      ],
    },
    {
      port: 'Queue',
      kind: 'queue',
      active: ctx.queue.driver,
      implementations: [
        {
          id: 'embedded',
          kind: 'queue',
          reason: 'Jobs are kept in the database and run by this server',
          name: 'Database-backed queue, in-process workers',
          state: ctx.queue.driver === 'embedded' ? 'active' : 'available',
          detail: `Concurrency ${ctx.config.jobs.concurrency} per worker process`,
        },
        {
          id: 'bullmq',
          kind: 'queue',
          reason: 'Jobs are scheduled on Redis and shared by any number of worker processes',
          name: 'BullMQ on Redis',
          state: ctx.queue.driver === 'bullmq' ? 'active' : 'disabled',
          detail:
            ctx.queue.driver === 'bullmq'
              ? `Connected through REDIS_URL; concurrency ${ctx.config.jobs.concurrency} per worker process`
              : 'Not configured',
          enable: 'Set REDIS_URL=redis://host:6379 (with DATABASE_URL) on every process',
        },
      ],
    },
  ];
  return { ports };
}

/**
 * Each writer with what it makes of every content type: a language model writes them all, the
 * built-in composer arranges some and leaves the others to a language model.
 */
function withContentTypes(port: EnginePort): EnginePort {
  const written = Object.fromEntries(Object.keys(COMPOSER_CONTENT_TYPES).map((t) => [t, 'written' as const]));
  return {
    ...port,
    implementations: port.implementations.map((engine) => ({
      ...engine,
      content_types:
        engine.id === 'composer'
          ? { ...COMPOSER_CONTENT_TYPES }
          : (written as Record<keyof typeof COMPOSER_CONTENT_TYPES, 'written'>),
    })),
  };
}
