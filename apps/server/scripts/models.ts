// `npm run models -- list | pull <name>`: the whisper.cpp speech models, the built-in language
// models and the sherpa-onnx speaker models in the data folder.
import { loadConfig } from '../src/config/config.ts';
import {
  downloadSpeakerModel,
  findSpeakerModel,
  listSpeakerModels,
} from '../src/engines/diarizer/sherpa/sherpa-models.ts';
import { downloadModel, findModel, listModels } from '../src/engines/speech/whisper-models.ts';
import { downloadLocalModel } from '../src/engines/writer/local/local-download.ts';
import {
  EMBEDDING_MODELS,
  LOCAL_MODELS,
  type LocalModelInfo,
  listLocalModels,
} from '../src/engines/writer/local/local-models.ts';

const USAGE = `Usage:
  npm run models -- list          the known speech, language, embedding and speaker models and which are downloaded
  npm run models -- pull <name>   download one (checked against its SHA-256 where published; an interrupted pull resumes)`;

async function main(argv: string[]): Promise<number> {
  // npm runs workspace scripts inside apps/server; a relative VOXPRESS_DATA_DIR means the folder
  // the command was typed in, as for `npm start`.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  // The signing secret is not needed here; a placeholder keeps this tool from creating one.
  const config = loadConfig({
    ...process.env,
    VOXPRESS_SECRET: process.env.VOXPRESS_SECRET ?? 'x'.repeat(32),
  });
  const { modelsDir, model: configured, modelsUrl, chosenFor } = config.speech.whisper;
  const local = config.llm.local;
  const embedding = config.embedding.builtin;
  const [command, name, ...rest] = argv;
  switch (command) {
    case 'list': {
      const code = await list(modelsDir, configured, chosenFor);
      return (
        code ||
        (await listLanguageModels(local?.modelsDir ?? modelsDir, local?.model ?? null)) ||
        (await listLanguageModels(
          embedding?.modelsDir ?? modelsDir,
          embedding?.model ?? null,
          EMBEDDING_MODELS,
          `Embedding models: ask finds passages by meaning   (* = EMBEDDING_MODEL${embedding ? `, now ${embedding.model}` : ', off'})`,
        )) ||
        listSpeakers(modelsDir)
      );
    }
    case 'pull':
      if (!name || rest.length) return fail(`pull needs exactly one model name\n${USAGE}`);
      return pull(name, modelsDir, modelsUrl, {
        modelsDir: local?.modelsDir ?? modelsDir,
        baseUrl: local?.modelsUrl ?? 'https://huggingface.co',
      });
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return command === undefined ? 1 : 0;
    default:
      return fail(`unknown command "${command}"\n${USAGE}`);
  }
}

