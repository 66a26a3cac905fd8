/** Business limits from the product specification (section 9). */
export const LIMITS = {
  /** The default upload limit (MAX_UPLOAD_MB's default); the server's own is in GET /system/config. */
  maxUploadBytes: 104_857_600,
  /** Largest upload limit an administrator can set (1 000 000 MB). */
  maxUploadCeilingBytes: 1_048_576_000_000,
  maxRecordingSeconds: 300,
  maxRecordingBytes: 50 * 1024 * 1024,
  recorderBitsPerSecond: 128_000,
  recorderChunkMs: 1000,
  statusPollIntervalMs: 3000,
  statusPollMaxAttempts: 60,
  autoSaveDelayMs: 2000,
  /** Enhancement status polling (spec §9): every 5 s, at most 180 polls, 3 errors in a row stop it. */
  enhancePollIntervalMs: 5000,
  enhancePollMaxAttempts: 180,
  enhancePollMaxErrors: 3,
  requestTimeoutMs: 180_000,
  smallScreenPx: 768,
  defaultPageSize: 10,
  /** Longest transcript edit: plain text and its rich-text (HTML) form, in characters. */
  transcriptTextChars: 1_000_000,
  transcriptHtmlChars: 2_000_000,
  /**
   * Largest body of a transcript save: every character of both at their longest may take three
   * bytes in UTF-8 (or two as a JSON escape), plus room for the rest of the JSON.
   */
  transcriptEditBytes: 3 * (1_000_000 + 2_000_000) + 64 * 1024,
} as const;

/** A length of audio as the refusal names it: `3 h 1 min`, `1 min 10 s`, `2 min`. */
function audioLengthText(seconds: number): string {
  const s = Math.round(seconds);
  const minutes = Math.round(s / 60);
  if (s >= 3600) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return s % 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s / 60} min`;
}

/**
 * The sentence that refuses a recording longer than the server accepts (code `audio_too_long`,
 * params `limit_s` and, when known, `duration_s`): the server's answer after an upload, and the
 * browser's before one, so both say the same.
 */
export function audioTooLongDetail(limitS: number, durationS: number | null): string {
  const minutes = Math.round(limitS / 60);
  const limit = `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const lasts = durationS === null ? `more than ${limit}` : audioLengthText(durationS);
  return `This recording is too long: it lasts ${lasts}, and this server accepts recordings of at most ${limit}. Split it into shorter parts and upload them one by one.`;
}

/** Hits on a page of `GET /api/v1/search`, and the longest query it takes. */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_QUERY = 200;

/** The longest question `POST /api/v1/ask` takes, and the most items it may be scoped to. */
export const ASK_MAX_QUESTION = 300;
export const ASK_MAX_ITEMS = 50;
