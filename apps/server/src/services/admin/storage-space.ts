import { statfs } from 'node:fs/promises';
import type { StorageSpace } from '@voxpress/contracts';

/** Free space below this is low on any disk: an upload and its decoded audio need hundreds of MB. */
export const LOW_SPACE_FLOOR_BYTES = 1024 ** 3;
/** On a large disk, free space below this share of it is low too. */
export const LOW_SPACE_SHARE = 0.05;

/** Below how many free bytes a disk of `totalBytes` counts as nearly full. */
export function lowSpaceThreshold(totalBytes: number): number {
  return Math.max(LOW_SPACE_FLOOR_BYTES, Math.round(totalBytes * LOW_SPACE_SHARE));
}

/**
 * Room left on the disk of the data folder, as an unprivileged process may use it (`bavail`: a
 * filesystem keeps some blocks for root), and whether it is low.
 */
export async function storageSpace(dataDir: string, blobs: 'local' | 's3'): Promise<StorageSpace> {
  const s = await statfs(dataDir);
  const free = s.bavail * s.bsize;
  const total = s.blocks * s.bsize;
  const threshold = lowSpaceThreshold(total);
  return {
    data_dir: dataDir,
    free_bytes: free,
    total_bytes: total,
    low_below_bytes: threshold,
    low: free < threshold,
    blobs,
  };
}
