import type { SharedFile } from './share-target.ts';

// Shared files wait here between the service worker, which has no account, and the upload tab,
// which has one. IndexedDB because both can reach it and it keeps Blobs.
const DB_NAME = 'voxpress-shared';
const STORE = 'files';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE))
        request.result.createObjectStore(STORE, { keyPath: 'id' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('Could not open IndexedDB'));
  });
}

/** Keeps files shared to the app until the upload tab takes them. */
export async function keepSharedFiles(files: SharedFile[]): Promise<void> {
  const db = await open();
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(STORE, 'readwrite');
    for (const file of files) tx.objectStore(STORE).put(file);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
  });
  db.close();
}

/** Takes (and forgets) every shared file waiting, oldest first. */
export async function takeSharedFiles(): Promise<SharedFile[]> {
  const db = await open();
  const files = await new Promise<SharedFile[]>((resolve, reject) => {
    const tx = db.transaction(STORE, 'readwrite');
    const store = tx.objectStore(STORE);
    const all = store.getAll();
    all.onsuccess = () => store.clear();
    tx.oncomplete = () => resolve((all.result as SharedFile[]) ?? []);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB read failed'));
  });
  db.close();
  return files.sort((a, b) => a.sharedAt.localeCompare(b.sharedAt));
}
