import { readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** One GGUF language model the server can download and run itself. */
export interface LocalModelInfo {
  /** The name used in LLM_LOCAL_MODEL and `npm run models -- pull <name>`. */
  name: string;
  /** Path of the file under LLM_LOCAL_MODELS_URL (the Hugging Face `resolve/<revision>` address). */
  source: string;
  /** File name in the models folder. */
  file: string;
  /** Exact size in bytes. */
  bytes: number;
  /** SHA-256 of the file (hex). */
  sha256: string;
  /** Memory the model needs to write with a 4096-token context, in bytes (file + cache + work). */
  ramBytes: number;
  /** Context length the model was trained for, in tokens. */
  contextTokens: number;
  /** Languages it writes well (ISO 639-1). */
  languages: readonly string[];
  licence: string;
  description: string;
}

const GB = 1024 ** 3;
/** The languages Qwen3's card lists among its strongest (it claims 100+). */
const QWEN3_LANGUAGES = [
  'en',
  'zh',
  'es',
  'fr',
  'de',
  'pt',
  'it',
  'ru',
  'ja',
  'ko',
  'ar',
  'vi',
  'th',
  'id',
  'nl',
  'pl',
  'tr',
];

/**
 * The models Voxpress knows. Each file's size and SHA-256 were not read from the hosting site
 * itself (it cannot be reached where this list was made): they are the values that several
 * independent public projects pin for the same file and check on download, and they agree. A
 * download whose checksum differs is deleted and reported, never used. Llama 3.2 3B, Gemma 3 4B
 * and Phi-4 mini are left out: no size and checksum for them could be confirmed, and a checksum is
 * never guessed.
 * A GGUF file of any other model can still be used: set LLM_LOCAL_MODEL to its path.
 */
export const LOCAL_MODELS: readonly LocalModelInfo[] = [
  {
    name: 'qwen3-1.7b-q4',
    source: 'ggml-org/Qwen3-1.7B-GGUF/resolve/main/Qwen3-1.7B-Q4_K_M.gguf',
    file: 'Qwen3-1.7B-Q4_K_M.gguf',
    bytes: 1_282_439_264,
    sha256: 'd2387ca2dbfee2ffabce7120d3770dadca0b293052bc2f0e138fdc940d9bc7b5',
    ramBytes: 2.2 * GB,
    contextTokens: 32_768,
    languages: QWEN3_LANGUAGES,
    licence: 'Apache-2.0',
    description: 'smallest, fastest; plain writing',
  },
  {
    name: 'qwen3-1.7b',
    source: 'Qwen/Qwen3-1.7B-GGUF/resolve/main/Qwen3-1.7B-Q8_0.gguf',
    file: 'Qwen3-1.7B-Q8_0.gguf',
    bytes: 1_834_426_016,
    sha256: '061b54daade076b5d3362dac252678d17da8c68f07560be70818cace6590cb1a',
    ramBytes: 2.7 * GB,
    contextTokens: 32_768,
    languages: QWEN3_LANGUAGES,
    licence: 'Apache-2.0',
    description: 'small, more careful than the 4-bit file',
  },
  {
    name: 'qwen3-4b',
    source: 'Qwen/Qwen3-4B-GGUF/resolve/main/Qwen3-4B-Q4_K_M.gguf',
    file: 'Qwen3-4B-Q4_K_M.gguf',
    bytes: 2_497_280_256,
    sha256: '7485fe6f11af29433bc51cab58009521f205840f5b4ae3a32fa7f92e8534fdf5',
    ramBytes: 3.6 * GB,
    contextTokens: 32_768,
    languages: QWEN3_LANGUAGES,
    licence: 'Apache-2.0',
    description: 'best writing of the three; slower on CPU',
  },
];

export function findLocalModel(name: string): LocalModelInfo | undefined {
  return LOCAL_MODELS.find((m) => m.name === name);
}

/** A GGUF embedding model: it turns a passage or a question into a vector of its meaning. */
export interface EmbeddingModelInfo extends LocalModelInfo {
  /** Length of its vectors. */
  dimensions: number;
  /** Put before a question, and before a passage, as the model was trained to read them. */
  queryPrefix: string;
  documentPrefix: string;
}

const MB = 1024 ** 2;

/**
 * The embedding models Voxpress knows, each file pinned to one revision of its repository. Sizes
 * and SHA-256 are the values several independent public projects pin for the same files and
 * check on download, and they agree; a download that differs is deleted, never used.
 */
export const EMBEDDING_MODELS: readonly EmbeddingModelInfo[] = [
  {
    name: 'embeddinggemma-300m',
    source:
      'ggml-org/embeddinggemma-300M-GGUF/resolve/0f741b5a6585bd53aeb15cd1372c56f2a0f65e12/embeddinggemma-300M-Q8_0.gguf',
    file: 'embeddinggemma-300M-Q8_0.gguf',
    bytes: 333_590_944,
    sha256: 'b5ce9d77a3fc4b3b39ccb5643c36777911cc4eb46a66962eadfa3f5f60490d63',
    ramBytes: 640 * MB,
    contextTokens: 2048,
    // Its card: trained on more than 100 spoken languages.
    languages: QWEN3_LANGUAGES,
    licence: 'Gemma Terms of Use',
    description: 'many languages; finds passages by meaning',
    dimensions: 768,
    queryPrefix: 'task: search result | query: ',
    documentPrefix: 'title: none | text: ',
  },
  {
    name: 'nomic-embed-text-v1.5',
    source:
      'nomic-ai/nomic-embed-text-v1.5-GGUF/resolve/0188c9bf409793f810680a5a431e7b899c46104c/nomic-embed-text-v1.5.Q8_0.gguf',
    file: 'nomic-embed-text-v1.5.Q8_0.gguf',
    bytes: 146_146_432,
    sha256: '3e24342164b3d94991ba9692fdc0dd08e3fd7362e0aacc396a9a5c54a544c3b7',
    ramBytes: 420 * MB,
    contextTokens: 2048,
    languages: ['en'],
    licence: 'Apache-2.0',
    description: 'smaller; English only',
    dimensions: 768,
    queryPrefix: 'search_query: ',
    documentPrefix: 'search_document: ',
  },
];

export function findEmbeddingModel(name: string): EmbeddingModelInfo | undefined {
  return EMBEDDING_MODELS.find((m) => m.name === name);
}

/** Any model of either catalogue (what `npm run models -- pull` and the download job fetch). */
export function findDownloadableModel(name: string): LocalModelInfo | undefined {
  return findLocalModel(name) ?? findEmbeddingModel(name);
}

/** True when LLM_LOCAL_MODEL names a file rather than a catalogue entry. */
export function isModelPath(value: string): boolean {
  return value.endsWith('.gguf') || value.includes('/') || value.includes(path.sep);
}

/** Where a catalogue model lives (or would live) in the models folder. */
export function localModelPath(modelsDir: string, info: LocalModelInfo): string {
  return path.join(modelsDir, info.file);
}

/** What the machine offers the model: memory free now, in bytes, and cores. */
export interface Hardware {
  freeBytes: number;
  cores: number;
}

export function currentHardware(): Hardware {
  return { freeBytes: os.freemem(), cores: os.availableParallelism() };
}

/** Memory left for the rest of the app (server, queue, speech engine, renderer) beside the model. */
export const RESERVED_BYTES = 1.5 * GB;

/**
 * The catalogue model to use when LLM_LOCAL_MODEL is unset: the largest one whose memory need
 * fits in what is free with room left for the rest of the app. A machine with fewer than 4 cores
 * gets at most the 1.7B models (a 4B model writes too slowly there to be useful). With too
 * little memory for any, the smallest is named (its status then says why it will not run).
 */
export function defaultLocalModel(hardware: Hardware): LocalModelInfo {
  const room = hardware.freeBytes - RESERVED_BYTES;
  const fitting = LOCAL_MODELS.filter(
    (m) => m.ramBytes <= room && (hardware.cores >= 4 || m.ramBytes <= 3 * GB),
  );
  const byNeed = (a: LocalModelInfo, b: LocalModelInfo) => a.ramBytes - b.ramBytes;
  return [...fitting].sort(byNeed).at(-1) ?? ([...LOCAL_MODELS].sort(byNeed)[0] as LocalModelInfo);
}

/** A catalogue model with what is in the folder. */
export interface ListedLocalModel extends LocalModelInfo {
  path: string;
  downloaded: boolean;
  sizeOnDisk: number | null;
}

/** The catalogue's models (`catalogue`: the writers, or the embedding models) and which are downloaded. */
export async function listLocalModels<M extends LocalModelInfo>(
  modelsDir: string,
  catalogue: readonly M[] = LOCAL_MODELS as readonly M[],
): Promise<(ListedLocalModel & M)[]> {
  const files = new Set(await readdir(modelsDir).catch(() => [] as string[]));
  return Promise.all(
    catalogue.map(async (m) => {
      const file = localModelPath(modelsDir, m);
      const info = files.has(m.file) ? await stat(file).catch(() => null) : null;
      const complete = info?.isFile() === true && info.size === m.bytes;
      return { ...m, path: file, downloaded: complete, sizeOnDisk: info?.isFile() ? info.size : null };
    }),
  );
}
