import { SEARCH_PAGE_SIZE, type SearchQuery, type SearchResults, zSearchQuery } from '@voxpress/contracts';
import type { Db } from '../../db/database.ts';
import { SearchRepository } from '../../repositories/search.repository.ts';

/**
 * The words of `q` worth looking for by spelling: none of a quoted phrase (quotes ask for those
 * words as written, so a phrase nobody said finds nothing rather than its words apart), no
 * -excluded words, no `or`.
 */
export function similarWords(q: string): string[] {
  const words = q
    .toLowerCase()
    .replace(/"[^"]*("|$)/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !w.startsWith('-') && w !== 'or')
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w.length >= 3);
  return [...new Set(words)].slice(0, 10);
}

/** The quoted phrases of `q` (each as its words) and its other words (not -excluded, not `or`). */
function queryParts(q: string): { phrases: string[][]; words: string[] } {
  const wordsOf = (text: string) =>
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  const phrases = [...q.matchAll(/(-?)"([^"]*)("|$)/g)]
    .filter((m) => m[1] !== '-')
    .map((m) => wordsOf(m[2] ?? ''))
    .filter((p) => p.length > 0);
  const words = q
    .replace(/-?"[^"]*("|$)/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !w.startsWith('-') && w.toLowerCase() !== 'or')
    .flatMap(wordsOf);
  return { phrases, words };
}

/** True when `marked` is `word` or a form of it (the index stems: "gardens" for "garden"). */
function sameWord(marked: string, word: string): boolean {
  const stem = word.slice(0, Math.max(3, word.length - 2));
  return marked === word || marked.startsWith(stem);
}

/**
 * A snippet of a search with quoted phrases, marked where the phrase was said rather than
 * wherever one of its words stands: the headline PostgreSQL writes marks every word of a phrase
 * anywhere in the passage (each "the" of it). A run of marked words next to each other (nothing
 * but spaces and punctuation between them) as long as a phrase stays marked; a shorter run keeps
 * only the marks of the query's words outside quotes.
 */
export function phraseMarks(snippet: string, q: string): string {
  const { phrases, words } = queryParts(q);
  if (phrases.length === 0) return snippet;
  const shortest = Math.min(...phrases.map((p) => p.length));
  const parts = snippet.split(/(<mark>[^<]*<\/mark>)/);
  const isMark = (part: string | undefined) => part?.startsWith('<mark>') === true;
  // Between two words of one phrase: no letter or digit (an escaped character counts as none).
  const joins = (part: string | undefined) =>
    part !== undefined && !/[\p{L}\p{N}]/u.test(part.replace(/&[#\w]+;/g, ''));
  const out = [...parts];
  for (let i = 0; i < parts.length; ) {
    if (!isMark(parts[i])) {
      i++;
      continue;
    }
    const run = [i];
    let last = i;
    while (joins(parts[last + 1]) && isMark(parts[last + 2])) {
      last += 2;
      run.push(last);
    }
    if (run.length < shortest)
      for (const at of run) {
        const text = (parts[at] ?? '').slice('<mark>'.length, -'</mark>'.length);
        if (!words.some((w) => sameWord(text.toLowerCase(), w))) out[at] = text;
      }
    i = last + 1;
  }
  return out.join('');
}

/** Library search: words first (stemmed per item language), then similar spellings if none match. */
export class SearchService {
  private readonly repository: SearchRepository;

  constructor(db: Db) {
    this.repository = new SearchRepository(db);
  }

  async search(userId: string, query: SearchQuery): Promise<SearchResults> {
    const options = { ...zSearchQuery.parse(query), limit: SEARCH_PAGE_SIZE };
    const empty = { hits: [], page: options.page, limit: options.limit, total: 0, total_capped: false };
    const configs = await this.repository.configs(userId);
    if (configs.length === 0) return { ...empty, match: 'words' };
    const found = await this.repository.byWords(userId, configs, options);
    if (found.total > 0)
      return this.answer(
        { ...found, hits: found.hits.map((h) => ({ ...h, snippet: phraseMarks(h.snippet, options.q) })) },
        options,
      );
    const words = similarWords(options.q);
    if (words.length === 0) return { ...empty, match: 'words' };
    const like = await this.repository.similarQuery(words);
    if (!like) return { ...empty, match: 'words' };
    const similar = await this.repository.bySimilarWords(userId, like, options);
    if (similar.total === 0) return { ...empty, match: 'words' };
    return this.answer(similar, options);
  }

  private answer(
    found: Awaited<ReturnType<SearchRepository['byWords']>>,
    options: { page: number; limit: number },
  ): SearchResults {
    return {
      hits: found.hits,
      page: options.page,
      limit: options.limit,
      total: found.total,
      total_capped: found.totalCapped,
      match: found.match,
    };
  }
}
