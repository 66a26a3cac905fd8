/**
 * Infographic rendering (`npm run bench -- render`): the first render after start, milliseconds
 * p50 / p99 per size preset, renders per second with the worker pool, five 1080x1080 variations
 * (one per style) at once, and Takumi beside Satori + resvg drawing the same compositions.
 * Targets: five 1080x1080 variations ≤ 300 ms, first render after start ≤ 1 s.
 * Example images go to bench/results/render/ (not committed).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Resvg } from '@resvg/resvg-js';
import {
  EXTRA_SIZES,
  INFOGRAPHIC_CONTENT_TYPES,
  LAYOUT_STYLE_KEYS,
  type LayoutStyleKey,
  SIZE_PRESETS,
} from '@voxpress/contracts';
import { createElement } from 'react';
import satori, { type Font as SatoriFont } from 'satori';
import { defaultPoolSize } from '../../apps/server/src/engines/renderer/render-pool.ts';
import type { Diagram, RenderRequest } from '../../apps/server/src/engines/renderer/renderer.ts';
import { TakumiDraw } from '../../apps/server/src/engines/renderer/takumi/takumi-draw.tsx';
import { TakumiRendererEngine } from '../../apps/server/src/engines/renderer/takumi.renderer.ts';
import { compose } from '../../apps/server/src/engines/renderer/templates/compose.ts';
import { Infographic } from '../../apps/server/src/engines/renderer/templates/infographic.tsx';
import {
  sampleRequest as request,
  SAMPLE_DATA,
  sampleIn,
} from '../../apps/server/src/engines/renderer/test/sample-data.ts';
import { REPO_ROOT } from '../lib/voxpress-server.ts';

const RUNS_PER_SIZE = 30;
/** The structures the five variations of a set are drawn in. */
const DIAGRAMS: Diagram[] = ['cards', 'flow', 'timeline', 'figures', 'quote'];
const THROUGHPUT_RENDERS = 60;
const OUT_DIR = path.join(REPO_ROOT, 'bench/results/render');

/** The production worker (dist/render-worker.js), built first so the numbers are the shipped code's. */
function builtWorker(): () => Worker {
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: path.join(REPO_ROOT, 'apps/server'),
    stdio: 'ignore',
  });
  const file = path.join(REPO_ROOT, 'apps/server/dist/render-worker.js');
  return () => new Worker(file);
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const ms = (n: number) => n.toFixed(1);

