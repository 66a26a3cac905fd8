import { z } from 'zod';
import { zEnvBool as bool } from './env-types.ts';

/** The translators a deployment may use, in the order they are tried for a language pair. */
export const TRANSLATION_ENGINE_IDS = ['deepl', 'libretranslate', 'llm', 'apertium'] as const;
export type TranslationEngineId = (typeof TRANSLATION_ENGINE_IDS)[number];

/**
 * Settings of the language models that write content and of the translators. Spread into `zEnv`;
 * kept apart so the writing settings read as one group.
 */
export const zWritingEnv = z.object({
  // The administrator's settings (Settings → Language models) override each LLM_*, ANTHROPIC_* and
  // OLLAMA_* value below; these are the defaults.
  LLM_BASE_URL: z
    .url()
    .optional()
    .describe(
      'Base URL of an OpenAI-compatible chat API that writes content: https://api.openai.com/v1, https://openrouter.ai/api/v1, https://api.groq.com/openai/v1, or a llama.cpp, vLLM or LM Studio server. Unset: that writer is off.',
    ),
  LLM_API_KEY: z.string().optional().describe('API key for LLM_BASE_URL, when it needs one.'),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini').describe('Model name sent to LLM_BASE_URL.'),
  ANTHROPIC_API_KEY: z.string().optional().describe('Anthropic API key. Unset: the Anthropic writer is off.'),
  ANTHROPIC_BASE_URL: z
    .url()
    .default('https://api.anthropic.com/v1')
    .describe('Base URL of the Anthropic Messages API.'),
  ANTHROPIC_MODEL: z
    .string()
    .min(1)
    .default('claude-sonnet-4-5')
    .describe('Anthropic model that writes content.'),
  OLLAMA_URL: z
    .url()
    .default('http://127.0.0.1:11434')
    .describe('Where Ollama is looked for; when it answers, its installed models can write content.'),
  OLLAMA_MODEL: z
    .string()
    .optional()
    .describe('Ollama model that writes content. Unset: the first installed model Ollama lists.'),
  OLLAMA_DISCOVERY: bool.default(true).describe('Look for Ollama at OLLAMA_URL. false: never use Ollama.'),
  LLM_LOCAL_MODEL: z
    .string()
    .min(1)
    .optional()
    .describe(
      'The built-in local language model: a catalogue name (`npm run models -- list` shows them), the path of a .gguf file, or off. Unset: the largest catalogue model that fits this machine’s free memory and cores. It writes when no remote model or Ollama is available, once downloaded.',
    ),
  LLM_LOCAL_MODELS_URL: z
    .url()
    .default('https://huggingface.co')
    .describe(
      'Where the built-in model’s catalogue files are downloaded from (a mirror of huggingface.co keeps its paths).',
    ),
  LLM_LOCAL_AUTO_DOWNLOAD: bool
    .default(false)
    .describe(
      'Download the built-in model in the background the first time it is looked for and missing (checked against its SHA-256). Models are 1.2–2.5 GB.',
    ),
  LLM_LOCAL_THREADS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .optional()
    .describe(
      'CPU threads the built-in model writes with. Unset: one less than the number of cores (at least 1).',
    ),
  LLM_LOCAL_PARALLEL: z.coerce
    .number()
    .int()
    .min(1)
    .max(8)
    .default(1)
    .describe(
      'Pieces the built-in model writes at once in each process; each one more needs the model’s context memory again. The others wait their turn.',
    ),
  LLM_LOCAL_IDLE_MINUTES: z.coerce
    .number()
    .min(0.1)
    .default(10)
    .describe('The built-in model is unloaded from memory after this many minutes without work.'),
  LLM_LOCAL_HEAP_MB: z.coerce
    .number()
    .int()
    .min(64)
    .max(4096)
    .default(256)
    .describe(
      'Cap on the JavaScript heap of the built-in model’s process, in MB (64–4096). The model’s weights and context live outside it; raise it only if that process stops with a heap out-of-memory error.',
    ),
  EMBEDDING_MODEL: z
    .string()
    .min(1)
    .default('embeddinggemma-300m')
    .describe(
      'The built-in embedding model, with which asking the library finds passages by meaning as well as by words: a catalogue name (embeddinggemma-300m, many languages, 334 MB; nomic-embed-text-v1.5, English, 146 MB), the path of a .gguf embedding model, or off. Used once downloaded (`npm run models -- pull embeddinggemma-300m`), when no embeddings server is set, and only where the database has the vector extension (built into the embedded database; pgvector on a PostgreSQL server).',
    ),
  EMBEDDING_AUTO_DOWNLOAD: bool
    .default(false)
    .describe(
      'Download the built-in embedding model in the background the first time it is looked for and missing.',
    ),
  EMBEDDING_BASE_URL: z
    .url()
    .optional()
    .describe(
      'Base URL of an OpenAI-compatible embeddings API (POST /embeddings): https://api.openai.com/v1, Ollama’s http://127.0.0.1:11434/v1, a llama.cpp or vLLM server. Used before the built-in embedding model; passages are sent to it. Unset: off.',
    ),
  EMBEDDING_API_KEY: z.string().optional().describe('API key for EMBEDDING_BASE_URL, when it needs one.'),
  EMBEDDING_REMOTE_MODEL: z
    .string()
    .min(1)
    .default('text-embedding-3-small')
    .describe(
      'Embedding model name sent to EMBEDDING_BASE_URL (Ollama: e.g. embeddinggemma or nomic-embed-text).',
    ),
  LLM_CONTEXT_TOKENS: z.coerce
    .number()
    .int()
    .min(1024)
    .default(8192)
    .describe(
      'Context window of the writing model in tokens; longer transcripts are written in parts and merged.',
    ),
  LLM_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(180_000)
    .describe('Longest a language model may take to write one piece (or one part of a long transcript).'),
  LLM_MAX_RETRIES: z.coerce
    .number()
    .int()
    .min(0)
    .max(10)
    .default(2)
    .describe('Retries, with growing waits, when a language model answers 429 or 5xx or cannot be reached.'),
  TRANSLATION_ENGINES: z
    .string()
    .default(TRANSLATION_ENGINE_IDS.join(','))
    .transform((v) => v.split(',').map((e) => e.trim()))
    .pipe(z.array(z.enum(TRANSLATION_ENGINE_IDS)).min(1, 'must name at least one engine'))
    .describe(
      'Translators in order of preference: deepl, libretranslate, llm (the writing model), apertium (offline: en↔es, es↔fr, en→fr through es).',
    ),
  DEEPL_API_KEY: z.string().optional().describe('DeepL API key. Unset: DeepL is off.'),
  DEEPL_BASE_URL: z
    .url()
    .optional()
    .describe(
      'DeepL API address. Unset: https://api-free.deepl.com for keys ending in :fx, else https://api.deepl.com.',
    ),
  LIBRETRANSLATE_URL: z
    .url()
    .optional()
    .describe('Address of a LibreTranslate server. Unset: LibreTranslate is off.'),
  LIBRETRANSLATE_API_KEY: z
    .string()
    .optional()
    .describe('API key for LIBRETRANSLATE_URL, when it needs one.'),
  TRANSLATION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(120_000)
    .describe('Longest one translation request (or one Apertium run) may take.'),
});

export type WritingEnv = z.infer<typeof zWritingEnv>;
