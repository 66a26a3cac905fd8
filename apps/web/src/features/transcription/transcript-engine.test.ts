import type { Transcription, TranscriptionAttempt } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { transcriptEngine } from './transcript-engine.ts';

const attempt = (overrides: Partial<TranscriptionAttempt>): TranscriptionAttempt => ({
  provider: 'whisper',
  model: null,
  language: 'en-US',
  reason: 'first configured engine',
  text: '',
  duration_ms: 10,
  ...overrides,
});

const transcript = (attempts: TranscriptionAttempt[], provider = 'pocketsphinx') =>
  ({ provider, metadata: { transcriptions: attempts } }) as unknown as Transcription;

describe('the engine that made a transcript', () => {
  it('names PocketSphinx and the whisper model it stood in for when whisper was not ready', () => {
    const engine = transcriptEngine(
      transcript([
        attempt({
          provider: 'pocketsphinx',
          text: 'four score',
          passed_over: [
            {
              provider: 'whisper',
              reason:
                'The whisper model base could not be downloaded: the download server could not be reached',
            },
          ],
        }),
      ]),
    );
    expect(engine).toEqual({
      id: 'pocketsphinx',
      name: 'PocketSphinx',
      passedOver: [
        {
          id: 'whisper',
          name: 'whisper.cpp',
          reason: 'The whisper model base could not be downloaded: the download server could not be reached',
        },
      ],
    });
  });

  it('reads an older transcript: an engine that failed on the way is a fallback too', () => {
    const engine = transcriptEngine(
      transcript([
        attempt({ provider: 'whisper', error: 'The whisper model base could not be downloaded.' }),
        attempt({ provider: 'pocketsphinx', text: 'four score' }),
      ]),
    );
    expect(engine.name).toBe('PocketSphinx');
    expect(engine.passedOver).toEqual([
      { id: 'whisper', name: 'whisper.cpp', reason: 'The whisper model base could not be downloaded.' },
    ]);
  });

  it('reports no fallback when the first choice heard it', () => {
    const engine = transcriptEngine(
      transcript(
        [attempt({ provider: 'whisper', model: 'base', text: 'four score', passed_over: [] })],
        'whisper',
      ),
    );
    expect(engine).toEqual({ id: 'whisper', name: 'whisper.cpp', passedOver: [] });
  });
});
