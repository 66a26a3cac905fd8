import { createRequire } from 'node:module';
import type { WinkMethods } from 'wink-nlp';

const require = createRequire(import.meta.url);
let nlp: WinkMethods | null = null;

/**
 * wink-nlp with its English model, loaded on first use (about 80 ms, then ~1 ms per page). The
 * model holds ~55 MB, so a server that writes nothing never loads it.
 */
function english(): WinkMethods {
  if (!nlp) {
    const winkNLP = require('wink-nlp') as typeof import('wink-nlp').default;
    const model = require('wink-eng-lite-web-model') as typeof import('wink-eng-lite-web-model').default;
    nlp = winkNLP(model);
  }
  return nlp;
}

/** Loads the English model now rather than on the first piece written. */
export function loadEnglishModel(): void {
  english();
}

/**
 * Sentences of punctuated English as wink-nlp finds them (it knows "Dr." and "e.g." do not end
 * a sentence, which Intl.Segmenter does not), as they appear in the text.
 */
export function englishSentences(text: string): string[] {
  return english().readDoc(text).sentences().out();
}

/**
 * The part of speech each word takes most often in this text (`NOUN`, `VERB`, `PROPN`…), keyed by
 * the lower-case word: enough to keep keywords to nouns and to spot instructions.
 */
export function englishPartsOfSpeech(text: string): Map<string, string> {
  const nlp = english();
  const doc = nlp.readDoc(text);
  const words = doc.tokens().out(nlp.its.normal);
  const tags = doc.tokens().out(nlp.its.pos);
  const counts = new Map<string, Map<string, number>>();
  words.forEach((word, i) => {
    const tag = tags[i] ?? 'X';
    const byTag = counts.get(word) ?? new Map<string, number>();
    byTag.set(tag, (byTag.get(tag) ?? 0) + 1);
    counts.set(word, byTag);
  });
  const out = new Map<string, string>();
  for (const [word, byTag] of counts) {
    // Most frequent tag; ties go to the alphabetically first, so the result is deterministic.
    const best = [...byTag].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    if (best) out.set(word, best[0]);
  }
  return out;
}
