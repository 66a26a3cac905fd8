import { describe, expect, it } from 'vitest';
import { prepareRecordingFile } from './prepare-recording.ts';
import type { FinishedRecording } from './recorder-machine.ts';

const recording: FinishedRecording = {
  id: 'r1',
  blob: new Blob([new Uint8Array(300)], { type: 'audio/webm;codecs=opus' }),
  mimeType: 'audio/webm;codecs=opus',
  durationMs: 5000,
  createdAt: new Date(2025, 2, 1, 14, 25, 30).toISOString(),
};

describe('prepareRecordingFile', () => {
  it('uploads the converted WAV when conversion works', async () => {
    const wav = new Blob([new Uint8Array(44)], { type: 'audio/wav' });
    const file = await prepareRecordingFile(recording, 'de-DE', async () => wav);
    expect(file).toEqual({
      blob: wav,
      format: 'wav',
      fileName: 'voice-recording-20250301-142530.wav',
      language: 'de-DE',
    });
    // No stand-in title: the server names a recording after its first words.
    expect(file.title).toBeUndefined();
  });

  it('falls back to the original webm when conversion fails', async () => {
    const file = await prepareRecordingFile(recording, 'en-US', async () => {
      throw new Error('EncodingError: Unable to decode audio data');
    });
    expect(file.blob).toBe(recording.blob);
    expect(file.format).toBe('webm');
    expect(file.fileName).toBe('voice-recording-20250301-142530.webm');
  });
});
