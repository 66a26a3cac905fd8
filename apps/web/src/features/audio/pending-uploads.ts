import { idbStore } from '../../lib/idb-store.ts';
import { currentOwner } from './pending-recordings.ts';
import type { QueuedFile } from './upload-queue.ts';

// Chosen files wait here, as the recordings made offline do, so a reload or a closed tab does
// not lose the queue. Their own database, so the recordings' store needs no upgrade.
const run = idbStore('voxpress-uploads', 'files');

/** Keeps a queued file (or its new state) for the signed-in user. */
export async function savePendingUpload(entry: QueuedFile): Promise<void> {
  await run('readwrite', (store) => store.put({ ...entry, owner: currentOwner() }));
}

/** The signed-in user's queued files, sent or not, oldest first. */
export async function listPendingUploads(): Promise<QueuedFile[]> {
  const all = await run<Array<QueuedFile & { owner?: string }>>('readonly', (store) => store.getAll());
  const owner = currentOwner();
  return all
    .filter((e) => e.owner === owner)
    .map(({ owner: _, ...entry }) => entry)
    .sort((a, b) => a.addedAt.localeCompare(b.addedAt));
}

export async function deletePendingUpload(id: string): Promise<void> {
  await run('readwrite', (store) => store.delete(id));
}
