import { z } from 'zod';

/** One validation problem: where it is (`loc`, e.g. `["body", "email"]`) and what is wrong. */
export const zValidationIssue = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string().optional(),
});
export type ValidationIssue = z.infer<typeof zValidationIssue>;

/**
 * The stable, machine-readable reason of every error response. The English `detail` may be
 * reworded; these never change meaning, so a client can show its own text in the user's language
 * (with `params` filled in).
 */
export const errorCodes = [
  // Requests the server cannot read or accept at all.
  'validation_failed',
  'malformed_json',
  'unsupported_media_type',
  'body_too_large',
  'bad_request',
  'not_found',
  'rate_limited',
  'internal_error',
  // Accounts and sessions.
  'unauthorized',
  'invalid_token',
  'token_expired',
  'invalid_credentials',
  'account_not_found',
  'email_unavailable',
  'google_disabled',
  'google_credential_invalid',
  'google_email_unverified',
  'google_sign_in_failed',
  'refresh_token_invalid',
  'refresh_token_expired',
  'refresh_token_reused',
  // Audio and uploads.
  'audio_not_found',
  'upload_too_large',
  'quota_exceeded',
  'unsupported_format',
  'audio_empty',
  'audio_undecodable',
  'audio_silent',
  'upload_pending',
  'upload_link_expired',
  'upload_link_invalid',
  'upload_content_type_mismatch',
  'multipart_required',
  'file_missing',
  'file_field_invalid',
  'too_many_files',
  'range_not_satisfiable',
  // Transcripts.
  'transcription_not_found',
  'conflict',
  'precondition_required',
] as const;
export const zErrorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof zErrorCode>;

/** Values a message was built from (sizes in bytes, seconds, names), for clients that reword it. */
export const zErrorParams = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type ErrorParams = z.infer<typeof zErrorParams>;

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