export async function renderBenchmark(): Promise<Record<string, string | number>> {
  const results: Record<string, string | number> = {};
  results['machine load (1 min average, 2 cores)'] = loadavg()[0]?.toFixed(1) ?? '?';
  const createWorker = builtWorker();

  // First render after start: worker thread, Latin fonts, one 1080x1080. Processor time too (all
  // threads of this process), which a loaded machine does not inflate as it does wall time.
  let started = performance.now();
  const cpuStart = process.cpuUsage();
  const cold = new TakumiRendererEngine({ size: defaultPoolSize(), createWorker });
  await cold.render(request());
  results['first render after start (ms, target ≤ 1000)'] = ms(performance.now() - started);
  const cpuCold = process.cpuUsage(cpuStart);
  results['first render after start: CPU ms (all threads)'] = ms((cpuCold.user + cpuCold.system) / 1000);
  started = performance.now();
  await cold.render(request({ data: sampleIn('zh'), style: 'minimal' }));
  results['first Chinese render after that (ms, loads CJK subsets)'] = ms(performance.now() - started);
  await cold.close();

  const engine = new TakumiRendererEngine({ size: defaultPoolSize(), createWorker });
  await engine.ready();
  for (const style of LAYOUT_STYLE_KEYS) await engine.render(request({ style }));

  for (const size of [...SIZE_PRESETS, ...EXTRA_SIZES]) {
    const times: number[] = [];
    for (let i = 0; i < RUNS_PER_SIZE; i++) {
      const style = LAYOUT_STYLE_KEYS[i % LAYOUT_STYLE_KEYS.length] as LayoutStyleKey;
      const contentType = INFOGRAPHIC_CONTENT_TYPES[i % INFOGRAPHIC_CONTENT_TYPES.length] ?? 'recipe';
      const t = performance.now();
      await engine.render(
        request({
          style,
          contentType,
          data: SAMPLE_DATA[contentType],
          width: size.width,
          height: size.height,
        }),
      );
      times.push(performance.now() - t);
    }
    results[`${size.value} ${size.label}: ms p50 / p99`] =
      `${ms(quantile(times, 0.5))} / ${ms(quantile(times, 0.99))}`;
  }

  // Five variations of one piece at 1080x1080, as the generator dialog asks for them: five styles,
  // each in its own structure.
  const walls: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    await Promise.all(
      LAYOUT_STYLE_KEYS.map((style, i) =>
        engine.render(request({ style, diagram: DIAGRAMS[i % DIAGRAMS.length] })),
      ),
    );
    walls.push(performance.now() - t);
  }
  results['five 1080x1080 variations: ms p50 / worst of 10 (target ≤ 300)'] =
    `${ms(quantile(walls, 0.5))} / ${ms(Math.max(...walls))}`;
  await engine.close();

  for (const workers of [defaultPoolSize(), 2]) {
    const pool = new TakumiRendererEngine({ size: workers, createWorker });
    await pool.ready();
    await Promise.all(LAYOUT_STYLE_KEYS.map((style) => pool.render(request({ style }))));
    const t = performance.now();
    await Promise.all(
      Array.from({ length: THROUGHPUT_RENDERS }, (_, i) =>
        pool.render(request({ style: LAYOUT_STYLE_KEYS[i % 5] as LayoutStyleKey })),
      ),
    );
    const seconds = (performance.now() - t) / 1000;
    results[`renders per second, 1080x1080, ${workers} worker thread${workers > 1 ? 's' : ''}`] = (
      THROUGHPUT_RENDERS / seconds
    ).toFixed(1);
  }

  Object.assign(results, await cpuPerRender());
  Object.assign(results, await engineComparison());
  await writeExamples();
  results['example images'] = path.relative(REPO_ROOT, OUT_DIR);
  return results;
}

/**
 * CPU time of one render in this thread (planning, fitting, drawing, PNG), which a loaded
 * machine does not inflate as it does wall time; and what five variations would take on two
 * idle cores from it.
 */
