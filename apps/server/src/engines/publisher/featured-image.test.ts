import { FakeWordPress } from '@voxpress/test-kit/fake-wordpress';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGhost } from '../../../test/fake-ghost.ts';
import { GuardedFetch } from '../../net/guarded-fetch.ts';
import { GhostPublisher } from './ghost.publisher.ts';
import type { PostDraft } from './publisher.ts';
import { WordPressPublisher } from './wordpress.publisher.ts';

/** An 8-byte PNG signature stands in for an infographic: the sites only store the bytes. */
const image = {
  bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  fileName: 'slow-bread.png',
  contentType: 'image/png',
  alt: 'Slow bread in three steps',
};
const post: PostDraft = {
  title: 'Slow bread',
  html: '<p>Time.</p>',
  tags: [],
  status: 'draft',
  featuredImage: image,
};

describe('featured images', () => {
  const wordpress = new FakeWordPress();
  const ghost = new FakeGhost();
  const http = new GuardedFetch({ allowPrivate: true });
  beforeAll(async () => {
    await Promise.all([wordpress.start(), ghost.start()]);
  });
  afterAll(async () => {
    await Promise.all([wordpress.stop(), ghost.stop(), http.close()]);
  });

  it('WordPress: uploads to the media library first and sets featured_media', async () => {
    const wp = new WordPressPublisher(http, {
      url: wordpress.url,
      username: wordpress.username,
      appPassword: wordpress.appPassword,
    });
    const made = await wp.create(post);
    const [media] = wordpress.media;
    expect(media).toMatchObject({ type: 'image/png', name: 'slow-bread.png', alt_text: image.alt });
    expect(media?.bytes.equals(image.bytes)).toBe(true);
    expect(wordpress.posts.get(Number(made.id))?.featured_media).toBe(media?.id);
    expect(wordpress.requestsTo(`/wp-json/wp/v2/media/${media?.id}`).at(-1)?.body).toEqual({
      alt_text: image.alt,
    });
  });

  it('Ghost: uploads the image and sets feature_image', async () => {
    const g = new GhostPublisher(http, { url: ghost.url, adminApiKey: ghost.adminKey });
    const made = await g.create(post);
    expect(ghost.requestsTo('/ghost/api/admin/images/upload/')).toHaveLength(1);
    expect(ghost.images).toEqual([
      expect.objectContaining({ name: 'slow-bread.png', type: 'image/png', ref: 'slow-bread.png' }),
    ]);
    expect(ghost.images[0]?.bytes.equals(image.bytes)).toBe(true);
    expect(ghost.posts.get(made.id)?.feature_image).toBe(
      `${ghost.url}/content/images/2026/11/slow-bread.png`,
    );
  });
});
