import type { InfographicVariation, SavedInfographic } from '@voxpress/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, SOURCE_LANGUAGE } from '../../i18n/i18n.ts';
import {
  absoluteUrl,
  downloadFileName,
  formatSeconds,
  fromSaved,
  fromVariation,
  generationSeconds,
  keepLinks,
  linkExpired,
  refreshAfterMs,
} from './gallery-image.ts';

describe('generation time in seconds with one decimal', () => {
  afterEach(async () => {
    await i18n.changeLanguage(SOURCE_LANGUAGE);
  });

  it('rounds to a tenth, says "under 0.1" for a few milliseconds, and nothing for an upload', () => {
    expect(generationSeconds(1234)).toEqual({ seconds: 1.2, under: false });
    expect(generationSeconds(1250)).toEqual({ seconds: 1.3, under: false });
    expect(generationSeconds(50)).toEqual({ seconds: 0.1, under: false });
    expect(generationSeconds(60_000)).toEqual({ seconds: 60, under: false });
    expect(generationSeconds(7)).toEqual({ seconds: 0.1, under: true });
    expect(generationSeconds(0)).toBeNull();
  });

  it('always writes the one decimal, in the reader’s digits', async () => {
    expect(formatSeconds(1.2)).toBe('1.2 sec');
    expect(formatSeconds(60)).toBe('60.0 sec');
    await i18n.changeLanguage('de');
    expect(formatSeconds(1.2)).toBe('1,2 Sek.');
  });
});

describe('the file a download is saved as', () => {
  const at = new Date(2026, 10, 23, 6, 45, 9);

  it('is the name with dashes for anything but letters and digits, then the local time, .png', () => {
    expect(downloadFileName('Banana bread: cover (v2)', at)).toBe(
      'Banana-bread-cover-v2-2026-11-23-064509.png',
    );
  });

  it('keeps letters of every script and their marks', () => {
    expect(downloadFileName('Pão de queijo', at)).toBe('Pão-de-queijo-2026-11-23-064509.png');
    expect(downloadFileName('बनाना ब्रेड', at)).toBe('बनाना-ब्रेड-2026-11-23-064509.png');
    expect(downloadFileName('会议 纪要', at)).toBe('会议-纪要-2026-11-23-064509.png');
  });

  it('never has path separators, and falls back to the time alone', () => {
    expect(downloadFileName('../../etc/passwd', at)).toBe('etc-passwd-2026-11-23-064509.png');
    expect(downloadFileName(' ?! ', at)).toBe('2026-11-23-064509.png');
    expect(downloadFileName('a'.repeat(200), at)).toBe(`${'a'.repeat(80)}-2026-11-23-064509.png`);
  });
});

describe('signed links', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');

  it('count as run out a minute early; an inline image never does', () => {
    expect(linkExpired('2026-11-23T10:00:30Z', now)).toBe(true);
    expect(linkExpired('2026-11-23T10:05:00Z', now)).toBe(false);
    expect(linkExpired(null, now)).toBe(false);
  });

  it('are fetched again five minutes before the first runs out, at most once a minute', () => {
    expect(refreshAfterMs(['2026-11-23T11:00:00Z', '2026-11-23T10:30:00Z'], now)).toBe(25 * 60_000);
    expect(refreshAfterMs(['2026-11-23T10:02:00Z'], now)).toBe(60_000);
    expect(refreshAfterMs([], now)).toBe(false);
  });

  it('are made absolute for sharing', () => {
    expect(absoluteUrl('/api/v1/infographics/images/x.png?ticket=t', 'https://vox.example')).toBe(
      'https://vox.example/api/v1/infographics/images/x.png?ticket=t',
    );
  });
});

describe('what the gallery shows of a record', () => {
  it('a saved image: its title, link, type, time and source', () => {
    const saved = {
      id: 's1',
      infographic_url: '/i/a.png?ticket=t',
      url_expires_at: '2026-11-23T11:00:00Z',
      content_type: 'recipe',
      size: '1080x1080',
      width: 1080,
      height: 1080,
      generation_time_ms: 42,
      generated_at: '2026-11-23T09:00:00Z',
      transcription_id: 't1',
      metadata: { title: '  ' },
    } as unknown as SavedInfographic;
    expect(fromSaved(saved)).toMatchObject({
      key: 's1',
      title: null,
      url: '/i/a.png?ticket=t',
      contentType: 'recipe',
      generationTimeMs: 42,
      transcriptionId: 't1',
      savedId: 's1',
    });
  });

  it('a failed variation has no image; an uploaded one took no generating', () => {
    const base = {
      id: 'v1',
      name: 'Modern Recipe',
      variation_name: 'Ingredients first',
      infographic_url: '/i/v1.png?ticket=t',
      url_expires_at: '2026-11-23T11:00:00Z',
      data_url: null,
      success: true,
      variation_type: 'fixed',
      generation_time_ms: 120,
    } as unknown as InfographicVariation;
    expect(fromVariation(base)).toMatchObject({ title: 'Ingredients first', url: '/i/v1.png?ticket=t' });
    expect(fromVariation({ ...base, success: false }).url).toBeNull();
    expect(fromVariation({ ...base, variation_type: 'upload' }).generationTimeMs).toBe(0);
    const inline = fromVariation({ ...base, infographic_url: null, data_url: 'data:image/png;base64,AA' });
    expect(inline).toMatchObject({ url: 'data:image/png;base64,AA', urlExpiresAt: null });
  });
});

describe('a list fetched again', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');
  const item = (id: string, ticket: string, expires: string) => ({
    id,
    infographic_url: `/i/${id}.png?ticket=${ticket}`,
    url_expires_at: expires,
  });

  it('keeps the links it had while they are good, and takes new ones for the rest', () => {
    const before = [item('a', 'old', '2026-11-23T11:00:00Z'), item('b', 'old', '2026-11-23T10:03:00Z')];
    const after = [
      item('c', 'new', '2026-11-23T11:10:00Z'),
      item('a', 'new', '2026-11-23T11:10:00Z'),
      item('b', 'new', '2026-11-23T11:10:00Z'),
    ];
    expect(keepLinks(before, after, now).map((i) => i.infographic_url)).toEqual([
      '/i/c.png?ticket=new',
      '/i/a.png?ticket=old',
      // Runs out within five minutes: the new link.
      '/i/b.png?ticket=new',
    ]);
    expect(keepLinks(undefined, after, now)).toBe(after);
  });
});
