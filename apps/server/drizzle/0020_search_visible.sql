-- Whether a passage is shown in the library, kept in its row: a search then filters the index's
-- matches as it finds them, instead of looking up the item of every match. Shown: an audio item's
-- passages once its upload came, only its title, description and current transcript (an earlier
-- transcript keeps its passages, hidden); a document's always.
ALTER TABLE "search_passages" ADD COLUMN "visible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION voxpress_search_visible(owner uuid, kind text, item uuid, transcription uuid)
RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE kind
    WHEN 'audio' THEN EXISTS (
      SELECT 1 FROM audio a WHERE a.id = item AND a.user_id = owner AND a.status <> 'pending_upload'
        AND (transcription IS NULL OR a.transcription_id = transcription))
    WHEN 'document' THEN EXISTS (
      SELECT 1 FROM transcriptions d WHERE d.id = item AND d.user_id = owner AND d.source = 'document')
    ELSE false END
$$;--> statement-breakpoint
-- Every passage written (by the indexing triggers) is judged as it is written.
CREATE OR REPLACE FUNCTION voxpress_search_passage_visible() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.visible := voxpress_search_visible(NEW.user_id, NEW.item_kind, NEW.item_id, NEW.transcription_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER search_passage_visible BEFORE INSERT ON search_passages
FOR EACH ROW EXECUTE FUNCTION voxpress_search_passage_visible();--> statement-breakpoint
-- An upload arriving (or an item going back to waiting for one), or another transcript becoming
-- the current one, judges again the item's passages that may change: its title and description,
-- and those of the transcripts it pointed at before and points at now.
CREATE OR REPLACE FUNCTION voxpress_search_audio_visible() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_passages p
  SET visible = voxpress_search_visible(p.user_id, p.item_kind, p.item_id, p.transcription_id)
  WHERE (p.audio_id = NEW.id OR p.transcription_id = OLD.transcription_id OR p.transcription_id = NEW.transcription_id)
    AND p.item_kind = 'audio' AND p.item_id = NEW.id
    AND p.visible <> voxpress_search_visible(p.user_id, p.item_kind, p.item_id, p.transcription_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_audio_visible AFTER UPDATE OF status, transcription_id, user_id ON audio
FOR EACH ROW WHEN (
  (OLD.status = 'pending_upload') IS DISTINCT FROM (NEW.status = 'pending_upload')
  OR OLD.transcription_id IS DISTINCT FROM NEW.transcription_id
  OR OLD.user_id IS DISTINCT FROM NEW.user_id)
EXECUTE FUNCTION voxpress_search_audio_visible();--> statement-breakpoint
UPDATE search_passages p SET visible = true
WHERE voxpress_search_visible(p.user_id, p.item_kind, p.item_id, p.transcription_id);
