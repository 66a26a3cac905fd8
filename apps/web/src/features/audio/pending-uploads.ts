import { currentOwner } from './pending-recordings.ts';
import type { QueuedFile } from './upload-queue.ts';

// Chosen files wait here, as the recordings made offline do, so a reload or a closed tab does
// not lose the queue. Their own database, so the recordings' store needs no upgrade.
const DB_NAME = 'voxpress-uploads';
const STORE = 'files';

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) {
        request.result.createObjectStore(STORE, { keyPath: 'id' });
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('Could not open IndexedDB'));
  }).catch((err: unknown) => {
    opening = null;
    throw err;
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = fn(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? request.error ?? new Error('IndexedDB request failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

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
