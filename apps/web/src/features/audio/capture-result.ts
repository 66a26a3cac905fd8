/** What the capture panel hands its parent once the server has the audio (spec section 3). */
export interface CaptureResult {
  audioId: string;
  type: 'recording' | 'upload';
}

/** The two modes of the capture panel. */
export type CaptureMode = 'record' | 'upload';
