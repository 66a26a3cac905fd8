import type { SearchHit, SearchHitType } from '@voxpress/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database.ts';

export interface SearchOptions {
  q: string;
  type?: SearchHitType | undefined;
  page: number;
  limit: number;
}

export interface SearchPage {
  hits: SearchHit[];
  total: number;
  totalCapped: boolean;
  match: 'words' | 'similar';
}

/**
 * How many matching passages a search ranks at most. A word found in most of a large library
 * would otherwise be ranked across every passage it appears in; past this many, the order is
 * relevance among the first passages found.
 */
export const SEARCH_CANDIDATES = 1000;

interface PassageRow {
  item_id: string;
  item_kind: 'audio' | 'document';
  title: string;
  field: SearchHitType;
  snippet: string;
  start_s: number | null;
  end_s: number | null;
  speaker: string | null;
  speaker_name: string | null;
  rank: number | string;
  total: number | string;
}

const CONFIG = /^[a-z_]+$/;

/**
 * The quoted phrases of `q` (web-search syntax), each replaced by a placeholder word: the query
 * with the placeholders, and each phrase with its placeholder. An unclosed quote runs to the end,
 * as `websearch_to_tsquery` reads it.
 */
function quotedPhrases(q: string): {
  query: string;
  phrases: { placeholder: string; text: string }[];
} {
  const phrases: { placeholder: string; text: string }[] = [];
  const query = q.replace(/(-?)"([^"]*)(?:"|$)/g, (_, minus: string, text: string) => {
    // Letters only (one word to every parser), ending in consonants no stemmer takes off.
    let n = phrases.length;
    let letters = '';
    do {
      letters = String.fromCharCode(97 + (n % 26)) + letters;
      n = Math.floor(n / 26) - 1;
    } while (n >= 0);
    const placeholder = `qzx${letters}qzx`;
    phrases.push({ placeholder, text });
    return ` ${minus}${placeholder} `;
  });
  return { query, phrases };
}

/**
 * `q` in web-search syntax as a query on passages of `config`: words outside quotes as the
 * language's configuration reads them (its stop words dropped); each quoted phrase word for word
 * with the configuration that keeps every word (the passages are indexed with it), so "in the
 * end" wants those three words in a row instead of 'end' anywhere. The phrases go in by
 * `ts_rewrite`, in place of placeholder words, keeping the query's `or` and `-`.
 *
 * `use: 'match'` writes each phrase as its pairs of neighbouring words, which the passages also
 * index ('in the' <-> 'the end'): the same passages, found without reading every passage that
 * holds the common words somewhere. `use: 'rank'` writes it as its words, to rank and mark them.
 */
function webSearchQuery(config: string, q: string, use: 'match' | 'rank'): SQL {
  const { query, phrases } = quotedPhrases(q);
  if (phrases.length === 0) return sql`websearch_to_tsquery(${config}::regconfig, ${q})`;
  return phrases.reduce(
    (tsquery, phrase) =>
      sql`ts_rewrite(${tsquery}, plainto_tsquery(${config}::regconfig, ${phrase.placeholder}), ${
        use === 'match'
          ? sql`voxpress_search_phrase_query(${config}, ${phrase.text})`
          : sql`phraseto_tsquery(voxpress_search_phrase_config(${config})::regconfig, voxpress_search_text(${phrase.text}))`
      })`,
    sql`websearch_to_tsquery(${config}::regconfig, ${query})`,
  );
}

