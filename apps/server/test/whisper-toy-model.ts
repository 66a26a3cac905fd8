import { writeFileSync } from 'node:fs';

/**
 * Writes a tiny whisper.cpp ggml model with random weights (one encoder and one decoder layer, 64
 * dimensions, ~15 MB): structurally valid, so whisper.cpp loads it and runs a real transcription
 * through the whole pipeline (progress, segments with timestamps, language detection, stop), but
 * what it "hears" is gibberish. It lets the whisper engine be tested without downloading weights.
 * `multilingual` gives it the vocabulary size of multilingual models (language detection works).
 */
export function writeToyWhisperModel(file: string, options: { multilingual?: boolean } = {}): void {
  const state = 64;
  const vocab = options.multilingual ? 51_865 : 51_864;
  const textCtx = 448;
  const audioCtx = 1500;
  const mels = 80;
  const parts: Buffer[] = [];
  const ints = (...values: number[]) => {
    const b = Buffer.alloc(4 * values.length);
    values.forEach((v, i) => {
      b.writeInt32LE(v, i * 4);
    });
    parts.push(b);
  };
  let seed = 1;
  const floats = (count: number, scale: number, constant?: number) => {
    const a = new Float32Array(count);
    for (let i = 0; i < count; i++) {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      a[i] = constant ?? (seed / 0x7fffffff - 0.5) * scale;
    }
    parts.push(Buffer.from(a.buffer));
  };
  // magic "ggml", hyper-parameters (ftype 0 = all f32)
  ints(0x67676d6c, vocab, audioCtx, state, 2, 1, textCtx, state, 2, 1, mels, 0);
  ints(mels, 201);
  floats(mels * 201, 0.01);
  // The text tokens; token 220 must be " " (whisper.cpp looks it up by text).
  const words = vocab - 1608;
  ints(words);
  for (let i = 0; i < words; i++) {
    const w = Buffer.from(i === 220 ? ' ' : ` w${i}`);
    ints(w.length);
    parts.push(w);
  }
  const tensor = (name: string, shape: number[], scale = 0.05, constant?: number) => {
    const n = Buffer.from(name);
    ints(shape.length, n.length, 0, ...shape);
    parts.push(n);
    floats(
      shape.reduce((a, b) => a * b, 1),
      scale,
      constant,
    );
  };
  const norm = (prefix: string) => {
    tensor(`${prefix}.weight`, [state], 0, 1);
    tensor(`${prefix}.bias`, [state], 0, 0);
  };
  const block = (prefix: string, cross: boolean) => {
    norm(`${prefix}.mlp_ln`);
    tensor(`${prefix}.mlp.0.weight`, [state, 4 * state]);
    tensor(`${prefix}.mlp.0.bias`, [4 * state]);
    tensor(`${prefix}.mlp.2.weight`, [4 * state, state]);
    tensor(`${prefix}.mlp.2.bias`, [state]);
    for (const attn of cross ? ['attn', 'cross_attn'] : ['attn']) {
      norm(`${prefix}.${attn}_ln`);
      tensor(`${prefix}.${attn}.query.weight`, [state, state]);
      tensor(`${prefix}.${attn}.query.bias`, [state]);
      tensor(`${prefix}.${attn}.key.weight`, [state, state]);
      tensor(`${prefix}.${attn}.value.weight`, [state, state]);
      tensor(`${prefix}.${attn}.value.bias`, [state]);
      tensor(`${prefix}.${attn}.out.weight`, [state, state]);
      tensor(`${prefix}.${attn}.out.bias`, [state]);
    }
  };
  tensor('encoder.positional_embedding', [state, audioCtx]);
  tensor('encoder.conv1.weight', [3, mels, state]);
  tensor('encoder.conv1.bias', [1, state]);
  tensor('encoder.conv2.weight', [3, state, state]);
  tensor('encoder.conv2.bias', [1, state]);
  norm('encoder.ln_post');
  block('encoder.blocks.0', false);
  tensor('decoder.positional_embedding', [state, textCtx]);
  tensor('decoder.token_embedding.weight', [state, vocab]);
  norm('decoder.ln');
  block('decoder.blocks.0', true);
  writeFileSync(file, Buffer.concat(parts));
}
