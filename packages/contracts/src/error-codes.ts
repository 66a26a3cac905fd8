// No zod here: the browser imports the list of codes at run time.

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
  'account_locked',
  'account_not_found',
  'email_unavailable',
  'signups_closed',
  'password_too_weak',
  'google_disabled',
  'google_credential_invalid',
  'google_email_unverified',
  'google_account_conflict',
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
  'upload_link_used',
  'upload_link_closed',
  'upload_content_type_mismatch',
  'multipart_required',
  'multipart_malformed',
  'file_missing',
  'file_field_invalid',
  'too_many_files',
  'range_not_satisfiable',
  // Transcripts.
  'transcription_not_found',
  'conflict',
  'precondition_required',
  // Content.
  'content_not_found',
  'document_empty',
  'document_unreadable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Values a message was built from (sizes in bytes, seconds, names), for clients that reword it. */
export type ErrorParams = Record<string, string | number | boolean | null>;
