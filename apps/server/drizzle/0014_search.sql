-- Full-text search: every searchable passage of a user's items (a title, a description, one
-- transcript segment with its times and speaker, one written piece) with its tsvector, kept
-- current by triggers on the tables the passages come from.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION voxpress_search_config(language text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE lower(split_part(coalesce(language, ''), '-', 1))
    WHEN 'ar' THEN 'arabic' WHEN 'hy' THEN 'armenian' WHEN 'eu' THEN 'basque'
    WHEN 'ca' THEN 'catalan' WHEN 'da' THEN 'danish' WHEN 'nl' THEN 'dutch'
    WHEN 'en' THEN 'english' WHEN 'fi' THEN 'finnish' WHEN 'fr' THEN 'french'
    WHEN 'de' THEN 'german' WHEN 'el' THEN 'greek' WHEN 'hi' THEN 'hindi'
    WHEN 'hu' THEN 'hungarian' WHEN 'id' THEN 'indonesian' WHEN 'ga' THEN 'irish'
    WHEN 'it' THEN 'italian' WHEN 'lt' THEN 'lithuanian' WHEN 'ne' THEN 'nepali'
    WHEN 'no' THEN 'norwegian' WHEN 'nb' THEN 'norwegian' WHEN 'nn' THEN 'norwegian'
    WHEN 'pt' THEN 'portuguese' WHEN 'ro' THEN 'romanian' WHEN 'ru' THEN 'russian'
    WHEN 'sr' THEN 'serbian' WHEN 'es' THEN 'spanish' WHEN 'sv' THEN 'swedish'
    WHEN 'ta' THEN 'tamil' WHEN 'tr' THEN 'turkish' WHEN 'yi' THEN 'yiddish'
    ELSE 'simple' END
$$;--> statement-breakpoint
CREATE TABLE "search_passages" (
	"id" bigserial PRIMARY KEY,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"item_id" uuid NOT NULL,
	"item_kind" text NOT NULL,
	"audio_id" uuid REFERENCES "audio"("id") ON DELETE CASCADE,
	"transcription_id" uuid REFERENCES "transcriptions"("id") ON DELETE CASCADE,
	"content_id" uuid REFERENCES "content"("id") ON DELETE CASCADE,
	"field" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"start_s" real,
	"end_s" real,
	"speaker" text,
	"speaker_name" text,
	"body" text NOT NULL,
	"config" text NOT NULL,
	"tsv" tsvector NOT NULL
);--> statement-breakpoint
CREATE INDEX "search_passages_tsv_idx" ON "search_passages" USING gin ("tsv");--> statement-breakpoint
-- Every word (as indexed: stemmed) found in any passage, for finding misspelt and unfinished words
-- by their trigrams: a search by spelling looks words up here, then searches passages for them.
CREATE TABLE "search_words" ("word" text PRIMARY KEY);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION voxpress_search_words_of(passages tsvector[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM unnest(passages) v, unnest(tsvector_to_array(v)) w
  WHERE length(w) >= 3 AND strpos(w, chr(39)) = 0 AND strpos(w, chr(92)) = 0
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
CREATE INDEX "search_passages_user_config_idx" ON "search_passages" ("user_id", "config");--> statement-breakpoint
CREATE INDEX "search_passages_audio_idx" ON "search_passages" ("audio_id");--> statement-breakpoint
CREATE INDEX "search_passages_transcription_idx" ON "search_passages" ("transcription_id");--> statement-breakpoint
CREATE INDEX "search_passages_content_idx" ON "search_passages" ("content_id");--> statement-breakpoint
-- Text as the search reads it: a sentence run into the next ("browser.A safe") is two words, not
-- one host name.
CREATE OR REPLACE FUNCTION voxpress_search_text(body text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(coalesce(body, ''), '([[:alpha:]])([.!?])([[:upper:]])', '\1\2 \3', 'g')
$$;--> statement-breakpoint
-- Weights: a title counts most (A), then a description or a speaker's name (B), then the text (D).
CREATE OR REPLACE FUNCTION voxpress_search_vector(config text, body text, weight "char", speaker text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector(config::regconfig, voxpress_search_text(body)), weight)
    || setweight(to_tsvector(config::regconfig, coalesce(speaker, '')), 'B')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION voxpress_index_audio() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cfg text := voxpress_search_config(NEW.language);
BEGIN
  DELETE FROM search_passages WHERE audio_id = NEW.id AND transcription_id IS NULL;
  INSERT INTO search_passages (user_id, item_id, item_kind, audio_id, field, body, config, tsv)
  SELECT NEW.user_id, NEW.id, 'audio', NEW.id, f.field, f.body, cfg,
         voxpress_search_vector(cfg, f.body, f.weight, NULL)
  FROM (VALUES ('title', NEW.title, 'A'::"char"), ('description', NEW.description, 'B'::"char")) f(field, body, weight)
  WHERE coalesce(btrim(f.body), '') <> '';
  PERFORM voxpress_search_words_of(array(SELECT tsv FROM search_passages WHERE audio_id = NEW.id AND transcription_id IS NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_audio AFTER INSERT OR UPDATE OF title, description, language ON audio
FOR EACH ROW EXECUTE FUNCTION voxpress_index_audio();--> statement-breakpoint
-- A transcript's passages: one per segment as heard (with times and speaker), or, once edited,
-- one per paragraph of the edit (the edit's words have no times of their own). A document's
-- paragraphs are its segments; its title and description are passages too.
CREATE OR REPLACE FUNCTION voxpress_index_transcription() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cfg text := voxpress_search_config(NEW.language);
  kind text := CASE WHEN NEW.source = 'document' THEN 'document' ELSE 'audio' END;
  item uuid := CASE WHEN NEW.source = 'document' THEN NEW.id ELSE NEW.audio_id END;
BEGIN
  DELETE FROM search_passages WHERE transcription_id = NEW.id AND content_id IS NULL;
  IF item IS NULL THEN RETURN NULL; END IF;
  IF NEW.source = 'document' THEN
    INSERT INTO search_passages (user_id, item_id, item_kind, transcription_id, field, body, config, tsv)
    SELECT NEW.user_id, item, kind, NEW.id, f.field, f.body, cfg,
           voxpress_search_vector(cfg, f.body, f.weight, NULL)
    FROM (VALUES ('title', NEW.title, 'A'::"char"), ('description', NEW.description, 'B'::"char")) f(field, body, weight)
    WHERE coalesce(btrim(f.body), '') <> '';
  END IF;
  IF NEW.edited_text IS NOT NULL OR jsonb_array_length(NEW.segments) = 0 THEN
    INSERT INTO search_passages (user_id, item_id, item_kind, transcription_id, field, position, body, config, tsv)
    SELECT NEW.user_id, item, kind, NEW.id, 'transcript', p.n - 1, btrim(p.body), cfg,
           voxpress_search_vector(cfg, p.body, 'D', NULL)
    FROM regexp_split_to_table(coalesce(NEW.edited_text, NEW.original_text), E'\n\\s*\n') WITH ORDINALITY p(body, n)
    WHERE btrim(p.body) <> '';
  ELSE
    INSERT INTO search_passages (user_id, item_id, item_kind, transcription_id, field, position,
                                 start_s, end_s, speaker, speaker_name, body, config, tsv)
    SELECT NEW.user_id, item, kind, NEW.id, 'transcript', s.n - 1,
           CASE WHEN NEW.source = 'document' THEN NULL ELSE (s.seg->>'start')::real END,
           CASE WHEN NEW.source = 'document' THEN NULL ELSE (s.seg->>'end')::real END,
           s.seg->>'speaker', v.name, btrim(s.seg->>'text'), cfg,
           voxpress_search_vector(cfg, s.seg->>'text', 'D', v.name)
    FROM jsonb_array_elements(NEW.segments) WITH ORDINALITY s(seg, n)
    LEFT JOIN LATERAL (
      SELECT nullif(btrim(sp->>'name'), '') AS name FROM jsonb_array_elements(NEW.speakers) sp
      WHERE sp->>'id' = s.seg->>'speaker' LIMIT 1
    ) v ON true
    WHERE coalesce(btrim(s.seg->>'text'), '') <> '';
  END IF;
  PERFORM voxpress_search_words_of(array(SELECT tsv FROM search_passages WHERE transcription_id = NEW.id AND content_id IS NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_transcriptions
AFTER INSERT OR UPDATE OF segments, speakers, edited_text, original_text, language, title, description ON transcriptions
FOR EACH ROW EXECUTE FUNCTION voxpress_index_transcription();--> statement-breakpoint
-- A written piece is one passage: its title and text (the first language's).
CREATE OR REPLACE FUNCTION voxpress_index_content() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cfg text := voxpress_search_config(NEW.language);
BEGIN
  DELETE FROM search_passages WHERE content_id = NEW.id;
  INSERT INTO search_passages (user_id, item_id, item_kind, transcription_id, content_id, field, body, config, tsv)
  SELECT NEW.user_id, CASE WHEN t.source = 'document' THEN t.id ELSE t.audio_id END,
         CASE WHEN t.source = 'document' THEN 'document' ELSE 'audio' END,
         t.id, NEW.id, 'content', b.body, cfg, voxpress_search_vector(cfg, b.body, 'D', NULL)
  FROM transcriptions t,
       LATERAL (SELECT btrim(concat_ws(E'\n\n', nullif(NEW.body->>'title', ''), NEW.body->>'text')) AS body) b
  WHERE t.id = NEW.transcription_id AND NEW.body IS NOT NULL AND jsonb_typeof(NEW.body) = 'object'
    AND b.body <> '' AND coalesce(t.audio_id, t.id) IS NOT NULL;
  PERFORM voxpress_search_words_of(array(SELECT tsv FROM search_passages WHERE content_id = NEW.id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_content AFTER INSERT OR UPDATE OF body, language ON content
FOR EACH ROW EXECUTE FUNCTION voxpress_index_content();--> statement-breakpoint
-- Existing rows: touching each indexes it.
UPDATE audio SET title = title;--> statement-breakpoint
UPDATE transcriptions SET language = language;--> statement-breakpoint
UPDATE content SET language = language;
