-- Quoted phrases are matched word for word, common words included. A language's configuration
-- drops its stop words ("in", "the", "of"), so "in the end" used to be searched as 'end' alone,
-- and "one of the" as 'one'. Passages are now indexed with a copy of their language's
-- configuration that stems the same way but keeps every word (voxpress_<language>): a word
-- outside quotes is still looked up with the language's own configuration (its stop words
-- ignored, as before), and a quoted phrase with the copy, each word at its place.
DO $$
DECLARE
  lang text;
  d record;
BEGIN
  FOREACH lang IN ARRAY array['arabic', 'armenian', 'basque', 'catalan', 'danish', 'dutch', 'english',
    'finnish', 'french', 'german', 'greek', 'hindi', 'hungarian', 'indonesian', 'irish', 'italian',
    'lithuanian', 'nepali', 'norwegian', 'portuguese', 'romanian', 'russian', 'serbian', 'spanish',
    'swedish', 'tamil', 'turkish', 'yiddish']
  LOOP
    IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = lang) THEN
      EXECUTE format('CREATE TEXT SEARCH CONFIGURATION %I (COPY = pg_catalog.simple)', 'voxpress_' || lang);
      CONTINUE;
    END IF;
    EXECUTE format('CREATE TEXT SEARCH CONFIGURATION %I (COPY = pg_catalog.%I)', 'voxpress_' || lang, lang);
    -- Every stemmer the configuration uses with a stop-word list (Russian's also stems Latin words
    -- in English) is replaced by the same stemmer without one.
    FOR d IN
      SELECT DISTINCT dict.dictname::text AS name,
        substring(dict.dictinitoption FROM 'language\s*=\s*''([a-z_]+)''') AS language
      FROM pg_ts_config_map m
      JOIN pg_ts_dict dict ON dict.oid = m.mapdict
      JOIN pg_ts_template t ON t.oid = dict.dicttemplate
      WHERE m.mapcfg = format('pg_catalog.%I', lang)::regconfig AND t.tmplname = 'snowball'
        AND dict.dictinitoption ~* 'stopwords'
    LOOP
      IF NOT EXISTS (SELECT 1 FROM pg_ts_dict WHERE dictname = 'voxpress_' || d.name) THEN
        EXECUTE format('CREATE TEXT SEARCH DICTIONARY %I (TEMPLATE = snowball, language = %s)',
          'voxpress_' || d.name, d.language);
      END IF;
      EXECUTE format('ALTER TEXT SEARCH CONFIGURATION %I ALTER MAPPING REPLACE %I WITH %I',
        'voxpress_' || lang, d.name, 'voxpress_' || d.name);
    END LOOP;
  END LOOP;
END $$;--> statement-breakpoint
-- The configuration that keeps every word, for a passage's configuration ('simple' drops none).
CREATE OR REPLACE FUNCTION voxpress_search_phrase_config(config text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN config = 'simple' THEN 'simple' ELSE 'voxpress_' || config END
$$;--> statement-breakpoint
-- A passage's words, every one (stop words too) with its position. A word that is not a stop word
-- gets the same lexeme as before, so words outside quotes match and rank as they did.
CREATE OR REPLACE FUNCTION voxpress_search_vector(config text, body text, weight "char", speaker text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector(voxpress_search_phrase_config(config)::regconfig, voxpress_search_text(body)), weight)
    || setweight(to_tsvector(voxpress_search_phrase_config(config)::regconfig, coalesce(speaker, '')), 'B')
$$;--> statement-breakpoint
-- Existing passages: each body indexed again as the triggers now index it (a title weighs A, a
-- description B, the rest D; a segment's speaker name B).
UPDATE search_passages SET tsv = voxpress_search_vector(config, body,
  CASE field WHEN 'title' THEN 'A' WHEN 'description' THEN 'B' ELSE 'D' END::"char", speaker_name);
