import { tokens } from '../../lib/api.ts';
import type { KeptRecording } from './recording-queue.ts';

// Finished recordings wait here until the server has accepted them, so a failed upload, a closed
// tab or a crash never loses one. IndexedDB because it stores Blobs and survives reloads.
const DB_NAME = 'voxpress';
const STORE = 'pending-recordings';

let opening: Promise<IDBDatabase> | null = null;

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
