import { setTimeout as sleep } from 'node:timers/promises';
import type { Content } from '@voxpress/contracts';
import sharp from 'sharp';
import type { TestContext } from './harness.ts';
import type { Client } from './http.ts';

type Res = Awaited<ReturnType<TestContext['app']['inject']>>;

export const RECIPE_DOCUMENT = `Grandma's banana bread

Today we're making my grandmother's banana bread, which is honestly the easiest recipe I know. It takes about fifteen minutes to prep and it serves eight people.

For the ingredients, you'll need three ripe bananas, two cups of flour, one teaspoon of baking soda and a pinch of salt. You'll also need half a cup of melted butter and one egg.

First, preheat the oven to three hundred fifty degrees and grease a loaf pan. Next, mash the bananas in a large bowl. Then stir in the melted butter and mix it well. Now fold in the flour, but don't overmix it. Bake it for sixty minutes, until a toothpick comes out clean.

The blacker the bananas are, the sweeter the bread will be.`;

/**
 * A finished piece of content written by the built-in composer from a text document (fast and
 * offline): the real upload and enhance path.
 */
export async function writtenContent(
  c: Client,
  text = RECIPE_DOCUMENT,
  options: { type?: string; languages?: string[] } = {},
): Promise<Content> {
  const up = await c.upload('/api/v1/files/upload/content', {
    name: 'notes.txt',
    content: Buffer.from(text),
    type: 'text/plain',
  });
  if (up.statusCode !== 201) throw new Error(`document upload: ${up.statusCode} ${up.body}`);
  const enhance = await c.send('POST', '/api/v1/content/enhance', {
    transcription_id: up.json().data.transcription_id,
    content_type: options.type ?? 'recipe',
    language: options.languages ?? ['en'],
  });
  if (enhance.statusCode !== 202) throw new Error(`enhance: ${enhance.statusCode} ${enhance.body}`);
  const id = enhance.json().data.content_id as string;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const body = (await c.get(`/api/v1/content/${id}`)).json() as Content;
    if (body.status === 'completed' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`content never finished: ${JSON.stringify(body)}`);
    await sleep(50);
  }
}

/** A real picture: a gradient PNG (or JPEG/WebP) of the given size. */
export async function picture(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' = 'png',
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 128;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .withExif({ IFD0: { Copyright: 'test' } })
    .toBuffer();
}

/** The picture's format and pixel size, by decoding it to the end. */
export async function decoded(bytes: Buffer): Promise<{ format: string; width: number; height: number }> {
  const { info } = await sharp(bytes, { failOn: 'truncated' }).raw().toBuffer({ resolveWithObject: true });
  const meta = await sharp(bytes).metadata();
  return { format: meta.format ?? '', width: info.width, height: info.height };
}

/** Fetches an image link the way a browser does: no headers, the link alone. */
export function openLink(t: TestContext, url: string): Promise<Res> {
  return t.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') });
}
