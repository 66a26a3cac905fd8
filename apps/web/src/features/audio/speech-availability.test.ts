import { describe, expect, it } from 'vitest';
import { unavailableReason } from './speech-availability.ts';

const words = { noEngine: 'none', notHeard: 'not heard' };

describe('which transcription languages are offered', () => {
  it('offers only what a usable engine hears, by the primary code', () => {
    const heard = { engines: [{ id: 'pocketsphinx', name: 'PocketSphinx', languages: ['en'] }] };
    expect(unavailableReason(heard, 'en-US', words)).toBeNull();
    expect(unavailableReason(heard, 'en-GB', words)).toBeNull();
    expect(unavailableReason(heard, 'es-ES', words)).toBe('not heard');
    const whisper = { engines: [{ id: 'whisper', name: 'whisper.cpp', languages: ['en', 'no', 'he'] }] };
    expect(unavailableReason(whisper, 'nb-NO', words)).toBeNull();
    expect(unavailableReason(whisper, 'iw-IL', words)).toBeNull();
  });

  it('offers everything when an engine takes any language, nothing when no engine is ready', () => {
    const any = { engines: [{ id: 'openai', name: 'OpenAI', languages: null }] };
    expect(unavailableReason(any, 'ta-IN', words)).toBeNull();
    expect(unavailableReason({ engines: [] }, 'en-US', words)).toBe('none');
    // Before the server answers, nothing is held back.
    expect(unavailableReason(undefined, 'ta-IN', words)).toBeNull();
  });
});
