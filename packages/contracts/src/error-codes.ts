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
  'headers_too_large',
  'bad_request',
  'not_found',
  'rate_limited',
  'internal_error',
  // The server could not write for want of disk space (507): for the administrator to fix.
  'storage_full',
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
  'forbidden',
  'reset_link_invalid',
  'reset_link_expired',
  'reset_link_used',
  'password_incorrect',
  'confirmation_mismatch',
  'image_invalid',
  'image_too_large',
  // Server administration.
  'model_unknown',
  'job_not_found',
  'job_not_failed',
  'email_not_configured',
  // Audio and uploads.
  'audio_not_found',
  'upload_too_large',
  'quota_exceeded',
  'unsupported_format',
  'audio_empty',
  'audio_undecodable',
  'audio_silent',
  'audio_too_long',
  'video_no_audio',
  'poster_not_found',
  'audio_track_not_found',
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
  'transcript_too_long',
  // Speakers.
  'speaker_not_found',
  'segment_not_found',
  'speakers_busy',
  'split_point_invalid',
  // Voice profiles (remembered voices).
  'voice_profile_not_found',
  'voice_profile_name_taken',
  // Items (the library's recordings, uploads and documents).
  'item_not_found',
  // Share links (public read-only pages of one item).
  'share_not_found',
  'share_expired',
  'share_part_invalid',
  // Content.
  'content_not_found',
  // The content type needs a language model and none is ready on this server.
  'content_type_needs_language_model',
  'document_empty',
  'document_unreadable',
  'document_too_complex',
  // Renditions, exports, publishing and webhooks.
  'rendition_not_found',
  'rendition_too_long',
  'rendition_too_many_posts',
  'language_not_available',
  'translation_unavailable',
  'translation_failed',
  'connection_not_found',
  'connection_unreachable',
  'connection_auth_failed',
  'connection_not_a_site',
  'destination_forbidden',
  'publish_failed',
  'webhook_not_found',
  // Infographics.
  'infographic_not_found',
  'infographic_template_not_found',
  'infographic_collection_not_found',
  'infographic_job_not_found',
  'infographic_content_missing',
  'infographic_sizes_missing',
  'infographic_language_missing',
  'infographic_templates_disabled',
  'infographic_image_missing',
  'infographic_image_foreign',
  'infographic_collection_invalid',
  'infographic_template_name_taken',
  'renderer_unavailable',
  'image_unsupported',
  'image_undecodable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Values a message was built from (sizes in bytes, seconds, names), for clients that reword it. */
export type ErrorParams = Record<string, string | number | boolean | null>;
