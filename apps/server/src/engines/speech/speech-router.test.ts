import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURE_PARAGRAPH, makeSpeechWav } from '@voxpress/test-kit/speech-fixtures';
import { wordErrorRate } from '@voxpress/test-kit/wer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpeechConfig } from '../../config/config.ts';
import { enginePort } from '../../services/engines/engine-port.ts';
import {
  type SpeechEngine,
  SpeechEngineError,
  type SpeechEngineStatus,
  SpeechEngineUnavailableError,
  type SpeechRequest,
  type SpeechResult,
} from './speech-engine.ts';
import { silentLogger } from './speech-logger.ts';
import { SpeechRouter } from './speech-router.ts';
import { readWavInfo } from './wav-file.ts';

/** A scripted engine: which languages, which state, what it does when asked. */
class FakeEngine implements SpeechEngine {
  readonly kind = 'speech' as const;
  readonly name: string;
  calls = 0;
  closed = false;
  constructor(
    readonly id: string,
    private readonly script: {
      languages?: RegExp;
      status?: SpeechEngineStatus;
      fail?: Error;
      progress?: number[];
    } = {},
  ) {
    this.name = `Fake ${id}`;
  }
  supports(language: string): boolean {
    return (this.script.languages ?? /.*/).test(language);
  }
  async status(): Promise<SpeechEngineStatus> {
    return this.script.status ?? { state: 'ready', reason: `${this.id} ready`, detail: `${this.id} ready` };
  }
  async transcribe(request: SpeechRequest): Promise<SpeechResult> {
    this.calls++;
    for (const p of this.script.progress ?? []) request.onProgress(p);
    if (this.script.fail) throw this.script.fail;
    return {
      text: `heard by ${this.id}`,
      language: request.language,
      segments: [],
      confidence: null,
      model: `${this.id}-model`,
    };
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

const config = (engines: SpeechConfig['engines'], modelsDir = '/nonexistent'): SpeechConfig => ({
  engines,
  whisper: { model: 'base', modelsDir, autoDownload: false, modelsUrl: 'http://127.0.0.1:9', threads: 2 },
  openai: undefined,
});

const request = (language: string, overrides: Partial<SpeechRequest> = {}): SpeechRequest => ({
  wavPath: '/dev/null',
  durationS: 10,
  language,
  signal: new AbortController().signal,
  onProgress: () => {},
  ...overrides,
});

const missing: SpeechEngineStatus = {
  state: 'missing',
  reason: 'Model base is not downloaded',
  detail: 'Model base is not downloaded in /srv/models',
  hint: 'npm run models -- pull base',
};
const notConfigured: SpeechEngineStatus = {
  state: 'missing',
  reason: 'Not configured',
  detail: 'Not configured',
};

describe('speech router: choosing', () => {
  it('takes the first configured engine that supports the language and is available', async () => {
    const router = new SpeechRouter(config(['whisper', 'openai', 'pocketsphinx']), silentLogger, {
      engines: [
        new FakeEngine('pocketsphinx', { languages: /^en/ }),
        new FakeEngine('openai'),
        new FakeEngine('whisper'),
      ],
    });
    const choice = await router.choose('en-US');
    expect(choice.engine.id).toBe('whisper');
    expect(choice.reason).toBe('whisper: first configured engine that supports en-US and is available');
  });

  it('skips engines that cannot serve the language or are not available, saying why', async () => {
    const router = new SpeechRouter(config(['whisper', 'openai', 'pocketsphinx']), silentLogger, {
      engines: [
        new FakeEngine('whisper', { status: missing }),
        new FakeEngine('openai', { status: notConfigured }),
        new FakeEngine('pocketsphinx', { languages: /^en/ }),
      ],
    });
    const english = await router.choose('en');
    expect(english.engine.id).toBe('pocketsphinx');
    expect(english.reason).toBe(
      'pocketsphinx: whisper unavailable (Model base is not downloaded); openai unavailable (Not configured) — first configured engine that supports en and is available',
    );
    const french = router.choose('fr-FR');
    await expect(french).rejects.toThrow(
      /^No speech engine on this server can transcribe French \(fr-FR\)\./,
    );
    // What the user reads names no path, setting or command; the log gets the rest.
    await expect(french).rejects.toMatchObject({
      userMessage:
        'Transcription in French is not available on this server. Ask your administrator to enable a speech engine for it.',
    });
  });

  it('follows the configured order, and ignores engines left out of it', async () => {
    const router = new SpeechRouter(config(['pocketsphinx', 'whisper']), silentLogger, {
      engines: [
        new FakeEngine('whisper'),
        new FakeEngine('openai'),
        new FakeEngine('pocketsphinx', { languages: /^en/ }),
      ],
    });
    expect((await router.choose('en')).engine.id).toBe('pocketsphinx');
    expect((await router.choose('de')).engine.id).toBe('whisper');
    expect((await router.choose('de')).reason).toBe(
      'whisper: pocketsphinx does not support de — first configured engine that supports de and is available',
    );
  });

  it('puts whisper last for English when use_whisper_for_english is off, and only for English', async () => {
    const router = new SpeechRouter(config(['whisper', 'openai', 'pocketsphinx']), silentLogger, {
      engines: [
        new FakeEngine('whisper'),
        new FakeEngine('openai', { status: notConfigured }),
        new FakeEngine('pocketsphinx', { languages: /^en/ }),
      ],
    });
    const english = await router.choose('en-GB', { useWhisperForEnglish: false });
    expect(english.engine.id).toBe('pocketsphinx');
    expect(english.reason).toBe(
      'pocketsphinx: use_whisper_for_english is off, so whisper comes last; openai unavailable (Not configured) — first configured engine that supports en-GB and is available',
    );
    expect((await router.choose('en-GB', { useWhisperForEnglish: true })).engine.id).toBe('whisper');
    expect((await router.choose('es', { useWhisperForEnglish: false })).engine.id).toBe('whisper');
  });
});

describe('speech router: transcribing', () => {
  it('falls back when an engine itself is unusable, recording every attempt, with progress that never goes back', async () => {
    const whisper = new FakeEngine('whisper', {
      progress: [0.2, 0.4],
      fail: new SpeechEngineUnavailableError('The whisper model file x could not be loaded: it is damaged.'),
    });
    const sphinx = new FakeEngine('pocketsphinx', { languages: /^en/, progress: [0.1, 0.3, 0.6, 1] });
    const router = new SpeechRouter(config(['whisper', 'pocketsphinx']), silentLogger, {
      engines: [whisper, sphinx],
    });
    const progress: number[] = [];
    const routed = await router.transcribe({
      ...request('en-US', { onProgress: (f) => progress.push(f) }),
      useWhisperForEnglish: true,
    });
    expect(routed.provider).toBe('pocketsphinx');
    expect(routed.result.text).toBe('heard by pocketsphinx');
    expect(routed.reason).toBe(
      'pocketsphinx: whisper failed (The whisper model file x could not be loaded: it is damaged.); next engine that supports en-US and is available',
    );
    expect(routed.attempts).toEqual([
      {
        provider: 'whisper',
        model: null,
        language: 'en-US',
        reason: 'whisper: first configured engine that supports en-US and is available',
        text: '',
        duration_ms: expect.any(Number),
        passed_over: [],
        error: 'The whisper model file x could not be loaded: it is damaged.',
      },
      {
        provider: 'pocketsphinx',
        model: 'pocketsphinx-model',
        language: 'en-US',
        reason: routed.reason,
        text: 'heard by pocketsphinx',
        duration_ms: expect.any(Number),
        // The transcript says which preferred engine did not hear it, and why.
        passed_over: [
          { provider: 'whisper', reason: 'The whisper model file x could not be loaded: it is damaged.' },
        ],
      },
    ]);
    expect(progress).toEqual([0.2, 0.4, 0.6, 1]);
  });

  it('does not fall back for problems with the audio or a server that may come back', async () => {
    for (const fail of [
      new SpeechEngineError('The audio could not be decoded.', false),
      new SpeechEngineError('The speech server at http://x could not be reached: connection refused', true),
    ]) {
      const first = new FakeEngine('openai', { fail });
      const second = new FakeEngine('pocketsphinx');
      const router = new SpeechRouter(config(['openai', 'pocketsphinx']), silentLogger, {
        engines: [first, second],
      });
      await expect(router.transcribe(request('en'))).rejects.toBe(fail);
      expect(second.calls).toBe(0);
    }
  });

  it('reports every failure when no engine could do it', async () => {
    const router = new SpeechRouter(config(['whisper', 'openai']), silentLogger, {
      engines: [
        new FakeEngine('whisper', { fail: new SpeechEngineUnavailableError('Model damaged.') }),
        new FakeEngine('openai', { fail: new SpeechEngineUnavailableError('Key refused.') }),
      ],
    });
    await expect(router.transcribe(request('en'))).rejects.toMatchObject({
      retryable: false,
      message: 'Every speech engine that could serve en failed: whisper: Model damaged. openai: Key refused.',
      userMessage:
        'Transcription in English could not be done: the speech engines on this server are not working. Ask your administrator to check them.',
    });
    const single = new SpeechRouter(config(['whisper']), silentLogger, {
      engines: [new FakeEngine('whisper', { fail: new SpeechEngineUnavailableError('Model damaged.') })],
    });
    await expect(single.transcribe(request('en'))).rejects.toMatchObject({ message: 'Model damaged.' });
  });

  it('closes the engines', async () => {
    const whisper = new FakeEngine('whisper');
    await new SpeechRouter(config(['whisper']), silentLogger, { engines: [whisper] }).close();
    expect(whisper.closed).toBe(true);
  });
});

describe('speech router with the real engines', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'voxpress-router-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('says which language has no engine and how to enable one', async () => {
    const router = new SpeechRouter(config(['pocketsphinx'], dir), silentLogger);
    const err = await router.choose('es-ES').then(
      () => null,
      (e: unknown) => e as SpeechEngineError,
    );
    expect(err).toBeInstanceOf(SpeechEngineError);
    expect(err?.retryable).toBe(false);
    expect(err?.message).toBe(
      'No speech engine on this server can transcribe Spanish (es-ES). To enable one: add whisper to SPEECH_ENGINES (whisper.cpp, about 100 languages with a multilingual model such as base), and npm run models -- pull base (or set WHISPER_AUTO_DOWNLOAD=true); add openai to SPEECH_ENGINES (any OpenAI-compatible speech server), and set OPENAI_STT_BASE_URL (e.g. https://api.openai.com/v1, https://api.groq.com/openai/v1 or a speaches/LocalAI server), OPENAI_STT_API_KEY and OPENAI_STT_MODEL.',
    );
    const whisperOnly = new SpeechRouter(config(['whisper'], dir), silentLogger);
    await expect(whisperOnly.choose('en-US')).rejects.toThrow(
      'No speech engine on this server can transcribe English (en-US). To enable one: whisper: Model base is not downloaded — npm run models -- pull base (or set WHISPER_AUTO_DOWNLOAD=true); add openai to SPEECH_ENGINES (any OpenAI-compatible speech server), and set OPENAI_STT_BASE_URL (e.g. https://api.openai.com/v1, https://api.groq.com/openai/v1 or a speaches/LocalAI server), OPENAI_STT_API_KEY and OPENAI_STT_MODEL; add pocketsphinx to SPEECH_ENGINES (offline, English only).',
    );
  });

