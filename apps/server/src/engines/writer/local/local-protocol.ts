import type { GrammarSchema } from './json-schema-grammar.ts';

/** How the model's process loads its model. */
export interface LocalModelSpec {
  /** The `.gguf` file. */
  path: string;
  /** Context window in tokens (capped at what the model was trained for). */
  contextTokens: number;
  /** CPU threads for generation. */
  threads: number;
  /** `auto`: a GPU when the prebuilt binaries find one; false: CPU only. */
  gpu: 'auto' | false;
  /** Generations the model runs at once (each has its own context of `contextTokens`). */
  parallel: number;
  /** Memory the model needs loaded with its contexts, in bytes: checked against free memory first. */
  ramBytes: number;
  /** True for an embedding model: it turns texts into vectors instead of writing. */
  embedding?: boolean;
}

/** One generation: a system and a user message, optionally held to a JSON schema. */
export interface GenerateRequest {
  system: string;
  prompt: string;
  /** The answer must be JSON of this shape (a grammar decides each token). */
  schema: GrammarSchema | null;
  maxTokens: number;
  temperature: number;
  seed?: number;
}

/** What the server sends the model's process (over its IPC channel). */
export type ToModelProcess =
  | { type: 'generate'; id: number; model: LocalModelSpec; request: GenerateRequest }
  /** Vectors for `texts`, in order (the model must be an embedding model). */
  | { type: 'embed'; id: number; model: LocalModelSpec; texts: string[] }
  | { type: 'cancel'; id: number }
  /** Free the model and end the process. */
  | { type: 'unload' };

export interface GenerationStats {
  promptTokens: number;
  outputTokens: number;
  /** Milliseconds spent reading the prompt and writing the answer. */
  promptMs: number;
  generateMs: number;
  /** True when the answer stopped at `maxTokens`. */
  truncated: boolean;
}

/** What the model's process answers. */
export type FromModelProcess =
  | { type: 'loading'; id: number; model: LocalModelSpec }
  | {
      type: 'loaded';
      /** The generation that had it loaded, and the model it loaded. */
      id: number;
      model: LocalModelSpec;
      ms: number;
      gpu: string | false;
      /** The process's JavaScript heap limit as V8 sees it, in bytes. */
      heapLimitBytes: number;
    }
  | { type: 'chunk'; id: number; text: string }
  | { type: 'done'; id: number; text: string; stats: GenerationStats }
  | { type: 'embedded'; id: number; vectors: number[][] }
  | { type: 'error'; id: number; message: string; aborted: boolean; kind: 'model' | 'generation' };
