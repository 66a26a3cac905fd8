import { z } from 'zod';
import { PUBLISHER_PLATFORMS } from './publisher-platforms.ts';
import { zText } from './text.ts';

/**
 * Platforms a piece has a rendition for. The named ones have fixed rules; any other name is a
 * custom platform whose limit and style the user sets (see `zCustomPlatform`).
 */
export const RENDITION_PLATFORMS = [
  'twitter',
  'linkedin',
  'facebook',
  'instagram',
  'wordpress',
  'medium',
] as const;
export type NamedPlatform = (typeof RENDITION_PLATFORMS)[number];

/** Limits checked in code on every rendition, whoever wrote it (characters as each platform counts). */
export const PLATFORM_LIMITS = {
  /** Per post, weighted as X counts: URLs 23, emoji and CJK 2. */
  twitter: 280,
  linkedin: 3000,
  facebook: 63_206,
  instagram: 2200,
  wordpress: 1_000_000,
  medium: 1_000_000,
} as const satisfies Record<NamedPlatform, number>;

/** Instagram counts hashtags in a caption; more than this and the caption is refused. */
export const INSTAGRAM_MAX_HASHTAGS = 30;
/** Posts in one X thread, at most (X accepts 25 in one go). */
export const MAX_THREAD_POSTS = 25;
/** Default limit of a custom platform the user has not described. */
export const DEFAULT_CUSTOM_LIMIT = 3000;

const zLanguage = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/, 'Not a language code')
  .transform((l) => l.toLowerCase());

/** One platform's version of a piece in one language. */
export const zRendition = z
  .object({
    platform: z.string(),
    language: z.string(),
    /** The posts in order: several for an X thread (numbered "1/4 …"), else one. */
    parts: z.array(z.string()),
    /** WordPress and Medium: the article as HTML (parts[0] is its Markdown). */
    html: z.string().nullable(),
    /** Characters allowed per part, as the platform counts them. */
    limit: z.number().int().positive(),
    /** `weighted`: X's count (URLs 23, emoji and CJK 2); `characters`: Unicode characters. */
    counting: z.enum(['weighted', 'characters']),
    /** Who made it: `composer`, a language model id, or `edited` by the user. */
    source: z.string(),
    edited: z.boolean(),
    /** The piece changed since this rendition was made; making it again brings it up to date. */
    outdated: z.boolean(),
    /** For a custom platform: the style note the writer followed. */
    style: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'Rendition' });
export type Rendition = z.infer<typeof zRendition>;

export const zRenditionList = z.object({
  items: z.array(zRendition),
  /** `pending` while renditions for this language are being made; poll or follow the status stream. */
  status: z.enum(['ready', 'pending', 'failed']),
  error: z.string().nullable(),
});
export type RenditionList = z.infer<typeof zRenditionList>;

export const zRenditionQuery = z.object({ language: zLanguage.optional() });

export const zPlatformParam = z.object({
  id: z.uuid('Content not found'),
  platform: zText({ trim: true, max: 60, min: { length: 1, message: 'A platform name cannot be blank' } }),
});

/** `PUT /content/{id}/renditions/{platform}`: the user's own wording, checked against the limits. */
export const zRenditionEdit = z.object({
  language: zLanguage,
  parts: z
    .array(zText({ max: 1_000_000, multiline: true }))
    .min(1, 'A rendition needs at least one part')
    .max(MAX_THREAD_POSTS),
});
export type RenditionEdit = z.infer<typeof zRenditionEdit>;

/** `POST /content/{id}/renditions/regenerate`: make them again (hand edits are replaced). */
export const zRenditionRegenerate = z.object({
  language: zLanguage,
  /** One platform, or every target platform of the piece when absent. */
  platform: zText({ trim: true, max: 60 }).optional(),
});

/** A custom platform as the user describes it; its renditions follow the limit and the note. */
export const zCustomPlatform = z
  .object({
    name: zText({ trim: true, max: 60, min: { length: 1, message: 'A platform name cannot be blank' } }),
    char_limit: z.number().int().min(50, 'At least 50 characters').max(100_000),
    style_note: zText({ trim: true, max: 500, multiline: true }).default(''),
  })
  .meta({ id: 'CustomPlatform' });
export type CustomPlatform = z.infer<typeof zCustomPlatform>;

