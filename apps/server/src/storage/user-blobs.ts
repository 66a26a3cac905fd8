import type { BlobStore } from './blob-store.ts';

/**
 * Where each kind of a user's files lives: every object a user owns is stored under
 * `<area>/<user id>/…`. A feature that stores files of its own adds its area here, so that
 * deleting an account leaves nothing behind (the account deletion test lists the whole store).
 */
export const USER_BLOB_AREAS = [
  'audio',
  'uploads',
  'avatars',
  'images',
  'infographics',
  'renditions',
  'exports',
] as const;

/** The prefixes under which the user's objects live. */
export function userBlobPrefixes(userId: string): string[] {
  return USER_BLOB_AREAS.map((area) => `${area}/${userId}/`);
}

/** Deletes every object of the user; returns how many there were. */
export async function deleteUserBlobs(blobs: BlobStore, userId: string): Promise<number> {
  let removed = 0;
  for (const prefix of userBlobPrefixes(userId)) {
    const keys: string[] = [];
    for await (const object of blobs.list(prefix)) keys.push(object.key);
    for (const key of keys) {
      await blobs.delete(key);
      removed += 1;
    }
  }
  return removed;
}
