import { afterEach, describe, expect, it } from 'vitest';
import { i18n, SOURCE_LANGUAGE } from '../../i18n/i18n.ts';
import {
  audioLengthProblem,
  audioTooLongMessage,
  DURATION_PROBE_MS,
  type DurationDeps,
  type MediaProbe,
  readAudioDuration,
} from './audio-length.ts';

describe('audio longer than the server accepts', () => {
  afterEach(async () => {
    await i18n.changeLanguage(SOURCE_LANGUAGE);
  });

  it('is refused in the very words the server answers 422 audio_too_long with', () => {
    // The sentences the server's own tests expect for the same lengths.
    expect(audioLengthProblem(3 * 3600 + 60, 180 * 60)).toBe(
      'This recording is too long: it lasts 3 h 1 min, and this server accepts recordings of at most 180 minutes. Split it into shorter parts and upload them one by one.',
    );
    expect(audioLengthProblem(70.2, 60)).toBe(
      'This recording is too long: it lasts 1 min 10 s, and this server accepts recordings of at most 1 minute. Split it into shorter parts and upload them one by one.',
    );
  });

  it('is refused in the interface language, as the server’s code reads there', async () => {
    await i18n.changeLanguage('fr');
    const text = audioTooLongMessage(180 * 60, 4 * 3600);
    expect(text).not.toMatch(/too long/);
    expect(text).toMatch(/^Cet enregistrement est trop long\s:\s.* de 3\sheures au maximum\./u);
  });

  it('lets through audio up to the limit, and audio whose length is unknown (the server checks it)', () => {
    expect(audioLengthProblem(180 * 60, 180 * 60)).toBeNull();
    expect(audioLengthProblem(12, 180 * 60)).toBeNull();
    expect(audioLengthProblem(null, 60)).toBeNull();
    expect(audioLengthProblem(Number.POSITIVE_INFINITY, 60)).toBeNull();
    expect(audioLengthProblem(4 * 3600, null)).toBeNull();
  });
});

/** An `<audio>` element that plays back a script of events, and what it was left holding. */
class FakeProbe implements MediaProbe {
  preload = '';
  duration = Number.NaN;
  currentTime = 0;
  released = false;
  private listeners = new Map<string, Array<() => void>>();
  private source = '';
  constructor(private readonly onSource: (probe: FakeProbe) => void) {}
  get src(): string {
    return this.source;
  }
  set src(url: string) {
    this.source = url;
    this.onSource(this);
  }
  addEventListener(type: string, listener: () => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: 'loadedmetadata' | 'durationchange' | 'error'): void {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  removeAttribute(): void {
    this.source = '';
    this.released = true;
  }
  load(): void {}
}

function harness(script: (probe: FakeProbe) => void) {
  const revoked: string[] = [];
  const timers: Array<() => void> = [];
  let probe: FakeProbe | undefined;
  const deps: DurationDeps = {
    createProbe: () => {
      probe = new FakeProbe((p) => queueMicrotask(() => script(p)));
      return probe;
    },
    createUrl: () => 'blob:file',
    revokeUrl: (url) => revoked.push(url),
    setTimeout: (fn, ms) => {
      expect(ms).toBe(DURATION_PROBE_MS);
      timers.push(fn);
      return timers.length;
    },
    clearTimeout: () => {},
  };
  return { deps, revoked, timers, probe: () => probe };
}

describe('reading a file’s length before the upload', () => {
  const file = new Blob(['x'], { type: 'audio/mpeg' });

  it('reads it from the metadata, then lets the file go', async () => {
    const h = harness((p) => {
      p.duration = 3725.4;
      p.emit('loadedmetadata');
    });
    expect(await readAudioDuration(file, h.deps)).toBe(3725.4);
    expect(h.probe()?.preload).toBe('metadata');
    expect(h.probe()?.released).toBe(true);
    expect(h.revoked).toEqual(['blob:file']);
  });

  it('finds the length of a recording that declares none by seeking past its end', async () => {
    const h = harness((p) => {
      p.duration = Number.POSITIVE_INFINITY;
      p.emit('loadedmetadata');
      expect(p.currentTime).toBeGreaterThan(1e9);
      p.duration = 421.5;
      p.emit('durationchange');
    });
    expect(await readAudioDuration(file, h.deps)).toBe(421.5);
  });

  it('says it cannot tell when the browser cannot read the file, or takes too long', async () => {
    const unreadable = harness((p) => p.emit('error'));
    expect(await readAudioDuration(file, unreadable.deps)).toBeNull();
    expect(unreadable.revoked).toEqual(['blob:file']);

    const silent = harness(() => {});
    const pending = readAudioDuration(file, silent.deps);
    silent.timers[0]?.();
    expect(await pending).toBeNull();
  });
});
