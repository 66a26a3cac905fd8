import { api } from '../../../lib/api.ts';

export const QUEUES_KEY = ['system', 'queues'] as const;

/** `GET /system/queues` (administrator only): jobs per kind and state, and the latest failures. */
export function fetchQueues() {
  return api.get('/api/v1/system/queues');
}

/** `POST /system/queues/jobs/{id}/retry`: runs a failed job again from its first attempt. */
export function retryJob(id: string) {
  return api.post('/api/v1/system/queues/jobs/{id}/retry', { path: { id } });
}
