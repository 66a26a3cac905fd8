import { describe, expect, it } from 'vitest';
import {
  type FinishedRecording,
  initialRecorderState,
  isBusy,
  type RecorderEvent,
  type RecorderState,
  recorderReducer,
} from './recorder-machine.ts';

const recording: FinishedRecording = {
  id: 'r1',
  blob: new Blob([new Uint8Array(2048)], { type: 'audio/webm' }),
  mimeType: 'audio/webm;codecs=opus',
  durationMs: 5200,
  createdAt: '2025-01-01T10:00:00.000Z',
};

function run(...events: RecorderEvent[]): RecorderState {
  return events.reduce(recorderReducer, initialRecorderState);
}

describe('recorder state machine', () => {
  it('goes idle → requesting → recording ⇄ paused → stopped → uploading → uploaded', () => {
    const steps: RecorderEvent[] = [
      { type: 'request' },
      { type: 'started' },
      { type: 'tick', elapsedMs: 1000, bytes: 16000 },
      { type: 'paused' },
      { type: 'resumed' },
      { type: 'stopped', recording },
      { type: 'upload-start' },
      { type: 'upload-progress', percent: 42.4 },
      { type: 'uploaded', audioId: 'a1' },
    ];
    const statuses: string[] = [];
    let state = initialRecorderState;
    for (const event of steps) {
      state = recorderReducer(state, event);
      statuses.push(state.status);
    }
    expect(statuses).toEqual([
      'requesting',
      'recording',
      'recording',
      'paused',
      'recording',
      'stopped',
      'uploading',
      'uploading',
      'uploaded',
    ]);
    expect(state).toMatchObject({ audioId: 'a1', progress: 100, error: null, uploadError: null, recording });
  });

  it('returns to idle with the message when the microphone cannot be opened', () => {
    const state = run({ type: 'request' }, { type: 'error', message: 'Microphone permission denied' });
    expect(state.status).toBe('idle');
    expect(state.error).toBe('Microphone permission denied');
  });

  it('keeps recording when a non-fatal error arrives', () => {
    const state = run(
      { type: 'request' },
      { type: 'started' },
      { type: 'error', message: 'Failed to initialize audio visualization' },
    );
    expect(state.status).toBe('recording');
    expect(state.error).toBe('Failed to initialize audio visualization');
  });

  it('keeps the recording after a failed upload so it can be retried', () => {
    const failed = run(
      { type: 'stopped', recording },
      { type: 'upload-start' },
      { type: 'upload-progress', percent: 60 },
      { type: 'upload-failed', message: 'Failed to upload recording' },
    );
    expect(failed).toMatchObject({ status: 'stopped', recording, uploadError: 'Failed to upload recording' });
    expect(failed.error).toBeNull();
    const retry = recorderReducer(failed, { type: 'upload-start' });
    expect(retry).toMatchObject({ status: 'uploading', progress: 0, uploadError: null });
  });

  it('keeps a recorder error that ended the capture, but not an older one', () => {
    const failed = run(
      { type: 'request' },
      { type: 'started' },
      { type: 'error', message: 'Recording error: UnknownError' },
      { type: 'stopped', recording },
    );
    expect(failed).toMatchObject({ status: 'stopped', error: 'Recording error: UnknownError' });
    const restored = recorderReducer(
      { ...initialRecorderState, error: 'old' },
      { type: 'stopped', recording },
    );
    expect(restored.error).toBeNull();
  });

  it('records the auto-stop reason and the final duration and size', () => {
    const state = run(
      { type: 'request' },
      { type: 'started' },
      { type: 'stopped', recording: { ...recording, durationMs: 300_000 }, autoStopped: 'time' },
    );
    expect(state).toMatchObject({ status: 'stopped', autoStopped: 'time', elapsedMs: 300_000, bytes: 2048 });
  });

  it('ignores events that do not fit the state', () => {
    expect(run({ type: 'paused' }).status).toBe('idle');
    expect(run({ type: 'upload-start' }).status).toBe('idle');
    expect(run({ type: 'tick', elapsedMs: 5, bytes: 5 }).elapsedMs).toBe(0);
    const recordingState = run({ type: 'request' }, { type: 'started' });
    expect(recorderReducer(recordingState, { type: 'request' })).toBe(recordingState);
    const uploading = run({ type: 'stopped', recording }, { type: 'upload-start' });
    expect(recorderReducer(uploading, { type: 'stopped', recording })).toBe(uploading);
    expect(recorderReducer(uploading, { type: 'upload-progress', percent: 30 }).progress).toBe(30);
    const back = recorderReducer(recorderReducer(uploading, { type: 'upload-progress', percent: 30 }), {
      type: 'upload-progress',
      percent: 10,
    });
    expect(back.progress).toBe(30);
  });

  it('starts fresh on a new recording and on reset', () => {
    const done = run(
      { type: 'stopped', recording },
      { type: 'upload-start' },
      { type: 'uploaded', audioId: 'a' },
    );
    expect(recorderReducer(done, { type: 'request' })).toEqual({
      ...initialRecorderState,
      status: 'requesting',
    });
    expect(recorderReducer(done, { type: 'reset' })).toEqual(initialRecorderState);
  });

  it('locks other controls while requesting, capturing or uploading', () => {
    expect(
      ['idle', 'requesting', 'recording', 'paused', 'stopped', 'uploading', 'uploaded'].map((s) =>
        isBusy(s as RecorderState['status']),
      ),
    ).toEqual([false, true, true, true, false, true, false]);
  });
});
