// Test and benchmark helper: tiny ONNX models with the real interfaces sherpa-onnx loads.
import { execFile } from 'node:child_process';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SPEAKER_MODELS, type SpeakerModelInfo, speakerModelPath } from './sherpa-models.ts';

const run = promisify(execFile);
const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'toy-models.py');

/**
 * Writes a toy pyannote segmentation model and a toy 3D-Speaker embedding model (see
 * toy-models.py) with Debian's python3-onnx, and puts them where the engine looks for the
 * catalogued ones in `modelsDir`. They find speech by loudness and describe a voice by its
 * spectrum's shape: enough to run the real engine end to end, not to separate voices well.
 */
export async function writeToyModels(
  modelsDir: string,
  models: readonly SpeakerModelInfo[] = SPEAKER_MODELS,
): Promise<{ segmentation: string; embedding: string }> {
  const out = path.join(modelsDir, 'toy');
  await mkdir(out, { recursive: true });
  await run('/usr/bin/python3', [SCRIPT, out]);
  const place = async (role: SpeakerModelInfo['role'], file: string) => {
    const info = models.find((m) => m.role === role);
    if (!info) throw new Error(`no ${role} model in the catalogue`);
    const target = speakerModelPath(modelsDir, info);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(out, file), target);
    return target;
  };
  return {
    segmentation: await place('segmentation', 'segmentation.onnx'),
    embedding: await place('embedding', 'embedding.onnx'),
  };
}
