import { z } from 'zod';

/** One validation problem: where it is (`loc`, e.g. `["body", "email"]`) and what is wrong. */
export const zValidationIssue = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string().optional(),
});
export type ValidationIssue = z.infer<typeof zValidationIssue>;

/** Every error response: a sentence, or a list of field problems (spec section 8). */
export const zErrorResponse = z.object({
  detail: z.union([z.string(), z.array(zValidationIssue)]),
});
export type ErrorResponse = z.infer<typeof zErrorResponse>;
