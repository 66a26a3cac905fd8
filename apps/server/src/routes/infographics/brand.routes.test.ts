// Settings → Brand: the kit is the user's own, its colours are checked for contrast, a logo is
// checked by its bytes and rasterised, and a generation that asks for the brand is drawn in it.
import type { BrandKit, GenerationResult, SingleGenerationResult } from '@voxpress/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/harness.ts';
import { signUp } from '../../../test/http.ts';
import { infographicImages } from '../../db/infographics.schema.ts';

const svgLogo = (extra = '') =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40">${extra}<rect width="40" height="40" fill="#14532d"/></svg>`,
  ).toString('base64')}`;

describe.each(drivers)('brand kit on %s', (driver) => {
  let t: TestContext;
  let ada: string;
  let eve: string;
  beforeAll(async () => {
    t = await createTestContext(driver, { startWorkers: false, env: { AUTH_RATE_LIMIT: '1000' } });
    ada = await signUp(t.app, 'ada@example.com');
    eve = await signUp(t.app, 'eve@example.com');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
  const kit = {
    primary_color: '#14532D',
    secondary_color: '#0369a1',
    heading_font: 'Lora',
    footer: ' acme.example ',
  };

  it('starts from the defaults, and answers 401 without a session', async () => {
    expect((await call('GET', '/users/me/brand')).statusCode).toBe(401);
    const res = await call('GET', '/users/me/brand', ada);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ saved: false, logo: null, heading_font: 'Inter' });
  });

  it('refuses a colour too light to read on white, with the contrast it has', async () => {
    const res = await call('PUT', '/users/me/brand', ada, { ...kit, secondary_color: '#facc15' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      params: { field: 'secondary_color', minimum: 3 },
    });
    expect(res.json().detail).toContain('#facc15');
  });

  it('refuses an SVG logo with a script, and a file that is no picture', async () => {
    const script = await call('PUT', '/users/me/brand', ada, {
      ...kit,
      logo: svgLogo('<script>alert(1)</script>'),
    });
    expect(script.statusCode).toBe(422);
    expect(script.json().code).toBe('image_invalid');
    const text = `data:image/png;base64,${Buffer.from('hello, not a picture').toString('base64')}`;
    expect((await call('PUT', '/users/me/brand', ada, { ...kit, logo: text })).json().code).toBe(
      'image_invalid',
    );
  });

  it('saves the kit with an SVG logo rasterised to a PNG, for its owner only', async () => {
    const res = await call('PUT', '/users/me/brand', ada, { ...kit, logo: svgLogo() });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as BrandKit;
    expect(saved).toMatchObject({
      saved: true,
      primary_color: '#14532d',
      heading_font: 'Lora',
      footer: 'acme.example',
    });
    expect(saved.contrast.primary).toBeGreaterThan(8);
    const png = Buffer.from((saved.logo as string).split(',')[1] as string, 'base64');
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(512);
    expect(saved.logo_width).toBe(meta.width);
    // Saving again without a logo keeps it; null removes it.
    const kept = (await call('PUT', '/users/me/brand', ada, kit)).json() as BrandKit;
    expect(kept.logo).toBe(saved.logo);
    expect((await call('GET', '/users/me/brand', eve)).json()).toMatchObject({ saved: false, logo: null });
  });

  it('draws a generation in the brand when asked, and says so in its plan', async () => {
    const generate = (use_brand: boolean) =>
      call('POST', '/infographics/react/generate', ada, {
        content_data: {
          title: 'Heat pump vs gas boiler',
          pros: ['Cheaper to run'],
          cons: ['Costs more to fit'],
        },
        variation_count: 1,
        use_brand,
        enable_debugging: true,
      });
    const branded = await generate(true);
    expect(branded.statusCode, branded.body).toBe(200);
    const plain = await generate(false);
    const plan = (r: typeof branded) =>
      (r.json() as GenerationResult).variations[0]?.debug as { brand?: boolean } | undefined;
    expect(plan(branded)?.brand).toBe(true);
    expect(plan(plain)?.brand).toBeUndefined();
    // Drawn again at another size: still in the brand, still the same structure.
    const first = (branded.json() as GenerationResult).variations[0];
    const again = await call('POST', '/infographics/quick-generate', ada, {
      image_id: first?.id,
      size: '1200x630',
    });
    expect(again.statusCode, again.body).toBe(200);
    const [row] = await t.ctx.database.db
      .select()
      .from(infographicImages)
      .where(eq(infographicImages.id, (again.json() as SingleGenerationResult).variation?.id as string));
    expect(row?.plan).toMatchObject({
      brand: true,
      diagram: (first?.debug as { diagram?: string } | undefined)?.diagram,
    });
  });
});
