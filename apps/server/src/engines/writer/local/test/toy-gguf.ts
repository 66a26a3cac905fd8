import { writeFile } from 'node:fs/promises';

/**
 * Writes a tiny llama-architecture GGUF model for tests: random weights (seeded), one or two
 * layers and a vocabulary of byte tokens plus printable ASCII, with the metadata, tensors and
 * SentencePiece-style tokenizer llama.cpp needs to load it. Its words are noise; what it proves is
 * that the real engine loads a model, runs it and holds its output to a grammar.
 * Format: https://github.com/ggml-org/ggml/blob/master/docs/gguf.md (version 3, little-endian).
 */
export interface ToyModelOptions {
  layers?: number;
  embedding?: number;
  heads?: number;
  contextLength?: number;
  seed?: number;
  /** Standard deviation of the weights: small keeps the next-token choice near uniform. */
  scale?: number;
}

const GGUF_MAGIC = 0x46554747; // "GGUF"
const ALIGNMENT = 32;
/** GGUF value types used here. */
const T = { U32: 4, I32: 5, F32: 6, STRING: 8, ARRAY: 9 } as const;
type T = typeof T;

type Value =
  | { type: T['U32'] | T['I32'] | T['F32']; value: number }
  | { type: T['STRING']; value: string }
  | { type: T['ARRAY']; of: T['STRING']; values: string[] }
  | { type: T['ARRAY']; of: T['F32'] | T['I32']; values: number[] };

