import type { Audio } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import type { RequestOptions } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { StorageUploadError } from './upload-errors.ts';
import {
  type PutToStorage,
  type RecordingFile,
  recordingFileName,
  recordingFormat,
  uploadRecording,
} from './upload-recording.ts';

const file: RecordingFile = {
  blob: new Blob([new Uint8Array(1000)], { type: 'audio/wav' }),
  format: 'wav',
  fileName: 'voice-recording-20250301-142530.wav',
  language: 'en-US',
};

function fakeServer(options: { transcribeFailures?: ApiError[]; putFailure?: Error } = {}) {
  const calls: Array<{ path: string; json: unknown }> = [];
  const puts: Array<{ url: string; headers: Record<string, string>; size: number }> = [];
  const failures = [...(options.transcribeFailures ?? [])];
  let links = 0;
  const request = async <T>(path: string, opts: RequestOptions = {}): Promise<T> => {
    calls.push({ path, json: opts.json });
    if (path === '/audio/upload') {
      links += 1;
      return {
        audio_id: `a${links}`,
        presigned_url: `/api/v1/storage/upload/a${links}?sig=x`,
        method: 'PUT',
        headers: { 'Content-Type': 'audio/wav' },
        expires_at: '2030-01-01T00:00:00Z',
      } as T;
    }
    const failure = failures.shift();
    if (failure) throw failure;
    return { audio_id: path.split('/')[2], status: 'processing' } as unknown as T;
  };
  const put: PutToStorage = async (url, blob, headers, onProgress) => {
    puts.push({ url, headers, size: blob.size });
    onProgress(50);
    onProgress(100);
    if (options.putFailure) throw options.putFailure;
  };
  return { request, put, calls, puts };
}

describe('uploadRecording', () => {
  it('initiates, PUTs the bytes with the given headers, then starts transcription', async () => {
    const server = fakeServer();
    const progress: number[] = [];
    const audio: Partial<Audio> = await uploadRecording(file, (p) => progress.push(p), server);
    expect(audio.audio_id).toBe('a1');
    expect(server.calls[0]).toEqual({
      path: '/audio/upload',
      // No title: the server names a recording after its first words.
      json: {
        file_format: 'wav',
        file_size_bytes: 1000,
        file_name: file.fileName,
        language: 'en-US',
        google_language_code: 'en-US',
        use_whisper_for_english: true,
        source: 'recording',
      },
    });
    expect(server.puts).toEqual([
      { url: '/api/v1/storage/upload/a1?sig=x', headers: { 'Content-Type': 'audio/wav' }, size: 1000 },
    ]);
    expect(server.calls[1]).toEqual({
      path: '/audio/a1/transcribe?language=en-US',
      json: {
        audio_id: 'a1',
        expected_languages: ['en'],
        auto_detect_language: false,
        force_language: 'en-US',
        dialect: null,
        google_language_code: 'en-US',
        use_whisper_for_english: true,
      },
    });
    expect(progress).toEqual([0, 47.5, 95]);
  });

  it('asks for the chosen number of speakers', async () => {
    const server = fakeServer();
    await uploadRecording({ ...file, speakers: 2 }, () => {}, server);
    expect(server.calls[0]?.json).toMatchObject({ speakers: 2, source: 'recording' });
  });

  it('starts over with a new link once when the first one expired (410)', async () => {
    const server = fakeServer({
      transcribeFailures: [new ApiError(410, 'expired', 'The upload link expired.')],
    });
    const audio: Partial<Audio> = await uploadRecording({ ...file, language: 'ta-IN' }, () => {}, server);
    expect(audio.audio_id).toBe('a2');
    expect(server.calls.map((c) => c.path)).toEqual([
      '/audio/upload',
      '/audio/a1/transcribe?language=ta-IN',
      '/audio/upload',
      '/audio/a2/transcribe?language=ta-IN',
    ]);
    expect(server.calls[1]?.json).toMatchObject({
      expected_languages: ['ta'],
      use_whisper_for_english: false,
    });
  });

  it('passes on bad-audio answers and storage errors without retrying', async () => {
    const bad = new ApiError(415, 'Not an audio file', 'Not an audio file');
    const server = fakeServer({ transcribeFailures: [bad] });
    await expect(uploadRecording(file, () => {}, server)).rejects.toBe(bad);
    expect(server.calls.filter((c) => c.path === '/audio/upload')).toHaveLength(1);

    const s3 = new StorageUploadError(403, 'S3 Upload Failed: AccessDenied - Access Denied');
    const storage = fakeServer({ putFailure: s3 });
    await expect(uploadRecording(file, () => {}, storage)).rejects.toBe(s3);
  });
});

describe('recording file naming', () => {
  it('names the format MediaRecorder produced', () => {
    expect(recordingFormat('audio/webm;codecs=opus')).toBe('webm');
    expect(recordingFormat('audio/ogg;codecs=opus')).toBe('ogg');
    expect(recordingFormat('audio/mp4')).toBe('m4a');
  });

  it('stamps the file name with the local time', () => {
    expect(recordingFileName(new Date(2025, 2, 1, 14, 25, 30), 'wav')).toBe(
      'voice-recording-20250301-142530.wav',
    );
  });
});
