import { z } from 'zod';
import { errorCodes } from './error-codes.ts';

/** One validation problem: where it is (`loc`, e.g. `["body", "email"]`) and what is wrong. */
export const zValidationIssue = z
  .object({
    loc: z.array(z.union([z.string(), z.number()])),
    msg: z.string(),
    type: z.string().optional(),
  })
  .meta({ id: 'ValidationIssue' });
export type ValidationIssue = z.infer<typeof zValidationIssue>;

export const zErrorCode = z.enum(errorCodes);

/** Values a message was built from (sizes in bytes, seconds, names), for clients that reword it. */
export const zErrorParams = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/**
 * Every error response: an English sentence or a list of field problems in `detail` (spec section
 * 8), a stable `code`, and the `params` the sentence was made from.
 */
export const zErrorResponse = z
  .object({
    detail: z.union([z.string(), z.array(zValidationIssue)]),
    code: zErrorCode,
    params: zErrorParams,
  })
  .meta({ id: 'ErrorResponse', description: 'The body of every 4xx and 5xx response.' });
export type ErrorResponse = z.infer<typeof zErrorResponse>;
