import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import {
  type AudioFileUpload,
  type AudioFileUploadDeps,
  buildAudioUploadForm,
  uploadAudioFile,
  uploadMimeType,
} from './upload-audio-file.ts';
import type { XhrOptions, XhrResponse } from './xhr-send.ts';

const input: AudioFileUpload = {
  file: new File([new Uint8Array([0xff, 0xfb, 0x90, 0x00])], 'talk.mp3', { type: 'audio/mpeg' }),
  title: '  My talk ',
  description: '   ',
  language: 'es-MX',
};

function reply(status: number, body: unknown): XhrResponse {
  return { status, body: JSON.stringify(body), contentType: 'application/json' };
}

function deps(answers: XhrResponse[], refreshWorks = true) {
  const sent: XhrOptions[] = [];
  let token = 'old';
  let ended = 0;
  const d: AudioFileUploadDeps = {
    send: async (options) => {
      sent.push(options);
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next;
    },
    accessToken: () => token,
    refresh: async () => {
      if (refreshWorks) token = 'new';
      return refreshWorks;
    },
    endSession: () => {
      ended += 1;
    },
  };
  return { d, sent, ended: () => ended };
}

describe('uploadMimeType', () => {
  it('maps to the wav, mpeg, mp4, ogg, webm family or a generic binary type', () => {
    expect(uploadMimeType({ name: 'a.MP3', type: '' })).toBe('audio/mpeg');
    expect(uploadMimeType({ name: 'a.m4a', type: 'audio/x-m4a' })).toBe('audio/mp4');
    expect(uploadMimeType({ name: 'a.wav', type: 'audio/x-wav' })).toBe('audio/wav');
    expect(uploadMimeType({ name: 'a.oga', type: '' })).toBe('audio/ogg');
    expect(uploadMimeType({ name: 'recording', type: 'audio/webm;codecs=opus' })).toBe('audio/webm');
    expect(uploadMimeType({ name: 'notes.txt', type: 'text/plain' })).toBe('application/octet-stream');
  });
});

describe('buildAudioUploadForm', () => {
  it('sends the fields of the spec, the description only when non-empty', () => {
    const form = buildAudioUploadForm(input);
    expect([...form.keys()]).toEqual([
      'file',
      'title',
      'language',
      'google_language_code',
      'use_whisper_for_english',
    ]);
    expect(form.get('title')).toBe('My talk');
    expect(form.get('language')).toBe('es-MX');
    expect(form.get('google_language_code')).toBe('es-MX');
    expect(form.get('use_whisper_for_english')).toBe('false');
    const file = form.get('file') as File;
    expect(file.name).toBe('talk.mp3');
    expect(file.type).toBe('audio/mpeg');

    const withDescription = buildAudioUploadForm({ ...input, description: ' Notes ', language: 'en-US' });
    // A blank title is left out: the server names the upload after its file.
    expect(buildAudioUploadForm({ ...input, title: '  ' }).has('title')).toBe(false);
    expect(withDescription.get('description')).toBe('Notes');
    expect(withDescription.get('use_whisper_for_english')).toBe('true');
  });

  it('sends the number of speakers when one was chosen, and leaves the default to the server', () => {
    expect(buildAudioUploadForm(input).has('speakers')).toBe(false);
    expect(buildAudioUploadForm({ ...input, speakers: 'auto' }).get('speakers')).toBe('auto');
    expect(buildAudioUploadForm({ ...input, speakers: 1 }).get('speakers')).toBe('1');
    expect(buildAudioUploadForm({ ...input, speakers: 3 }).get('speakers')).toBe('3');
  });
});

describe('uploadAudioFile', () => {
  const audio = { audio_id: 'a1', title: 'My talk' };

  it('posts the form with the bearer token and returns the new audio', async () => {
    const { d, sent } = deps([reply(201, { message: 'Upload successful', data: audio })]);
    await expect(uploadAudioFile(input, () => {}, d)).resolves.toEqual(audio);
    expect(sent[0]?.url).toBe('/api/v1/files/upload/audio');
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.headers?.Authorization).toBe('Bearer old');
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    const { d, sent } = deps([
      reply(401, { detail: 'Token expired' }),
      reply(201, { message: 'ok', data: audio }),
    ]);
    await expect(uploadAudioFile(input, () => {}, d)).resolves.toEqual(audio);
    expect(sent.map((s) => s.headers?.Authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('ends the session when the refresh fails', async () => {
    const { d, ended } = deps([reply(401, { detail: 'Token expired' })], false);
    const err = await uploadAudioFile(input, () => {}, d).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect(ended()).toBe(1);
  });

  it("shows the server's detail, or 'Failed to upload audio' without one", async () => {
    const detail = 'This file is not a supported audio format (MP3, WAV, M4A, OGG).';
    const bad = deps([reply(415, { detail })]);
    await expect(uploadAudioFile(input, () => {}, bad.d)).rejects.toThrow(detail);
    const broken = deps([{ status: 500, body: 'oops', contentType: 'text/plain' }]);
    await expect(uploadAudioFile(input, () => {}, broken.d)).rejects.toThrow('Failed to upload audio');
  });
});
