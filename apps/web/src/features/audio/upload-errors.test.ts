import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import {
  corsMessage,
  parseStorageXmlError,
  StorageUploadError,
  storageErrorMessage,
  uploadErrorMessage,
} from './upload-errors.ts';
import { XhrFailure } from './xhr-send.ts';

const S3_XML = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided. Check your key &amp; signing method.</Message><RequestId>4442587FB7D0A2F9</RequestId></Error>`;

describe('storage error messages', () => {
  it('parses an S3 XML error', () => {
    expect(parseStorageXmlError(S3_XML)).toEqual({
      code: 'SignatureDoesNotMatch',
      message:
        'The request signature we calculated does not match the signature you provided. Check your key & signing method.',
    });
    expect(storageErrorMessage(403, S3_XML)).toBe(
      'S3 Upload Failed: SignatureDoesNotMatch - The request signature we calculated does not match the signature you provided. Check your key & signing method.',
    );
  });

  it('reads the JSON detail of our own storage endpoint', () => {
    expect(storageErrorMessage(410, JSON.stringify({ detail: 'This upload link has expired.' }))).toBe(
      'This upload link has expired.',
    );
  });

  it('falls back to the status for anything else', () => {
    expect(parseStorageXmlError('<html>Bad gateway</html>')).toBeNull();
    expect(storageErrorMessage(502, '<html>Bad gateway</html>')).toBe(
      'Storage upload failed with status 502',
    );
  });
});

describe('uploadErrorMessage', () => {
  it('shows the storage or server message when there was an answer', () => {
    expect(
      uploadErrorMessage(
        new StorageUploadError(403, 'S3 Upload Failed: A - B'),
        'Failed to upload recording',
      ),
    ).toBe('S3 Upload Failed: A - B');
    const unsupported = new ApiError(415, 'The file is not audio.', 'The file is not audio.');
    expect(uploadErrorMessage(unsupported, 'Failed to upload audio')).toBe('The file is not audio.');
  });

  it('uses the CORS text when a cross-origin PUT got no answer', () => {
    expect(uploadErrorMessage(new XhrFailure('network', true), 'Failed to upload recording')).toBe(
      corsMessage(),
    );
  });

  it('says the connection was lost for our own server, and names timeouts', () => {
    expect(uploadErrorMessage(new XhrFailure('network', false), 'Failed to upload audio')).toBe(
      'Failed to upload audio: the connection to the server was lost. Check your network and try again.',
    );
    expect(uploadErrorMessage(new XhrFailure('timeout', true), 'Failed to upload recording')).toMatch(
      /^Failed to upload recording: no answer within 3 minutes/,
    );
  });

  it('says the connection was lost when a plain request got no answer, in any browser’s words', () => {
    for (const words of [
      'Failed to fetch',
      'NetworkError when attempting to fetch resource.',
      'Load failed',
    ]) {
      expect(uploadErrorMessage(new TypeError(words), 'Failed to upload recording')).toBe(
        'Failed to upload recording: the connection to the server was lost. Check your network and try again.',
      );
    }
  });

  it('falls back to the generic text for anything else', () => {
    expect(uploadErrorMessage(new TypeError('x is not a function'), 'Failed to upload recording')).toBe(
      'Failed to upload recording',
    );
    expect(uploadErrorMessage(undefined, 'Failed to upload audio')).toBe('Failed to upload audio');
  });
});
