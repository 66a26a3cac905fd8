import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EngineStatus } from '../engine.ts';
import { findExecutable } from '../speech/executables.ts';
import { type ApertiumMode, apertiumPath, parseApertiumModes } from './apertium-modes.ts';
import { languageName } from './languages.ts';
import { ProgramError, runProgram } from './run-program.ts';
import {
  type PairSupport,
  type TranslatableBlock,
  type TranslationRequest,
  type Translator,
  TranslatorError,
  TranslatorUnavailableError,
} from './translator.ts';

/** Blocks go through Apertium together, one blank line apart, which it keeps. */
const BLOCK_BREAK = '\n\n';

export interface ApertiumOptions {
  timeoutMs: number;
  /** The program to run; tests point it elsewhere to see it missing. */
  command?: string;
}

/**
 * Apertium, the offline rule-based translator (Debian: apertium-eng-spa gives en↔es,
 * apertium-fr-es gives fr↔es). Pairs with no direct mode go through a pivot language when both
 * legs are installed (en → fr through es). Runs at low CPU priority with a time limit.
 */
export class ApertiumTranslator implements Translator {
  readonly id = 'apertium';
  readonly kind = 'translator' as const;
  readonly name = 'Apertium (offline)';
  private modes: Promise<ApertiumMode[]> | undefined;
  private readonly command: string;

  constructor(private readonly options: ApertiumOptions) {
    this.command = options.command ?? 'apertium';
  }

  async status(): Promise<EngineStatus> {
    const hint =
      'Install Apertium and its language pairs, e.g. apt-get install apertium apertium-eng-spa apertium-fr-es';
    const reason = 'The offline translator is not installed on this server';
    const installed = this.command.includes('/') ? existsSync(this.command) : findExecutable(this.command);
    if (!installed) return { state: 'missing', reason, detail: `${this.command} is not installed`, hint };
    const modes = await this.installedModes();
    if (!modes.length)
      return { state: 'missing', reason, detail: 'No Apertium language pairs are installed', hint };
    const pairs = modes.map((m) => `${m.source}→${m.target}`).join(', ');
    return {
      state: 'ready',
      reason: `Offline translation: ${[...new Set(modes.flatMap((m) => [m.source, m.target]))].map(languageName).join(', ')}`,
      detail: `Offline; installed directions ${pairs}`,
    };
  }

  async supports(source: string, target: string): Promise<PairSupport> {
    const legs = apertiumPath(await this.installedModes(), source, target);
    if (legs.length === 0) return null;
    return legs.length === 1 ? { via: null } : { via: legs[0]?.target ?? null };
  }

  async translate<B extends TranslatableBlock>(request: TranslationRequest<B>): Promise<B[]> {
    const legs = apertiumPath(await this.installedModes(), request.source, request.target);
    if (legs.length === 0) {
      throw new TranslatorUnavailableError(
        `Apertium has no ${request.source} → ${request.target} pair installed.`,
      );
    }
    // Blank lines inside a block would split it in two on the way back.
    let texts = request.blocks.map((b) => b.text.replace(/\n\s*\n/g, '\n').trim());
    // Words each leg did not know (Apertium marks them *word): through a pivot, those the second
    // leg did not know but the first did are the pivot language left in the text.
    let unknownBefore: Set<string>[] = texts.map(() => new Set());
    const leaked: string[][] = texts.map(() => []);
    for (const [leg, mode] of legs.entries()) {
      const marked = await this.runMode(mode.mode, texts, request.signal);
      const read = marked.map(readMarked);
      texts = read.map((r) => r.text);
      if (leg > 0) {
        for (const [i, r] of read.entries()) {
          const known = unknownBefore[i] ?? new Set<string>();
          leaked[i]?.push(...r.unknown.filter((w) => !known.has(w.toLowerCase())));
        }
      }
      unknownBefore = read.map((r) => new Set(r.unknown.map((w) => w.toLowerCase())));
      request.onProgress?.((leg + 1) / legs.length);
    }
    if (legs.length > 1) request.onUntranslated?.(leaked);
    return request.blocks.map((block, i) => ({ ...block, text: texts[i] ?? '' }));
  }

  /** All texts through one mode in one run; one run per text if the block count changed. */
  private async runMode(mode: string, texts: string[], signal: AbortSignal): Promise<string[]> {
    const nonEmpty = texts.filter((t) => t.length > 0);
    if (nonEmpty.length === 0) return texts;
    const joined = await this.run(mode, nonEmpty.join(BLOCK_BREAK), signal);
    let translated = splitBlocks(joined);
    if (translated.length !== nonEmpty.length) {
      translated = [];
      for (const text of nonEmpty) translated.push((await this.run(mode, text, signal)).trim());
    }
    const queue = [...translated];
    return texts.map((t) => (t.length > 0 ? (queue.shift() ?? '') : ''));
  }

  /**
   * One run. The text goes in as a file: apertium reads `/dev/stdin` by name, which cannot be
   * opened when stdin is the socket Node gives a child process.
   */
  private async run(mode: string, input: string, signal: AbortSignal): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'voxpress-apertium-'));
    try {
      const file = path.join(dir, 'in.txt');
      await writeFile(file, input, 'utf8');
      // Without -u: unknown words come back marked (*word, #word, @word) so that they can be
      // counted; readMarked takes the marks off every leg's output the same way.
      return await runProgram(this.command, [mode, file], {
        input: '',
        signal,
        timeoutMs: this.options.timeoutMs,
        nice: true,
      });
    } catch (err) {
      if (!(err instanceof ProgramError)) throw err;
      const message = `Apertium (${mode}) failed: ${err.message}.`;
      if (err.reason === 'timeout') throw new TranslatorError(message, true, { cause: err });
      throw new TranslatorUnavailableError(message, { cause: err });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private installedModes(): Promise<ApertiumMode[]> {
    this.modes ??= runProgram(this.command, ['-l'], {
      input: '',
      signal: new AbortController().signal,
      timeoutMs: this.options.timeoutMs,
    }).then(parseApertiumModes, () => []);
    return this.modes;
  }
}

/**
 * One leg's output without Apertium's marks, with the words it marked as unknown (`*`), not
 * generated (`#`) or not transferred (`@`), and runs of spaces collapsed to one.
 */
export function readMarked(output: string): { text: string; unknown: string[] } {
  const unknown: string[] = [];
  const text = output
    .replace(/(^|[^\p{L}\p{N}])[*#@]+(\p{L}[\p{L}\p{M}\p{N}'’-]*)/gu, (_m, before: string, word: string) => {
      unknown.push(word);
      return `${before}${word}`;
    })
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]{2,}/g, ' ').trim())
    .join('\n');
  return { text, unknown };
}

function splitBlocks(output: string): string[] {
  return output
    .split(/\n[ \t]*\n/)
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}
