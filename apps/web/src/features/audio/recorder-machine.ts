/** A finished recording, kept until the server has accepted it. */
export interface FinishedRecording {
  /** Also the key of the saved copy in IndexedDB. */
  id: string;
  blob: Blob;
  mimeType: string;
  durationMs: number;
  createdAt: string;
}

/** The recorder's states (spec section 4, Recorder). */
export type RecorderStatus =
  | 'idle'
  | 'requesting'
  | 'recording'
  | 'paused'
  | 'stopped'
  | 'uploading'
  | 'uploaded';

export interface RecorderState {
  status: RecorderStatus;
  elapsedMs: number;
  bytes: number;
  recording: FinishedRecording | null;
  /** Set when the recording ended itself at the time or size limit. */
  autoStopped: 'time' | 'size' | null;
  /** The last recorder problem, in the spec's words; shown until the next action. */
  error: string | null;
  /** Why the last upload failed; the recording is still here, so it can be retried. */
  uploadError: string | null;
  /** Upload progress, 0–100. */
  progress: number;
  audioId: string | null;
}

export type RecorderEvent =
  | { type: 'request' }
  | { type: 'started' }
  | { type: 'tick'; elapsedMs: number; bytes: number }
  | { type: 'paused' }
  | { type: 'resumed' }
  | { type: 'stopped'; recording: FinishedRecording; autoStopped?: 'time' | 'size' | null }
  | { type: 'error'; message: string }
  | { type: 'upload-start' }
  | { type: 'upload-progress'; percent: number }
  | { type: 'upload-failed'; message: string }
  | { type: 'uploaded'; audioId: string }
  | { type: 'reset' };

export const initialRecorderState: RecorderState = {
  status: 'idle',
  elapsedMs: 0,
  bytes: 0,
  recording: null,
  autoStopped: null,
  error: null,
  uploadError: null,
  progress: 0,
  audioId: null,
};

/** True while the microphone is live (recording or paused). */
export function isCapturing(status: RecorderStatus): boolean {
  return status === 'recording' || status === 'paused';
}

/** True while other controls (language, tabs) should stay locked. */
export function isBusy(status: RecorderStatus): boolean {
  return status === 'requesting' || isCapturing(status) || status === 'uploading';
}

/** The recorder's transitions. An event that does not fit the current state changes nothing. */
export function recorderReducer(state: RecorderState, event: RecorderEvent): RecorderState {
  switch (event.type) {
    case 'request':
      return state.status === 'idle' || state.status === 'stopped' || state.status === 'uploaded'
        ? { ...initialRecorderState, status: 'requesting' }
        : state;
    case 'started':
      return state.status === 'requesting'
        ? { ...state, status: 'recording', elapsedMs: 0, bytes: 0 }
        : state;
    case 'tick':
      return isCapturing(state.status) ? { ...state, elapsedMs: event.elapsedMs, bytes: event.bytes } : state;
    case 'paused':
      return state.status === 'recording' ? { ...state, status: 'paused' } : state;
    case 'resumed':
      return state.status === 'paused' ? { ...state, status: 'recording' } : state;
    case 'stopped':
      if (state.status === 'uploading') return state;
      return {
        ...state,
        status: 'stopped',
        recording: event.recording,
        elapsedMs: event.recording.durationMs,
        bytes: event.recording.blob.size,
        autoStopped: event.autoStopped ?? null,
        // A recorder failure that ended the capture stays visible with what was saved.
        error: isCapturing(state.status) ? state.error : null,
        uploadError: null,
        progress: 0,
        audioId: null,
      };
    case 'error':
      // A failure before the microphone opened leaves nothing to keep; later ones keep the state.
      return state.status === 'requesting'
        ? { ...state, status: 'idle', error: event.message }
        : { ...state, error: event.message };
    case 'upload-start':
      return state.status === 'stopped' && state.recording
        ? { ...state, status: 'uploading', progress: 0, error: null, uploadError: null }
        : state;
    case 'upload-progress':
      return state.status === 'uploading'
        ? { ...state, progress: Math.max(state.progress, Math.min(100, Math.round(event.percent))) }
        : state;
    case 'upload-failed':
      return state.status === 'uploading'
        ? { ...state, status: 'stopped', uploadError: event.message }
        : state;
    case 'uploaded':
      return state.status === 'uploading'
        ? { ...state, status: 'uploaded', progress: 100, audioId: event.audioId }
        : state;
    case 'reset':
      return initialRecorderState;
  }
}
