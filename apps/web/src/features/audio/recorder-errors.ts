import { i18n } from '../../i18n/i18n.ts';

const t = i18n.getFixedT(null, 'audio');

/** The spec's recorder messages (section 8, Recorder). */
export const RECORDER_MESSAGES = {
  get unsupported() {
    return t('errors.unsupported');
  },
  get permissionDenied() {
    return t('errors.permissionDenied');
  },
  get noMicrophone() {
    return t('errors.noMicrophone');
  },
  get visualization() {
    return t('errors.visualization');
  },
};

/** A readable detail of anything thrown. */
export function errorDetail(error: unknown): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  if (error instanceof Error) return error.name;
  return t('errors.unknown');
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
      return t('errors.microphone', { detail: errorDetail(error) });
  }
}

/** 'Failed to start recording: …' and the like for the MediaRecorder calls. */
export function recorderActionError(action: 'start' | 'stop' | 'pause' | 'resume', error: unknown): string {
  const detail = errorDetail(error);
  switch (action) {
    case 'start':
      return t('errors.start', { detail });
    case 'stop':
      return t('errors.stop', { detail });
    case 'pause':
      return t('errors.pause', { detail });
    case 'resume':
      return t('errors.resume', { detail });
  }
}

/** The message for a MediaRecorder `error` event. */
export function recordingErrorMessage(event: Event): string {
  const inner = (event as Event & { error?: unknown }).error;
  return t('errors.recording', { name: errorName(inner) || errorName(event) || 'UnknownError' });
}
