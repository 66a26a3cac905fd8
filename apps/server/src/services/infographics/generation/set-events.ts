import type { EventBus } from '../../../events/event-bus.ts';
import type { ImageRow } from '../../../repositories/infographics/images.repository.ts';
import type { SetContext } from './set-context.ts';

/** Topic of `infographics.set_completed`: a set of variations finished (webhooks listen here). */
export const INFOGRAPHIC_EVENTS_TOPIC = 'infographics';

/** Published on `INFOGRAPHIC_EVENTS_TOPIC` when a set is done, whether immediate or a job. */
export interface InfographicSetCompletedEvent {
  type: 'infographics.set_completed';
  user_id: string;
  set_id: string;
  job_id: string | null;
  content_id: string | null;
  transcription_id: string | null;
  image_ids: string[];
  total_generated: number;
  total_failed: number;
  [key: string]: unknown;
}

/** Tells subscribers (webhooks) that a set is done: the images stored and how many failed. */
export async function announceSet(
  events: Pick<EventBus, 'publish'>,
  set: SetContext,
  rows: readonly ImageRow[],
  failed: number,
): Promise<void> {
  const event: InfographicSetCompletedEvent = {
    type: 'infographics.set_completed',
    user_id: set.userId,
    set_id: set.setId,
    job_id: set.jobId,
    content_id: set.contentId,
    transcription_id: set.transcriptionId,
    image_ids: rows.map((r) => r.id),
    total_generated: rows.length,
    total_failed: failed,
  };
  await events.publish(INFOGRAPHIC_EVENTS_TOPIC, event);
}