async function cpuPerRender(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const draw = new TakumiDraw();
  let five = 0;
  for (const size of [SIZE_PRESETS[0], SIZE_PRESETS[1], SIZE_PRESETS[3]]) {
    if (!size) continue;
    const cpu: number[] = [];
    for (let i = 0; i < 20; i++) {
      const style = LAYOUT_STYLE_KEYS[i % 5] as LayoutStyleKey;
      const req = request({ style, width: size.width, height: size.height });
      if (i < 5) await draw.draw(req);
      const c0 = process.cpuUsage();
      await draw.draw(req);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
    if (size.value === '1080x1080') five = quantile(cpu, 0.5) * 5;
    out[`${size.value}: CPU ms per render p50 / p99`] =
      `${ms(quantile(cpu, 0.5))} / ${ms(quantile(cpu, 0.99))}`;
  }
  out['five 1080x1080 variations on 2 idle cores, from CPU time (ms)'] = ms(five / 2);
  return out;
}

/**
 * Takumi and Satori + resvg drawing the same compositions (same templates, same fitted text) in
 * this thread: drawing time only, median of 10, and Satori's first draw (font parsing).
 */
async function engineComparison(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const draw = new TakumiDraw();
  const satoriFonts = new Map<string, SatoriFont[]>();
  for (const [language, label] of [
    ['en', 'Latin'],
    ['hi', 'Hindi'],
  ] as const) {
    for (const size of [SIZE_PRESETS[0], SIZE_PRESETS[1], SIZE_PRESETS[3]]) {
      if (!size) continue;
      const req = request({
        style: 'modern',
        width: size.width,
        height: size.height,
        data: language === 'en' ? SAMPLE_DATA.recipe : { ...SAMPLE_DATA.recipe, ...sampleIn('hi') },
      });
      const { plan, measurer } = await draw.prepare(req);
      const composition = await compose(req, measurer);
      const element = createElement(Infographic, { c: composition, fallbacks: plan.fallbacks.join(', ') });
      const fonts = satoriFonts.get(language) ?? satoriFontsFor(plan.faces);
      const firstSatori = !satoriFonts.has(language);
      satoriFonts.set(language, fonts);

      const takumi: number[] = [];
      const sat: number[] = [];
      const takumiCpu: number[] = [];
      const satCpu: number[] = [];
      let satoriFirst = 0;
      for (let i = 0; i < 10; i++) {
        let t = performance.now();
        let c0 = process.cpuUsage();
        await draw.draw(req);
        let c = process.cpuUsage(c0);
        takumi.push(performance.now() - t);
        takumiCpu.push((c.user + c.system) / 1000);
        t = performance.now();
        c0 = process.cpuUsage();
        const svg = await satori(element, { width: size.width, height: size.height, fonts });
        new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
        c = process.cpuUsage(c0);
        const took = performance.now() - t;
        if (i === 0 && firstSatori) satoriFirst = took;
        else {
          sat.push(took);
          satCpu.push((c.user + c.system) / 1000);
        }
      }
      const name = `${label} ${size.value}: Takumi | Satori+resvg, wall ms p50 (CPU ms)`;
      out[name] =
        `${ms(quantile(takumi, 0.5))} (${ms(quantile(takumiCpu, 0.5))}) | ${ms(quantile(sat, 0.5))} (${ms(quantile(satCpu, 0.5))}): Satori ${(quantile(satCpu, 0.5) / quantile(takumiCpu, 0.5)).toFixed(1)}× the CPU`;
      if (satoriFirst) out[`${label}: Satori first draw (parses fonts), ms`] = ms(satoriFirst);
    }
  }
  out['Takumi reads woff2 and draws in native threads; Satori needs woff/ttf and runs on the JS thread'] =
    'kept: Takumi';
  return out;
}

/** Satori reads woff (not woff2) and needs one name per face: the same fontsource files as .woff. */
function satoriFontsFor(
  faces: { family: string; weight: number; style: string; file: string }[],
): SatoriFont[] {
  const seen = new Set<string>();
  const fonts: SatoriFont[] = [];
  for (const face of faces) {
    const key = `${face.family}/${face.weight}/${face.style}`;
    if (seen.has(key)) continue;
    seen.add(key);
    fonts.push({
      name: face.family,
      data: readFileSync(face.file.replace(/\.woff2$/, '.woff')),
      weight: face.weight as SatoriFont['weight'],
      style: face.style as SatoriFont['style'],
    });
  }
  return fonts;
}

async function writeExamples(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const draw = new TakumiDraw();
  const cases: [string, RenderRequest][] = [
    ...LAYOUT_STYLE_KEYS.map((style): [string, RenderRequest] => [
      `${style}-recipe-1080x1080`,
      request({ style }),
    ]),
    [
      'vibrant-tutorial-1080x1920',
      request({
        style: 'vibrant',
        contentType: 'tutorial',
        data: SAMPLE_DATA.tutorial,
        width: 1080,
        height: 1920,
      }),
    ],
    [
      'elegant-enhanced-1920x1080',
      request({
        style: 'elegant',
        contentType: 'enhanced',
        data: SAMPLE_DATA.enhanced,
        width: 1920,
        height: 1080,
      }),
    ],
    [
      'classic-meeting-1200x630',
      request({
        style: 'classic',
        contentType: 'meeting_notes',
        data: SAMPLE_DATA.meeting_notes,
        width: 1200,
        height: 630,
      }),
    ],
    [
      'modern-hi-735x1102',
      request({
        data: { ...SAMPLE_DATA.recipe, ...sampleIn('hi') },
        width: 735,
        height: 1102,
        culturalContext: 'indian',
      }),
    ],
    [
      'minimal-zh-800x800',
      request({
        style: 'minimal',
        data: { ...SAMPLE_DATA.recipe, ...sampleIn('zh') },
        width: 800,
        height: 800,
        culturalContext: 'asian',
      }),
    ],
  ];
  for (const [name, req] of cases)
    writeFileSync(path.join(OUT_DIR, `${name}.png`), (await draw.draw(req)).png);
}
