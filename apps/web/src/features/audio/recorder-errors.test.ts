import { describe, expect, it } from 'vitest';
import { microphoneErrorMessage, recorderActionError, recordingErrorMessage } from './recorder-errors.ts';

function domError(name: string, message = ''): Error {
  const err = new Error(message);
  err.name = name;
  return err;
}

describe('recorder error messages', () => {
  it('maps getUserMedia failures to the spec texts', () => {
    expect(microphoneErrorMessage(domError('NotAllowedError', 'Permission denied'))).toBe(
      'Microphone permission denied',
    );
    expect(microphoneErrorMessage(domError('SecurityError'))).toBe('Microphone permission denied');
    expect(microphoneErrorMessage(domError('NotFoundError', 'Requested device not found'))).toBe(
      'No microphone found',
    );
    expect(microphoneErrorMessage(domError('NotReadableError', 'Could not start audio source'))).toBe(
      'Microphone error: Could not start audio source',
    );
    expect(microphoneErrorMessage(domError('AbortError'))).toBe('Microphone error: AbortError');
    expect(microphoneErrorMessage('boom')).toBe('Microphone error: boom');
  });

  it('names the failed action and the detail', () => {
    expect(recorderActionError('pause', new Error('invalid state'))).toBe(
      'Failed to pause recording: invalid state',
    );
    expect(recorderActionError('start', undefined)).toBe('Failed to start recording: Unknown error');
  });

  it('reports a MediaRecorder error event by the name of its error', () => {
    const event = Object.assign(new Event('error'), { error: domError('InvalidModificationError') });
    expect(recordingErrorMessage(event)).toBe('Recording error: InvalidModificationError');
    expect(recordingErrorMessage(new Event('error'))).toBe('Recording error: UnknownError');
  });
});