/** `body` with `&<>"'` written as HTML entities, in SQL (the parser reads entities as no word). */
const escapedBody = sql`replace(replace(replace(replace(replace(voxpress_search_text(p.body), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;

/**
 * The passage, HTML-escaped, with the words of `query` marked: a short passage (a segment) whole, a
 * long one in up to two fragments. Read with the configuration that keeps every word, as indexed,
 * so the common words of a quoted phrase are marked too.
 */
const headline = (query: SQL) =>
  sql`ts_headline(voxpress_search_phrase_config(p.config)::regconfig, ${escapedBody}, ${query},
    case when length(p.body) <= 280 then 'StartSel=<mark>, StopSel=</mark>, HighlightAll=true'
    else 'StartSel=<mark>, StopSel=</mark>, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "' end)`;

/**
 * Full-text search over `search_passages` (kept by triggers: titles, descriptions, transcript
 * segments with their times and speakers, written pieces), always within one user's items.
 */
export class SearchRepository {
  constructor(private readonly db: Db) {}

  /** The text-search configurations the user's passages use, found by skipping along the index. */
  async configs(userId: string): Promise<string[]> {
    const rows = await queryRows<{ config: string }>(
      this.db,
      sql`with recursive c(config) as (
          (select config from search_passages where user_id = ${userId} order by config limit 1)
          union all
          select (select p.config from search_passages p
                  where p.user_id = ${userId} and p.config > c.config order by p.config limit 1)
          from c where c.config is not null)
        select config from c where config is not null`,
    );
    return rows.map((r) => r.config).filter((c) => CONFIG.test(c));
  }

  /** Passages whose words (stemmed in each passage's language) match `q` in web-search syntax. */
  async byWords(userId: string, configs: string[], options: SearchOptions): Promise<SearchPage> {
    const matches = sql.join(
      configs.map(
        (config) => sql`(p.config = ${config} and p.tsv @@ ${webSearchQuery(config, options.q, 'match')})`,
      ),
      sql` or `,
    );
    // Each language's query is parsed once (in `queries`), not once per passage ranked.
    const queries = sql.join(
      configs.map((config) => sql`(${config}, ${webSearchQuery(config, options.q, 'rank')})`),
      sql`, `,
    );
    const rows = await this.page(
      userId,
      options,
      matches,
      sql`ts_rank(c.tsv, (select q.query from queries q where q.config = c.config))`,
      headline(sql`(select q.query from queries q where q.config = p.config)`),
      sql`queries(config, query) as materialized (values ${queries}),`,
    );
    return this.result(rows, 'words');
  }

  /**
   * The words of the index spelt like each of `words` (trigram similarity) or starting with it,
   * as a query that wants one of them for each word; null when a word has nothing like it.
   */
  async similarQuery(words: string[]): Promise<string | null> {
    const alternatives = words.map(
      (w) => sql`(select '(' || string_agg(quote_literal(s.word), ' | ') || ')' from (
          select word from search_words
          where word % ${w} or word like ${`${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}
          order by similarity(word, ${w}) desc, word limit 8) s)`,
    );
    const [row] = await queryRows<{ query: string | null }>(
      this.db,
      sql`select ${sql.join(alternatives, sql` || ' & ' || `)} as query`,
    );
    return row?.query ?? null;
  }

  /** Passages holding, for each word, one of the words `similarQuery` found like it. */
  async bySimilarWords(userId: string, query: string, options: SearchOptions): Promise<SearchPage> {
    const tsquery = sql`${query}::tsquery`;
    const rows = await this.page(
      userId,
      options,
      sql`p.tsv @@ ${tsquery}`,
      sql`ts_rank(c.tsv, ${tsquery})`,
      headline(tsquery),
    );
    return this.result(rows, 'similar');
  }

  /**
   * One page of the passages `matches` finds among the user's shown ones (`visible`, kept by
   * triggers): the first `SEARCH_CANDIDATES` found are ranked, and only the page's passages are
   * joined to their items' titles and highlighted.
   */
  private page(
    userId: string,
    options: SearchOptions,
    matches: SQL,
    rank: SQL,
    snippet: SQL,
    prelude = sql``,
  ) {
    const type = options.type ? sql`and p.field = ${options.type}` : sql``;
    return queryRows<PassageRow>(
      this.db,
      sql`with ${prelude} candidates as (
          select p.id, p.item_id, p.field, p.position, p.config, p.tsv
          from search_passages p
          where p.user_id = ${userId} and p.visible and (${matches}) ${type}
          limit ${SEARCH_CANDIDATES + 1}
        ), ranked as (
          select c.id, ${rank} as rank, count(*) over () as total
          from candidates c
          order by rank desc, c.item_id, c.field, c.position, c.id
          limit ${options.limit} offset ${(options.page - 1) * options.limit}
        )
        select p.item_id, p.item_kind, coalesce(a.title, d.title, '') as title, p.field, p.start_s,
          p.end_s, p.speaker, p.speaker_name, r.rank, r.total, ${snippet} as snippet
        from ranked r join search_passages p on p.id = r.id
        left join audio a on p.item_kind = 'audio' and a.id = p.item_id
        left join transcriptions d on p.item_kind = 'document' and d.id = p.item_id
        order by r.rank desc, p.item_id, p.field, p.position, p.id`,
    );
  }

  private result(rows: PassageRow[], match: 'words' | 'similar'): SearchPage {
    const total = rows[0] ? Number(rows[0].total) : 0;
    return {
      hits: rows.map((r) => ({
        item_id: r.item_id,
        kind: r.item_kind,
        title: r.title,
        type: r.field,
        snippet: r.snippet,
        start: r.start_s,
        end: r.end_s,
        speaker: r.speaker,
        speaker_name: r.speaker_name ?? (r.speaker ? speakerLabel(r.speaker) : null),
        rank: Number(r.rank),
      })),
      total: Math.min(total, SEARCH_CANDIDATES),
      totalCapped: total > SEARCH_CANDIDATES,
      match,
    };
  }
}

/** `S2` → `Speaker 2`, as transcripts name a voice the user has not named. */
function speakerLabel(id: string): string {
  const n = /\d+/.exec(id)?.[0];
  return n ? `Speaker ${n}` : id;
}
