import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineUnavailableError } from '../engine.ts';
import { ApertiumTranslator, readMarked } from './apertium.translator.ts';
import { parseApertiumModes } from './apertium-modes.ts';
import { TranslatorError } from './translator.ts';

const signal = new AbortController().signal;
const blocks = [
  { kind: 'heading', text: 'Fresh bread', segment_ids: [] },
  { kind: 'paragraph', text: 'We bake bread every morning with fresh flour.', segment_ids: [0, 1] },
  { kind: 'list_item', text: 'The water is cold.', segment_ids: [2] },
];

describe('Apertium translator (the real program)', () => {
  const apertium = new ApertiumTranslator({ timeoutMs: 30_000 });

  it('is available with the Debian pairs', async () => {
    const status = await apertium.status();
    expect(status.state).toBe('ready');
    expect(status.reason).toMatch(/Offline translation: English, Spanish, French/);
    expect(status.detail).toMatch(/en→es/);
    expect(await apertium.supports('en-US', 'es')).toEqual({ via: null });
    expect(await apertium.supports('es', 'fr')).toEqual({ via: null });
    expect(await apertium.supports('en', 'fr')).toEqual({ via: 'es' });
    expect(await apertium.supports('en', 'de')).toBeNull();
  });

  it('translates English into Spanish block by block, keeping kinds and segment ids', async () => {
    const progress: number[] = [];
    const out = await apertium.translate({
      source: 'en',
      target: 'es',
      blocks,
      signal,
      onProgress: (f) => progress.push(f),
    });
    expect(out).toHaveLength(3);
    expect(out.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'list_item']);
    expect(out.map((b) => b.segment_ids)).toEqual([[], [0, 1], [2]]);
    expect(out[0]?.text).toMatch(/pan/i);
    expect(out[1]?.text).toMatch(/pan/);
    expect(out[1]?.text).toMatch(/mañana/);
    expect(out[1]?.text).toMatch(/harina/);
    expect(out[2]?.text).toMatch(/agua/);
    expect(out[1]?.text).not.toMatch(/bread|flour/);
    expect(progress.at(-1)).toBe(1);
  });

  it('translates Spanish into French', async () => {
    const out = await apertium.translate({
      source: 'es',
      target: 'fr',
      blocks: [{ text: 'El pan está listo.' }, { text: '' }, { text: 'Hola amigo.' }],
      signal,
    });
    expect(out[0]?.text).toMatch(/pain/);
    expect(out[1]?.text).toBe('');
    expect(out[2]?.text).toMatch(/ami/i);
  });

  it('translates English into French through Spanish', async () => {
    const out = await apertium.translate({
      source: 'en',
      target: 'fr',
      blocks: [{ text: 'The bread is ready.' }],
      signal,
    });
    expect(out[0]?.text).toMatch(/pain/);
  });

  it('refuses a pair it does not have', async () => {
    await expect(apertium.translate({ source: 'en', target: 'ja', blocks, signal })).rejects.toBeInstanceOf(
      EngineUnavailableError,
    );
  });
});

describe('Apertium translator without the program', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'apertium-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is missing, saying how to install it', async () => {
    const missing = new ApertiumTranslator({ timeoutMs: 5_000, command: path.join(dir, 'none') });
    const status = await missing.status();
    expect(status.state).toBe('missing');
    expect(status.hint).toMatch(/apt-get install apertium/);
    expect(await missing.supports('en', 'es')).toBeNull();
  });

  it('stops a run past its time limit, with the pipeline it started', async () => {
    const script = path.join(dir, 'slow-apertium');
    const pidFile = path.join(dir, 'sleeper.pid');
    await writeFile(
      script,
      `#!/bin/sh\nif [ "$1" = "-l" ]; then echo eng-spa; exit 0; fi\nsleep 60 &\necho $! > ${pidFile}\nwait\n`,
    );
    await chmod(script, 0o755);
    const slow = new ApertiumTranslator({ timeoutMs: 300, command: script });
    const error = await slow
      .translate({ source: 'en', target: 'es', blocks: [{ text: 'Hello.' }], signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranslatorError);
    expect((error as TranslatorError).retryable).toBe(true);
    expect((error as TranslatorError).message).toMatch(/took longer than 300 ms/);
    const sleeper = Number(await readFile(pidFile, 'utf8'));
    await expect.poll(() => isRunning(sleeper), { timeout: 5_000 }).toBe(false);
  });
});

describe('Apertium modes', () => {
  it('keeps plain directions and maps three-letter codes', () => {
    const modes = parseApertiumModes('  eco-es-fr\n  eng-spa\n  es-fr\n  spa-eng\n  spa-eng_US\n');
    expect(modes.map((m) => `${m.source}-${m.target}:${m.mode}`)).toEqual([
      'en-es:eng-spa',
      'es-fr:es-fr',
      'es-en:spa-eng',
    ]);
  });
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('Apertium output read honestly', () => {
  it('takes the unknown-word marks off, counts the words, and collapses runs of spaces', () => {
    expect(
      readMarked('Il prend un **pint de *guisantes et une #cucharada.  Les  Pèlerins @étaient là.'),
    ).toEqual({
      text: 'Il prend un pint de guisantes et une cucharada. Les Pèlerins étaient là.',
      unknown: ['pint', 'guisantes', 'cucharada', 'étaient'],
    });
    expect(readMarked('5 * 3 = 15, e-mail: a@b.c')).toEqual({
      text: '5 * 3 = 15, e-mail: a@b.c',
      unknown: [],
    });
  });

  it('says which Spanish words an English → French translation through Spanish left in, with no marks or double spaces', async () => {
    const apertium = new ApertiumTranslator({ timeoutMs: 60_000 });
    let left: string[][] = [];
    const out = await apertium.translate({
      source: 'en',
      target: 'fr',
      blocks: [
        { text: 'Boston Baked Beans' },
        {
          text: 'Put one half pound of salt pork in the bottom of the bean pot.  Mix one tablespoon of salt and one tablespoon of molasses.',
        },
        { text: 'Take a few on the tip of a spoon and blow on them.' },
      ],
      signal: new AbortController().signal,
      onUntranslated: (words) => {
        left = words;
      },
    });
    for (const block of out) {
      expect(block.text).not.toMatch(/[*#@]\p{L}/u);
      expect(block.text).not.toMatch(/ {2}/);
    }
    expect(out[0]?.text).not.toBe('Boston Baked Beans');
    // Spanish the French leg had no word for: reported, not passed off as French.
    expect(left.flat()).toEqual(expect.arrayContaining(['melazas', 'cuchara']));
    // English words Apertium did not know are not blamed on the pivot.
    expect(left.flat()).not.toContain('tablespoon');
  }, 60_000);
});
