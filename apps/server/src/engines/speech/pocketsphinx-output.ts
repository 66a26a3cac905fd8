import type { Segment } from '@voxpress/contracts';

/** A recognised word with its timing (seconds) and posterior probability. */
interface HeardWord {
  kind: 'word';
  text: string;
  start: number;
  end: number;
  posterior: number;
}
type Heard = HeardWord | { kind: 'pause'; seconds: number } | { kind: 'break' };

/** A pause at least this long ends a segment (once it holds a few words). */
const PAUSE_S = 0.3;
const MIN_WORDS = 3;
const MAX_WORDS = 25;

// `word start end posterior`, e.g. `going(2) 3.780 4.140 0.999100`.
const WORD_LINE = /^(\S+) (\d+\.\d+) (\d+\.\d+) (-?\d+(?:\.\d+)?(?:e-?\d+)?)$/;

/**
 * Reads what `pocketsphinx_continuous -time yes` (CMU Sphinx 0.8) prints: per utterance, one line
 * with the hypothesis, then one line per token (`<s>`, words, `<sil>`, fillers such as `[NOISE]`,
 * `</s>`) with start and end in seconds from the start of the file and a posterior probability.
 * Alternative pronunciations carry a suffix (`to(3)`), which is dropped.
 */
export class PocketsphinxOutput {
  private readonly heard: Heard[] = [];
  private readonly hypotheses: string[] = [];
  /** Whether PocketSphinx printed word timings at all (`-time yes`). */
  private timed = false;

  /**
   * `offsetS` is added to every time: where this piece starts in the whole recording. Words that
   * start before `fromS` (also in recording time) are dropped: they belong to an earlier piece
   * and were only heard to let the recogniser settle.
   */
  constructor(
    private readonly offsetS = 0,
    private readonly fromS = Number.NEGATIVE_INFINITY,
  ) {}

  /** Takes one line of output; returns the seconds of audio heard so far (offset included) when the line says. */
  addLine(line: string): number | null {
    const trimmed = line.trim();
    if (!trimmed) return null;
    const match = WORD_LINE.exec(trimmed);
    if (!match) {
      this.hypotheses.push(trimmed);
      this.heard.push({ kind: 'break' });
      return null;
    }
    this.timed = true;
    const [, token = '', startText = '0', endText = '0', posteriorText = '0'] = match;
    const start = Number(startText) + this.offsetS;
    const end = Number(endText) + this.offsetS;
    if (token === '<s>' || token === '</s>') {
      this.heard.push({ kind: 'break' });
    } else if (
      token === '<sil>' ||
      /^\[.*\]$/.test(token) ||
      /^\+\+.*\+\+$/.test(token) ||
      token === '(NULL)'
    ) {
      this.heard.push({ kind: 'pause', seconds: end - start });
    } else {
      const text = token.replace(/\(\d+\)$/, '');
      if (start < this.fromS) return end;
      this.heard.push({ kind: 'word', text, start, end, posterior: Math.min(1, Number(posteriorText)) });
    }
    return end;
  }

  /** The transcript: sentence-like segments split at utterance ends and pauses. */
  result(): { text: string; segments: Segment[]; confidence: number | null; words: number } {
    const segments: Segment[] = [];
    let current: HeardWord[] = [];
    const close = () => {
      const first = current[0];
      const last = current.at(-1);
      if (first && last) segments.push({ start: first.start, end: last.end, text: sentence(current) });
      current = [];
    };
    for (const item of this.heard) {
      if (item.kind === 'word') {
        current.push(item);
        if (current.length >= MAX_WORDS) close();
      } else if (item.kind === 'break' || (item.seconds >= PAUSE_S && current.length >= MIN_WORDS)) {
        close();
      }
    }
    close();
    const words = this.heard.filter((h): h is HeardWord => h.kind === 'word');
    if (!this.timed && this.hypotheses.length > 0) {
      // No timings were printed (an older build without -time): keep the plain hypotheses. With
      // timings, words before `fromS` were dropped on purpose: their hypotheses must not return.
      const text = this.hypotheses.join(' ');
      return { text, segments: [], confidence: null, words: 0 };
    }
    const confidence = words.length
      ? Math.round((words.reduce((sum, w) => sum + w.posterior, 0) / words.length) * 1000) / 1000
      : null;
    return { text: segments.map((s) => s.text).join(' '), segments, confidence, words: words.length };
  }
}

/** Lower-case words into a sentence: capital first letter, `I` for the pronoun, a full stop. */
function sentence(words: HeardWord[]): string {
  const text = words
    .map((w) => w.text.replace(/^i(?='|$)/, 'I'))
    .join(' ')
    .replace(/^./, (c) => c.toUpperCase());
  return `${text}.`;
}
