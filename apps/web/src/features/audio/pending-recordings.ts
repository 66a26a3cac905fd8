import { tokens } from '../../lib/api.ts';
import { idbStore } from '../../lib/idb-store.ts';
import type { KeptRecording } from './recording-queue.ts';

// Finished recordings wait here until the server has accepted them, so a failed upload, a closed
// tab or a crash never loses one. IndexedDB because it stores Blobs and survives reloads.
const run = idbStore('voxpress', 'pending-recordings');

/**
 * The signed-in user (the access token's subject): a recording is offered again only to the
 * account that made it, never to the next person who signs in on this browser.
 */
export function currentOwner(): string {
  try {
    const payload = tokens.getAccessToken()?.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return (JSON.parse(json) as { sub?: string }).sub ?? '';
  } catch {
    return '';
  }
}

/** Keeps a finished recording (or updates a kept one) until it is uploaded or discarded. */
export async function savePendingRecording(recording: KeptRecording): Promise<void> {
  await run('readwrite', (store) => store.put({ ...recording, owner: currentOwner() }));
}

/** The signed-in user's recordings not yet accepted by the server, oldest first. */
export async function listPendingRecordings(): Promise<KeptRecording[]> {
  const all = await run<Array<KeptRecording & { owner?: string }>>('readonly', (store) => store.getAll());
  const owner = currentOwner();
  return all.filter((r) => r.owner === owner).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Forgets a recording (uploaded or discarded). */
export async function deletePendingRecording(id: string): Promise<void> {
  await run('readwrite', (store) => store.delete(id));
}
