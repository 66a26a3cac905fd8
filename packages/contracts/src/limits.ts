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
  requestTimeoutMs: 180_000,
  smallScreenPx: 768,
  defaultPageSize: 10,
} as const;
