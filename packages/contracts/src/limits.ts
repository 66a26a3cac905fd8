/** Business limits from the product specification (section 9). */
export const LIMITS = {
  maxUploadBytes: 104_857_600,
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