  it('describes the speech engines: which English uses, what is missing and how to enable it', async () => {
    const described = await new SpeechRouter(
      config(['whisper', 'openai', 'pocketsphinx'], dir),
      silentLogger,
    ).describe();
    expect(described).toEqual({
      active: 'pocketsphinx',
      engines: [
        {
          id: 'whisper',
          kind: 'speech',
          name: 'whisper.cpp (in-process)',
          position: 1,
          state: 'missing',
          reason: 'Model base is not downloaded',
          detail: 'Model base is not downloaded',
          hint: 'npm run models -- pull base (or set WHISPER_AUTO_DOWNLOAD=true)',
          model: { name: 'base', state: 'not_downloaded', bytes: 147_951_465 },
        },
        {
          id: 'openai',
          kind: 'speech',
          name: 'OpenAI-compatible speech API',
          position: 2,
          state: 'missing',
          reason: 'No OpenAI-compatible speech server is configured',
          detail: 'Not configured',
          hint: expect.stringMatching(/^Set OPENAI_STT_BASE_URL/),
        },
        {
          id: 'pocketsphinx',
          kind: 'speech',
          name: 'CMU PocketSphinx (offline, English)',
          position: 3,
          state: 'ready',
          reason: 'English only, offline',
          detail: 'CMU Sphinx 0.8 with the US English model; English only, offline',
        },
      ],
    });
  });