async function list(modelsDir: string, configured: string, chosenFor: string | undefined): Promise<number> {
  const models = await listModels(modelsDir);
  const why = chosenFor ? `WHISPER_MODEL is unset, so ${chosenFor}` : `WHISPER_MODEL=${configured}`;
  console.log(
    `Models folder: ${modelsDir}\nSpeech model: ${why}   (* below; a model the administrator chooses at run time replaces it)\n`,
  );
  const rows = models.map((m) => [
    `${m.name === configured ? '*' : ' '} ${m.name}`,
    mib(m.bytes),
    m.multilingual ? 'multilingual' : 'English',
    m.downloaded
      ? m.custom
        ? 'present (own file)'
        : 'downloaded'
      : m.partialBytes
        ? `partly (${Math.floor((m.partialBytes / m.bytes) * 100)} %)`
        : '-',
    m.description,
  ]);
  const header = ['  NAME', 'SIZE', 'LANGUAGES', 'STATUS', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  for (const row of [header, ...rows]) {
    console.log(row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '));
  }
  if (!models.some((m) => m.name === configured)) {
    console.log(`\nWHISPER_MODEL=${configured} is neither known nor present in the folder.`);
  }
  return 0;
}

async function listLanguageModels(
  modelsDir: string,
  configured: string | null,
  catalogue: readonly LocalModelInfo[] = LOCAL_MODELS,
  title = `Built-in language models   (* = LLM_LOCAL_MODEL${configured ? `, now ${configured}` : ', off'})`,
): Promise<number> {
  const models = await listLocalModels(modelsDir, catalogue);
  console.log(`\n${title}\n`);
  const rows = models.map((m) => [
    `${m.name === configured ? '*' : ' '} ${m.name}`,
    mib(m.bytes),
    `${mib(m.ramBytes)} RAM`,
    m.licence,
    m.downloaded
      ? 'downloaded'
      : m.sizeOnDisk
        ? `partly (${Math.floor((m.sizeOnDisk / m.bytes) * 100)} %)`
        : '-',
    m.description,
  ]);
  const header = ['  NAME', 'SIZE', 'MEMORY', 'LICENCE', 'STATUS', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  for (const row of [header, ...rows]) {
    console.log(row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '));
  }
  return 0;
}

async function listSpeakers(modelsDir: string): Promise<number> {
  const models = await listSpeakerModels(modelsDir);
  const ready = models.every((m) => m.downloaded);
  console.log(
    `\nSpeaker models (sherpa-onnx; speakers use them once both are downloaded, else the built-in separator): ${ready ? 'in use' : 'not in use'}\n`,
  );
  const rows = models.map((m) => [
    `  ${m.name}`,
    m.sizeOnDisk ? mib(m.sizeOnDisk) : m.bytes ? mib(m.bytes) : 'unknown',
    m.licence,
    m.downloaded ? 'downloaded' : m.partialBytes ? `partly (${mib(m.partialBytes)})` : '-',
    `${m.description}${m.sha256 ? '' : ' (no SHA-256 on file: not checked)'}`,
  ]);
  const header = ['  NAME', 'SIZE', 'LICENCE', 'STATUS', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  for (const row of [header, ...rows]) {
    console.log(row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '));
  }
  return 0;
}

async function pull(
  name: string,
  modelsDir: string,
  baseUrl: string,
  language: { modelsDir: string; baseUrl: string },
): Promise<number> {
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const tty = process.stdout.isTTY === true;
  const started = Date.now();
  let lastDraw = 0;
  let lastTenth = -1;
  const draw = (received: number, total: number, final = false) => {
    const now = Date.now();
    const fraction = total > 0 ? received / total : 0;
    const speed = received / 1e6 / Math.max(0.001, (now - started) / 1000);
    const numbers = `${(received / 1e6).toFixed(1)}/${(total / 1e6).toFixed(1)} MB  ${speed.toFixed(1)} MB/s`;
    if (tty) {
      if (!final && now - lastDraw < 100) return;
      lastDraw = now;
      const width = 30;
      const filled = Math.round(fraction * width);
      const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
      process.stdout.write(`\r${name} [${bar}] ${(fraction * 100).toFixed(0).padStart(3)}%  ${numbers}   `);
    } else {
      const tenth = Math.floor(fraction * 10);
      if (tenth === lastTenth && !final) return;
      lastTenth = tenth;
      console.log(`${name}: ${tenth * 10}% (${numbers})`);
    }
  };
  try {
    const speaker = findSpeakerModel(name);
    const result = findModel(name)
      ? await downloadModel(name, {
          modelsDir,
          baseUrl,
          signal: controller.signal,
          onProgress: (received, total) => draw(received, total),
        })
      : speaker
        ? await downloadSpeakerModel(name, {
            modelsDir,
            signal: controller.signal,
            onProgress: (received, total) => draw(received, total),
          })
        : await downloadLocalModel(name, {
            ...language,
            signal: controller.signal,
            onProgress: (received, total) => draw(received, total),
          });
    if (result.alreadyPresent) {
      console.log(`${name} is already downloaded: ${result.path}`);
    } else {
      draw(result.bytes, result.bytes, true);
      if (tty) process.stdout.write('\n');
      const checked =
        speaker && !speaker.sha256
          ? 'size checked; no SHA-256 on file to check it against'
          : 'checksum verified';
      console.log(`Saved ${result.path} (${checked})`);
    }
    return 0;
  } catch (err) {
    if (tty) process.stdout.write('\n');
    if (controller.signal.aborted)
      return fail('download cancelled; what arrived is kept and the next pull resumes', 130);
    return fail((err as Error).message);
  }
}

function fail(message: string, code = 1): number {
  console.error(`error: ${message}`);
  return code;
}

function mib(bytes: number): string {
  return bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(1)} GiB`
    : `${Math.round(bytes / 1024 ** 2)} MiB`;
}

process.exitCode = await main(process.argv.slice(2)).catch((err: unknown) =>
  fail(err instanceof Error ? err.message : String(err)),
);
