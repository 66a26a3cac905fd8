-- A quoted phrase is looked up by its word pairs. Checked word by word, "in the next week" had to
-- be read in every passage holding its four words anywhere, and common words are in most
-- passages. Each passage now also indexes its pairs of neighbouring words ('in the', 'the next',
-- 'next week'), each at its first word's position: 'in the' <-> 'the next' <-> 'next week' holds
-- exactly where 'in' <-> 'the' <-> 'next' <-> 'week' does, and few passages hold those pairs.
-- A pair's lexeme has a space in it, which no word's has, so words match and rank as before.

-- A tsvector's pairs of neighbouring words, each at its first word's position, as tsvector text.
CREATE OR REPLACE FUNCTION voxpress_search_pairs(words tsvector) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH w AS (SELECT u.lexeme, p FROM unnest(words) u, unnest(u.positions) p)
  SELECT string_agg('''' || replace(replace(a.lexeme || ' ' || b.lexeme, '\', '\\'), '''', '''''') || ''':' || a.p, ' ')
  FROM w a JOIN w b ON b.p = a.p + 1
$$;--> statement-breakpoint
-- A passage's words (every one, at its position, as 0021 made them) and their pairs. Merged as text
-- so the pairs keep their words' positions (tsvector || tsvector would move them).
CREATE OR REPLACE FUNCTION voxpress_search_vector(config text, body text, weight "char", speaker text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (s.v::text || ' ' || coalesce(voxpress_search_pairs(s.v), ''))::tsvector
  FROM (SELECT setweight(to_tsvector(voxpress_search_phrase_config(config)::regconfig, voxpress_search_text(body)), weight)
    || setweight(to_tsvector(voxpress_search_phrase_config(config)::regconfig, coalesce(speaker, '')), 'B') AS v) s
$$;--> statement-breakpoint
-- A quoted phrase as a query on its pairs, each pair at its distance from the one before. A phrase
-- of one word is that word.
CREATE OR REPLACE FUNCTION voxpress_search_phrase_query(config text, phrase text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH w AS (
    SELECT u.lexeme, p
    FROM unnest(to_tsvector(voxpress_search_phrase_config(config)::regconfig, voxpress_search_text(phrase))) u,
      unnest(u.positions) p
  ), pairs AS (
    SELECT a.lexeme || ' ' || b.lexeme AS pair, a.p, lead(a.p) OVER (ORDER BY a.p) AS next
    FROM w a JOIN w b ON b.p = a.p + 1
  )
  SELECT coalesce(
    (SELECT string_agg('''' || replace(replace(pair, '\', '\\'), '''', '''''') || ''''
        || coalesce(' <' || (next - p) || '> ', ''), '' ORDER BY p) FROM pairs)::tsquery,
    phraseto_tsquery(voxpress_search_phrase_config(config)::regconfig, voxpress_search_text(phrase)))
$$;--> statement-breakpoint
-- Pairs are no words to suggest for a misspelling.
CREATE OR REPLACE FUNCTION voxpress_search_words_of(passages tsvector[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM unnest(passages) v, unnest(tsvector_to_array(v)) w
  WHERE length(w) >= 3 AND strpos(w, chr(39)) = 0 AND strpos(w, chr(92)) = 0 AND strpos(w, ' ') = 0
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
-- Existing passages, indexed again as the triggers now index them.
UPDATE search_passages SET tsv = voxpress_search_vector(config, body,
  CASE field WHEN 'title' THEN 'A' WHEN 'description' THEN 'B' ELSE 'D' END::"char", speaker_name);
