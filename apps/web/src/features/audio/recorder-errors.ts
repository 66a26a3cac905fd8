/** The spec's recorder messages (section 8, Recorder). */
export const RECORDER_MESSAGES = {
  unsupported: 'Browser not supported for audio recording',
  permissionDenied: 'Microphone permission denied',
  noMicrophone: 'No microphone found',
  visualization: 'Failed to initialize audio visualization',
} as const;

/** A readable detail of anything thrown. */
export function errorDetail(error: unknown): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  if (error instanceof Error) return error.name;
  return 'Unknown error';
}

function errorName(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string'
    ? error.name
    : '';
}

/** What the user reads when `getUserMedia` fails. */
export function microphoneErrorMessage(error: unknown): string {
  switch (errorName(error)) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return RECORDER_MESSAGES.permissionDenied;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return RECORDER_MESSAGES.noMicrophone;
    default:
      return `Microphone error: ${errorDetail(error)}`;
  }
}

/** 'Failed to start recording: …' and the like for the MediaRecorder calls. */
export function recorderActionError(action: 'start' | 'stop' | 'pause' | 'resume', error: unknown): string {
  return `Failed to ${action} recording: ${errorDetail(error)}`;
}

/** The message for a MediaRecorder `error` event. */
export function recordingErrorMessage(event: Event): string {
  const inner = (event as Event & { error?: unknown }).error;
  return `Recording error: ${errorName(inner) || errorName(event) || 'UnknownError'}`;
}