/** The toy vocabulary: control tokens, the 256 byte tokens, then one token per printable character. */
export function toyVocabulary(): { tokens: string[]; types: number[] } {
  const tokens = ['<unk>', '<s>', '</s>'];
  const types = [2, 3, 3]; // unknown, control, control
  for (let b = 0; b < 256; b++) {
    tokens.push(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(6); // byte
  }
  for (let c = 0x21; c < 0x7f; c++) {
    tokens.push(String.fromCharCode(c));
    types.push(1); // normal
  }
  tokens.push('▁'); // SentencePiece's space
  types.push(1);
  return { tokens, types };
}

export async function writeToyModel(file: string, options: ToyModelOptions = {}): Promise<void> {
  const layers = options.layers ?? 1;
  const nEmbd = options.embedding ?? 64;
  const nHead = options.heads ?? 4;
  const nFf = nEmbd * 2;
  const context = options.contextLength ?? 4096;
  const scale = options.scale ?? 0.02;
  const random = gaussian(options.seed ?? 1);
  const { tokens, types } = toyVocabulary();
  const nVocab = tokens.length;

  const metadata: [string, Value][] = [
    ['general.architecture', { type: T.STRING, value: 'llama' }],
    ['general.name', { type: T.STRING, value: 'voxpress-toy' }],
    ['general.alignment', { type: T.U32, value: ALIGNMENT }],
    ['general.file_type', { type: T.U32, value: 0 }],
    ['llama.context_length', { type: T.U32, value: context }],
    ['llama.embedding_length', { type: T.U32, value: nEmbd }],
    ['llama.block_count', { type: T.U32, value: layers }],
    ['llama.feed_forward_length', { type: T.U32, value: nFf }],
    ['llama.attention.head_count', { type: T.U32, value: nHead }],
    ['llama.attention.head_count_kv', { type: T.U32, value: nHead }],
    ['llama.rope.dimension_count', { type: T.U32, value: nEmbd / nHead }],
    ['llama.attention.layer_norm_rms_epsilon', { type: T.F32, value: 1e-5 }],
    ['llama.vocab_size', { type: T.U32, value: nVocab }],
    ['tokenizer.ggml.model', { type: T.STRING, value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: T.ARRAY, of: T.STRING, values: tokens }],
    ['tokenizer.ggml.scores', { type: T.ARRAY, of: T.F32, values: tokens.map((_, i) => -i) }],
    ['tokenizer.ggml.token_type', { type: T.ARRAY, of: T.I32, values: types }],
    ['tokenizer.ggml.unknown_token_id', { type: T.U32, value: 0 }],
    ['tokenizer.ggml.bos_token_id', { type: T.U32, value: 1 }],
    ['tokenizer.ggml.eos_token_id', { type: T.U32, value: 2 }],
  ];

  const tensors: { name: string; dims: number[]; fill: 'random' | 'ones' }[] = [
    { name: 'token_embd.weight', dims: [nEmbd, nVocab], fill: 'random' },
    { name: 'output_norm.weight', dims: [nEmbd], fill: 'ones' },
    { name: 'output.weight', dims: [nEmbd, nVocab], fill: 'random' },
  ];
  for (let l = 0; l < layers; l++) {
    const b = `blk.${l}`;
    tensors.push(
      { name: `${b}.attn_norm.weight`, dims: [nEmbd], fill: 'ones' },
      { name: `${b}.attn_q.weight`, dims: [nEmbd, nEmbd], fill: 'random' },
      { name: `${b}.attn_k.weight`, dims: [nEmbd, nEmbd], fill: 'random' },
      { name: `${b}.attn_v.weight`, dims: [nEmbd, nEmbd], fill: 'random' },
      { name: `${b}.attn_output.weight`, dims: [nEmbd, nEmbd], fill: 'random' },
      { name: `${b}.ffn_norm.weight`, dims: [nEmbd], fill: 'ones' },
      { name: `${b}.ffn_gate.weight`, dims: [nEmbd, nFf], fill: 'random' },
      { name: `${b}.ffn_up.weight`, dims: [nEmbd, nFf], fill: 'random' },
      { name: `${b}.ffn_down.weight`, dims: [nFf, nEmbd], fill: 'random' },
    );
  }

  const out = new Writer();
  out.u32(GGUF_MAGIC);
  out.u32(3);
  out.u64(tensors.length);
  out.u64(metadata.length);
  for (const [key, value] of metadata) {
    out.string(key);
    out.value(value);
  }
  let offset = 0;
  const placed = tensors.map((t) => {
    const count = t.dims.reduce((a, b) => a * b, 1);
    const at = offset;
    offset += align(count * 4);
    return { ...t, count, at };
  });
  for (const t of placed) {
    out.string(t.name);
    out.u32(t.dims.length);
    for (const d of t.dims) out.u64(d);
    out.u32(0); // F32
    out.u64(t.at);
  }
  out.pad();
  const header = out.bytes();
  const data = new Float32Array(offset / 4);
  for (const t of placed) {
    const view = data.subarray(t.at / 4, t.at / 4 + t.count);
    for (let i = 0; i < t.count; i++) view[i] = t.fill === 'ones' ? 1 : random() * scale;
  }
  await writeFile(file, Buffer.concat([header, Buffer.from(data.buffer)]));
}

function align(n: number): number {
  return Math.ceil(n / ALIGNMENT) * ALIGNMENT;
}

class Writer {
  private readonly parts: Buffer[] = [];
  private length = 0;
  private push(b: Buffer) {
    this.parts.push(b);
    this.length += b.length;
  }
  u32(n: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    this.push(b);
  }
  i32(n: number) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(n);
    this.push(b);
  }
  f32(n: number) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(n);
    this.push(b);
  }
  u64(n: number) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    this.push(b);
  }
  string(s: string) {
    const bytes = Buffer.from(s, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  value(v: Value) {
    this.u32(v.type);
    if (v.type === T.STRING) this.string(v.value);
    else if (v.type === T.ARRAY) {
      this.u32(v.of);
      this.u64(v.values.length);
      for (const item of v.values) {
        if (v.of === T.STRING) this.string(item as string);
        else if (v.of === T.F32) this.f32(item as number);
        else this.i32(item as number);
      }
    } else if (v.type === T.U32) this.u32(v.value);
    else if (v.type === T.I32) this.i32(v.value);
    else this.f32(v.value);
  }
  pad() {
    const rest = align(this.length) - this.length;
    if (rest) this.push(Buffer.alloc(rest));
  }
  bytes(): Buffer {
    return Buffer.concat(this.parts);
  }
}

/** Seeded normal numbers (mulberry32 + Box–Muller): the same model for the same seed. */
function gaussian(seed: number): () => number {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform() || 1e-12)) * Math.cos(2 * Math.PI * uniform());
}
