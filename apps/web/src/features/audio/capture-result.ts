/** What the capture panel hands its parent once the server has the audio (spec section 3). */
export interface CaptureResult {
  audioId: string;
  /** `import`: brought in from a link (a file, a feed's episode, a video page). */
  type: 'recording' | 'upload' | 'import';
}

/** The modes of the capture panel: record, upload a file, or import from a link. */
export type CaptureMode = 'record' | 'upload' | 'link';

/** A tab's name as the address holds it (`?mode=`); anything else is the record tab. */
export const captureModeOf = (value: string | null): CaptureMode =>
  value === 'upload' || value === 'link' ? value : 'record';