export const EXPORT_FORMATS = ['md', 'html', 'txt', 'docx'] as const;
export const zExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS).default('md'),
  language: zLanguage.optional(),
});

export const zPublisherPlatform = z.enum(PUBLISHER_PLATFORMS);

/** A WordPress site reached with an application password, or a Ghost site with an Admin API key. */
export const zConnectionCreate = z.discriminatedUnion('platform', [
  z.object({
    platform: z.literal('wordpress'),
    url: z.url('Enter the address of your WordPress site').max(500),
    username: zText({ trim: true, max: 200, min: { length: 1, message: 'Enter your WordPress user name' } }),
    app_password: zText({
      trim: true,
      max: 200,
      min: { length: 1, message: 'Enter an application password' },
    }),
    name: zText({ trim: true, max: 100 }).optional(),
  }),
  z.object({
    platform: z.literal('ghost'),
    url: z.url('Enter the address of your Ghost site').max(500),
    admin_api_key: zText({ trim: true, max: 300 }).regex(
      /^[0-9a-f]{24}:[0-9a-f]{64}$/i,
      'An Admin API key looks like 24 hex characters, a colon, then 64 hex characters',
    ),
    name: zText({ trim: true, max: 100 }).optional(),
  }),
]);
export type ConnectionCreate = z.infer<typeof zConnectionCreate>;

/** A saved connection; its secret never leaves the server. */
export const zConnection = z
  .object({
    id: z.string(),
    platform: zPublisherPlatform,
    name: z.string(),
    url: z.string(),
    /** WordPress: the user name; Ghost: the key's id (the part before the colon). */
    account: z.string(),
    created_at: z.string(),
    checked_at: z.string().nullable(),
  })
  .meta({ id: 'Connection' });
export type Connection = z.infer<typeof zConnection>;

export const zPublishRequest = z.object({
  connection_id: z.uuid('Connection not found'),
  language: zLanguage.optional(),
  status: z.enum(['draft', 'publish']).default('draft'),
  /**
   * The infographic to feature (an image id: a variation's `id` or a saved image's `image_id`).
   * Without it, the image saved most recently from the piece is used, if there is one.
   */
  infographic_id: z.uuid('Infographic not found').optional(),
});
export type PublishRequest = z.input<typeof zPublishRequest>;

export const zPublishResult = z.object({
  remote_id: z.string(),
  remote_url: z.string(),
  /** True when an earlier post was updated rather than a new one made. */
  updated: z.boolean(),
  status: z.enum(['draft', 'publish']),
  /** The featured image sent along, if the piece has one. */
  featured_image: z.boolean(),
});
export type PublishResult = z.infer<typeof zPublishResult>;

/** Where a piece was published: one entry per connection and language. */
export const zPublication = z
  .object({
    connection_id: z.string(),
    platform: zPublisherPlatform,
    connection_name: z.string(),
    language: z.string(),
    remote_id: z.string(),
    remote_url: z.string(),
    status: z.enum(['draft', 'publish']),
    published_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Publication' });
export type Publication = z.infer<typeof zPublication>;

export const WEBHOOK_EVENTS = ['transcript.completed', 'content.completed', 'images.completed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const zWebhookCreate = z.object({
  url: z.url('Enter the address that should receive events').max(2000),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, 'Choose at least one event')
    .default([...WEBHOOK_EVENTS]),
  description: zText({ trim: true, max: 200 }).optional(),
});
export type WebhookCreate = z.input<typeof zWebhookCreate>;

export const zWebhook = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    description: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof zWebhook>;

/** The answer to creating a webhook: the only time its signing secret is shown. */
export const zWebhookCreated = zWebhook.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof zWebhookCreated>;

/** One attempt to deliver one event. */
export const zWebhookDelivery = z.object({
  id: z.string(),
  event_id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  attempt: z.number().int(),
  status: z.enum(['pending', 'delivered', 'failed', 'retrying']),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  /** Every attempt so far, first first. */
  attempts: z.array(
    z.object({
      attempt: z.number().int(),
      status_code: z.number().int().nullable(),
      error: z.string().nullable(),
      duration_ms: z.number().int(),
      at: z.string(),
    }),
  ),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof zWebhookDelivery>;

/** The body every webhook receives, signed (see `X-Voxpress-Signature`). */
export const zWebhookPayload = z.object({
  id: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  created_at: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof zWebhookPayload>;
