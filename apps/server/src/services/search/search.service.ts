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
    if (found.total > 0) return this.answer(found, options);
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
