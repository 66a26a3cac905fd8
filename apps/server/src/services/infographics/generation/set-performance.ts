import type { FastifyBaseLogger } from 'fastify';
import type { PreparedSet } from './set-context.ts';
import type { RenderOutcome } from './variation-renderer.ts';

/**
 * The performance line of a finished set (spec's performance logging): how many images, how many
 * failed, the whole time and the median and slowest render.
 */
export function logSetPerformance(
  logger: Pick<FastifyBaseLogger, 'info'>,
  set: PreparedSet,
  outcomes: readonly RenderOutcome[],
  ms: number,
): void {
  const renders = outcomes.flatMap((o) => (o.row ? [o.row.generationTimeMs] : [])).sort((a, b) => a - b);
  logger.info(
    {
      set: set.setId,
      job: set.jobId,
      images: outcomes.length,
      failed: outcomes.length - renders.length,
      total_ms: ms,
      render_ms_median: renders[Math.floor(renders.length / 2)] ?? null,
      render_ms_max: renders.at(-1) ?? null,
    },
    'infographic set generated',
  );
}
