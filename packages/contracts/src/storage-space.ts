import { z } from 'zod';

/**
 * `GET /api/v1/admin/storage` (administrator only): room left on the disk that holds the data
 * folder, where uploads, decoded audio and (with local storage) every stored file are written.
 */
export const zStorageSpace = z.object({
  /** The data folder (`VOXPRESS_DATA_DIR`) as this server process sees it. */
  data_dir: z.string(),
  /** Bytes this server may still write there. */
  free_bytes: z.number().int().nonnegative(),
  /** Size of the disk (filesystem) that holds the data folder. */
  total_bytes: z.number().int().nonnegative(),
  /** Free space below this many bytes counts as low: 1 GB, or 5 % of a disk larger than 20 GB. */
  low_below_bytes: z.number().int().nonnegative(),
  /** Whether free space is below `low_below_bytes`: uploads and transcriptions may soon fail. */
  low: z.boolean(),
  /** Where stored files live: this disk (`local`) or an S3-compatible bucket (`s3`). */
  blobs: z.enum(['local', 's3']),
});
export type StorageSpace = z.infer<typeof zStorageSpace>;