  it('falls back from whisper, whose model cannot be downloaded, to PocketSphinx', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const wav = await makeSpeechWav(FIXTURE_PARAGRAPH, dir);
    const router = new SpeechRouter(
      {
        engines: ['whisper', 'openai', 'pocketsphinx'],
        whisper: {
          model: 'base',
          modelsDir: path.join(dir, 'models'),
          autoDownload: true,
          modelsUrl: `http://127.0.0.1:${port}`,
          threads: 2,
        },
        openai: undefined,
      },
      silentLogger,
    );
    expect((await router.choose('en')).engine.id).toBe('whisper');
    // Whisper is tried first (it would download its model), but it is not what hears English
    // today: the engines view names PocketSphinx and shows whisper's model as not downloaded.
    const before = await router.describe();
    expect(before.active).toBe('pocketsphinx');
    const view = enginePort('Speech', 'speech', before.engines, {
      active: before.active,
      orderSetting: 'SPEECH_ENGINES',
    });
    expect(view.implementations.find((i) => i.id === 'whisper')).toMatchObject({
      state: 'missing',
      model: { name: 'base', state: 'not_downloaded' },
    });
    expect(view.implementations.find((i) => i.id === 'pocketsphinx')?.state).toBe('active');
    const routed = await router.transcribe({
      wavPath: wav,
      durationS: (await readWavInfo(wav)).durationS,
      language: 'en-US',
      signal: new AbortController().signal,
      onProgress: () => {},
      useWhisperForEnglish: true,
    });
    expect(routed.provider).toBe('pocketsphinx');
    expect(routed.attempts.map((a) => [a.provider, a.error === undefined])).toEqual([
      ['whisper', false],
      ['pocketsphinx', true],
    ]);
    expect(routed.attempts[0]?.error).toBe('The whisper model base could not be downloaded.');
    expect(routed.attempts[1]?.passed_over).toEqual([
      { provider: 'openai', reason: 'No OpenAI-compatible speech server is configured' },
      { provider: 'whisper', reason: 'The whisper model base could not be downloaded.' },
    ]);
    // After the failure the view says so, with why, and still never shows whisper in use.
    const after = await router.describe();
    expect(after.active).toBe('pocketsphinx');
    expect(after.engines.find((e) => e.id === 'whisper')?.model).toEqual({
      name: 'base',
      state: 'download_failed',
      reason: 'the download server could not be reached',
      bytes: 147_951_465,
    });
    expect(wordErrorRate(FIXTURE_PARAGRAPH, routed.result.text)).toBeLessThanOrEqual(0.15);
    // The failed download is remembered: whisper now shows as missing and is skipped at once.
    const next = await router.choose('en');
    expect(next.engine.id).toBe('pocketsphinx');
    expect(next.reason).toMatch(
      /^pocketsphinx: whisper unavailable \(The whisper model base could not be downloaded: the download server could not be reached\)/,
    );
    expect(next.passedOver).toEqual([
      {
        engine: 'whisper',
        reason: 'The whisper model base could not be downloaded: the download server could not be reached',
      },
      { engine: 'openai', reason: 'No OpenAI-compatible speech server is configured' },
    ]);
    await router.close();
  });
});
