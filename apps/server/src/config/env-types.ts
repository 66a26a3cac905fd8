import { z } from 'zod';

/** A yes/no environment variable: true, false, 1, 0, yes or no. */
export const zEnvBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
