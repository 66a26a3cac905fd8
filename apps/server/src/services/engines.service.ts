import type { EnginePort, Engines } from '@voxpress/contracts';
import type { AppContext } from '../app-context.ts';

/** Reports which implementation serves each port. Each port's module adds its own report here. */
export async function describeEngines(ctx: AppContext): Promise<Engines> {
  const s3 = ctx.config.s3;
  const ports: EnginePort[] = [
    await ctx.speech.describe(),
    {
      port: 'Storage',
      active: ctx.blobs.driver,
      implementations: [
        {
          id: 'local',
          name: 'Local disk',
          state: ctx.blobs.driver === 'local' ? 'active' : 'available',
          detail: 'Files in the data folder; browsers upload to this server through signed links',
        },
        {
          id: 's3',
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
      active: ctx.database.driver,
      implementations: [
        {
          id: 'pglite',
          name: 'Embedded PostgreSQL (PGlite)',
          state: ctx.database.driver === 'pglite' ? 'active' : 'available',
          detail: 'Kept in the data folder',
        },
        {
          id: 'postgres',
          name: 'PostgreSQL server',
          state: ctx.database.driver === 'postgres' ? 'active' : 'disabled',
          detail: ctx.database.driver === 'postgres' ? 'Connected through DATABASE_URL' : 'Not configured',
          enable: 'Set DATABASE_URL=postgres://user:password@host:5432/db',
        },
      ],
    },
    {
      port: 'Queue',
      active: ctx.queue.driver,
      implementations: [
        {
          id: 'embedded',
          name: 'Database-backed queue, in-process workers',
          state: ctx.queue.driver === 'embedded' ? 'active' : 'available',
          detail: `Concurrency ${ctx.config.jobs.concurrency} per worker process`,
        },
        {
          id: 'bullmq',
          name: 'BullMQ on Redis',
          state: ctx.queue.driver === 'bullmq' ? 'active' : 'missing',
          detail: 'Scale-out queue for several worker processes (not yet available in this release)',
          enable: 'Coming with the scale-out release: REDIS_URL=redis://host:6379',
        },
      ],
    },
  ];
  return { ports };
}
