import type { Content, InfographicVariation } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { collectionRequest } from './collection.ts';
import { saveRequest, sourceTitle } from './save-request.ts';

const piece = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  transcription_id: 'c0ffee00-0000-4000-8000-000000000002',
  title: 'Banana bread',
  language: 'en',
  status: 'completed',
  metadata: {
    languages: ['en', 'es'],
    translations: { es: { title: 'Pan de plátano' } },
  },
} as unknown as Content;

const variation = (i: number, over: Partial<InfographicVariation> = {}) =>
  ({
    id: `a0000000-0000-4000-8000-00000000000${i}`,
    variation_index: i,
    template_id: `modern-recipe`,
    infographic_url: `/api/v1/infographics/images/a${i}.png?ticket=t`,
    data_url: null,
    size: '1080x1920',
    style: 'modern',
    content_type: 'recipe',
    target_audience: 'beginner',
    cultural_context: 'mexican',
    generated_at: '2026-11-23T06:45:00.000Z',
    ...over,
  }) as unknown as InfographicVariation;

describe('saving a collection', () => {
  const setup = {
    content_type: 'tutorial' as const,
    target_audience: 'busy_parents' as const,
    cultural_context: 'asian' as const,
  };

  it('needs a name that is not blank and at least one favourite', () => {
    expect(collectionRequest('   ', [variation(1)], setup, piece.id)).toBeNull();
    expect(collectionRequest('Bakes', [], setup, piece.id)).toBeNull();
  });

  it('names the favourites in order with the configuration they were made with', () => {
    expect(collectionRequest('  Bakes ', [variation(3), variation(1)], setup, piece.id)).toEqual({
      collection_name: 'Bakes',
      variations: [
        { id: variation(3).id, infographic_url: variation(3).infographic_url },
        { id: variation(1).id, infographic_url: variation(1).infographic_url },
      ],
      content_type: 'tutorial',
      target_audience: 'busy_parents',
      cultural_context: 'asian',
      content_id: piece.id,
    });
  });

  it('falls back to the first favourite’s configuration', () => {
    expect(collectionRequest('Bakes', [variation(1)], null, piece.id)).toMatchObject({
      content_type: 'recipe',
      target_audience: 'beginner',
      cultural_context: 'mexican',
    });
  });
});

describe('saving an image', () => {
  it('sends the spec’s save payload, titled in the language drawn', () => {
    expect(saveRequest(variation(2), { piece, language: 'es' })).toEqual({
      infographic_url: variation(2).infographic_url,
      image_id: variation(2).id,
      content_type: 'recipe',
      template_id: 'modern-recipe',
      size: '1080x1920',
      generated_at: '2026-11-23T06:45:00.000Z',
      transcription_id: piece.transcription_id,
      content_id: piece.id,
      metadata: {
        title: 'Pan de plátano',
        style: 'modern',
        audience: 'beginner',
        cultural_context: 'mexican',
      },
    });
    expect(sourceTitle({ piece, language: 'en' })).toBe('Banana bread');
  });

  it('sends an inline image when there is no link, and nothing without either', () => {
    const inline = variation(1, { infographic_url: null, data_url: 'data:image/png;base64,AAAA' });
    expect(saveRequest(inline, { piece, language: 'en' })).toMatchObject({
      data_url: 'data:image/png;base64,AAAA',
    });
    expect(saveRequest(variation(1, { infographic_url: null }), { piece, language: 'en' })).toBeNull();
  });
});
