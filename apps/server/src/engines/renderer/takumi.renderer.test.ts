import { EXTRA_SIZES, INFOGRAPHIC_CONTENT_TYPES, LAYOUT_STYLE_KEYS, SIZE_PRESETS } from '@voxpress/contracts';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineError, EngineUnavailableError } from '../engine.ts';
import { TakumiRendererEngine } from './takumi.renderer.ts';
import { sampleRequest as request, SAMPLE_DATA } from './test/sample-data.ts';

const engine = new TakumiRendererEngine({ size: 1 });
afterAll(() => engine.close());

describe('Takumi renderer', () => {
  it('is ready with its fonts and native binary installed', async () => {
    const status = await engine.status();
    expect(status.state).toBe('ready');
    expect(status.detail).toContain('Noto Sans Devanagari');
  });

  it('is missing, with what to run, when a font package is not installed', async () => {
    const bare = new TakumiRendererEngine({
      size: 1,
      fonts: [
        {
          family: 'Inter',
          package: '@fontsource/not-installed',
          id: 'x',
          weights: [400],
          subsets: ['latin'],
          role: 'latin',
        },
      ],
    });
    const status = await bare.status();
    expect(status).toMatchObject({ state: 'missing', reason: 'Infographics cannot be drawn on this server' });
    expect(status.detail).toContain('@fontsource/not-installed');
    expect(status.hint).toContain('npm ci');
    // A user is told plainly; the administrator's detail stays in the log message.
    const err = await bare.render(request()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineUnavailableError);
    expect((err as EngineUnavailableError).userMessage).toBe('Infographics cannot be drawn on this server');
    await bare.close();
  });

  it('draws every style and content type at every size as a PNG of exactly that size', async () => {
    const sizes = [...SIZE_PRESETS, ...EXTRA_SIZES];
    const jobs = LAYOUT_STYLE_KEYS.flatMap((style) =>
      INFOGRAPHIC_CONTENT_TYPES.flatMap((contentType) =>
        sizes.map(async (size) => {
          const result = await engine.render(
            request({
              style,
              contentType,
              width: size.width,
              height: size.height,
              data: SAMPLE_DATA[contentType],
            }),
          );
          const png = PNG.sync.read(Buffer.from(result.png));
          return {
            key: `${style}/${contentType}/${size.value}`,
            got: `${png.width}x${png.height}`,
            want: size.value,
          };
        }),
      ),
    );
    const results = await Promise.all(jobs);
    expect(results).toHaveLength(LAYOUT_STYLE_KEYS.length * INFOGRAPHIC_CONTENT_TYPES.length * sizes.length);
    for (const r of results) expect(r.got, r.key).toBe(r.want);
  }, 300_000);

  it('reports how long the drawing took', async () => {
    const result = await engine.render(request({ width: 512, height: 512 }));
    expect(result.renderMs).toBeGreaterThan(0);
    expect(result).toMatchObject({ width: 512, height: 512 });
  });

  it('says which characters no installed font can draw, and that Arabic and Hebrew are not among them', async () => {
    // Egyptian hieroglyphs and Linear B: no font here carries them.
    const boxes = await engine.render(
      request({ data: { ...SAMPLE_DATA.recipe, title: 'Bread 𓀀 and 𐀀 signs' }, width: 320, height: 320 }),
    );
    expect(boxes.missing).toEqual([0x13000, 0x10000]);
    const drawn = await engine.render(
      request({
        data: { language: 'ar', title: 'معكرونة طازجة', points: [{ text: 'פסטה טרייה', start: null }] },
        width: 320,
        height: 320,
      }),
    );
    expect(drawn.missing).toEqual([]);
  });

  it('refuses sizes outside 64–4096 px with a plain message', async () => {
    const err = await engine.render(request({ width: 10000 })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).userMessage).toBe('Infographic sizes run from 64 to 4096 pixels a side.');
  });

  it('gives up a render whose signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('client went away'));
    await expect(engine.render(request(), controller.signal)).rejects.toThrow('client went away');
    const later = new AbortController();
    const pending = engine.render(request({ width: 1920, height: 1080 }), later.signal);
    later.abort(new Error('cancelled'));
    await expect(pending).rejects.toThrow('cancelled');
    // The worker carries on with the next request.
    const png = PNG.sync.read(Buffer.from((await engine.render(request({ width: 640, height: 640 }))).png));
    expect(png.width).toBe(640);
  });
});
