-- Passages found by meaning: each transcript passage's embedding (a vector an embedding model
-- made of its text), one per passage, with the model that made it, so a question's own vector
-- finds the passages closest in meaning even when they share no word with it. The vectors need
-- the pgvector extension: the embedded database always has it; a PostgreSQL server may not,
-- and then nothing is created here and questions are answered by words alone, as before (the
-- server creates the table on a later start once the extension is installed, ensureVectorStore).
-- Vectors of different models (and lengths) may sit side by side while a library is embedded
-- again: queries keep to one model. A passage re-made by the search triggers loses its vector.
-- `bits` is the vector's sign in each dimension (binary quantization): the nearest passages are
-- first found among these few bytes, then put in order by the full vectors (see
-- PassageVectorsRepository.nearest). The full vector stays out of line (TOAST), so that first
-- pass reads only the narrow rows.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    RETURN;
  END IF;
  BEGIN
    EXECUTE 'CREATE EXTENSION IF NOT EXISTS vector';
  EXCEPTION WHEN insufficient_privilege THEN
    -- The database user may not create it: words alone, until an administrator does.
    RAISE NOTICE 'pgvector is installed but this user may not create the extension: %', SQLERRM;
    RETURN;
  END;
  EXECUTE 'CREATE TABLE IF NOT EXISTS passage_vectors (
    passage_id bigint PRIMARY KEY REFERENCES search_passages(id) ON DELETE CASCADE,
    user_id uuid NOT NULL,
    model text NOT NULL,
    embedding vector NOT NULL,
    bits bit varying GENERATED ALWAYS AS (binary_quantize(embedding)::bit varying) STORED
  )';
  EXECUTE 'CREATE INDEX IF NOT EXISTS passage_vectors_user_model_idx ON passage_vectors (user_id, model)';
END $$;
