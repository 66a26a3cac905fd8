import type { QueueOverview, RetriedJob } from '@voxpress/contracts';
import { api } from '../../../lib/api.ts';

export const QUEUES_KEY = ['system', 'queues'] as const;

/** `GET /system/queues` (administrator only): jobs per kind and state, and the latest failures. */
export function fetchQueues(): Promise<QueueOverview> {
  return api.request<QueueOverview>('/system/queues');
}

/** `POST /system/queues/jobs/{id}/retry`: runs a failed job again from its first attempt. */
export function retryJob(id: string): Promise<RetriedJob> {
  return api.request<RetriedJob>(`/system/queues/jobs/${encodeURIComponent(id)}/retry`, { method: 'POST' });
}
