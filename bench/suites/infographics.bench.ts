/**
 * Infographics through the API, as a user waits for them: the real server (API and worker in one
 * process, as `npm start` runs it), a recipe written by the built-in composer, then
 * - the first set of five 1080x1080 variations after start (render workers and fonts warming up),
 * - milliseconds median / 99th percentile of five-variation sets at 1080x1080 and 1080x1920,
 *   request to answer: content read, five renders in the pool, five PNGs stored, links signed,
 * - a job of ten variations at 1080x1080, from submit to completed.
 * Target: five 1080x1080 variations in ≤ 300 ms once warm (the spec's product took 30–90 s).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { registerUser, startServer } from '../lib/voxpress-server.ts';

const RUNS = 20;
const RECIPE = `Grandma's banana bread

Today we're making my grandmother's banana bread, which is honestly the easiest recipe I know. It takes about fifteen minutes to prep and it serves eight people.

For the ingredients, you'll need three ripe bananas, two cups of flour, one teaspoon of baking soda and a pinch of salt. You'll also need half a cup of melted butter and one egg.

First, preheat the oven to three hundred fifty degrees and grease a loaf pan. Next, mash the bananas in a large bowl. Then stir in the melted butter and mix it well. Now fold in the flour, but don't overmix it. Bake it for sixty minutes, until a toothpick comes out clean.

The blacker the bananas are, the sweeter the bread will be.`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function infographicsBenchmark(): Promise<Record<string, string | number>> {
  const server = await startServer({ VOXPRESS_ROLES: 'api,worker', OLLAMA_DISCOVERY: 'false' });
  try {
    const token = await registerUser(server.url);
    const headers = { authorization: `Bearer ${token}` };
    const json = { ...headers, 'content-type': 'application/json' };
    const post = async (path: string, body: object) => {
      const res = await fetch(`${server.url}/api/v1${path}`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const form = new FormData();
    form.set('file', new Blob([RECIPE], { type: 'text/plain' }), 'recipe.txt');
    const doc = await fetch(`${server.url}/api/v1/files/upload/content`, {
      method: 'POST',
      headers,
      body: form,
    });
    const source = ((await doc.json()) as { data: { transcription_id: string } }).data.transcription_id;
    const enhanced = (await post('/content/enhance', {
      transcription_id: source,
      content_type: 'recipe',
    })) as {
      data: { content_id: string };
    };
    const contentId = enhanced.data.content_id;
    for (;;) {
      const res = await fetch(`${server.url}/api/v1/content/${contentId}`, { headers });
      const status = ((await res.json()) as { status: string }).status;
      if (status === 'completed') break;
      if (status === 'failed') throw new Error('the recipe could not be written');
      await sleep(50);
    }

    const set = async (size: string) => {
      const started = performance.now();
      const body = await post('/infographics/react/generate-multiple-templates-immediate', {
        content_id: contentId,
        size,
        variation_count: 5,
      });
      if (body.total_generated !== 5) throw new Error(`a set made ${String(body.total_generated)} of 5`);
      return performance.now() - started;
    };
    const first = await set('1080x1080');
    const timings = async (size: string) => {
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i++) ms.push(await set(size));
      return `${percentile(ms, 50).toFixed(0)} / ${percentile(ms, 99).toFixed(0)}`;
    };
    const square = await timings('1080x1080');
    const story = await timings('1080x1920');

    const started = performance.now();
    const job = (await post('/infographics/queue/submit', {
      content_id: contentId,
      variation_count: 10,
      size: '1080x1080',
    })) as { job_id: string };
    for (;;) {
      const res = await fetch(`${server.url}/api/v1/infographics/queue/status/${job.job_id}`, { headers });
      const status = ((await res.json()) as { status: string }).status;
      if (status === 'completed') break;
      if (status === 'failed') throw new Error('the job failed');
      await sleep(20);
    }
    const jobMs = performance.now() - started;

    return {
      'first set after start, 5 × 1080x1080 (ms)': first.toFixed(0),
      'set of 5 × 1080x1080, p50 / p99 (ms)': square,
      'set of 5 × 1080x1920, p50 / p99 (ms)': story,
      'job of 10 × 1080x1080, submit to done (ms)': jobMs.toFixed(0),
      'target: 5 × 1080x1080 (ms)': '≤ 300 (spec’s product: 30000–90000)',
    };
  } finally {
    await server.stop();
  }
}
