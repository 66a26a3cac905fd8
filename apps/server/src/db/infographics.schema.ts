import {
  type BestFor,
  type ColorScheme,
  type CustomLayer,
  INFOGRAPHIC_JOB_STATUSES,
} from '@voxpress/contracts';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InfographicData, StoredImagePlan, StoredInfographicRequest } from './json-columns.ts';
import { content, transcriptions, users } from './schema.ts';

// Infographics: generation jobs, the images they make, what users keep (saved images, collections)
// and the templates users make. Every row names its owner; deleting an account, a piece of content
// or its source removes the rows with it (the images' files go first: see infographic-images.ts).

/** A set of variations generated in the background (`queue/submit`), with the spec's statuses. */
export const infographicJobs = pgTable(
  'infographic_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentId: uuid('content_id').references(() => content.id, { onDelete: 'cascade' }),
    /** The queue's job that runs it. */
    queueJobId: uuid('queue_job_id'),
    status: text('status', { enum: INFOGRAPHIC_JOB_STATUSES }).notNull().default('pending'),
    progress: real('progress').notNull().default(0),
    currentStep: text('current_step').notNull(),
    completedVariations: integer('completed_variations').notNull().default(0),
    totalVariations: integer('total_variations').notNull(),
    priority: integer('priority').notNull().default(5),
    /** The generate payload as accepted (`zInfographicJobSubmit`'s output). */
    request: jsonb('request').$type<StoredInfographicRequest>().notNull(),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('infographic_jobs_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One image: a generated variation or an uploaded picture. Its bytes are in the blob store under
 * `blobKey`. An image nobody saved or put in a collection is removed once `expiresAt` passes.
 */
export const infographicImages = pgTable(
  'infographic_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentId: uuid('content_id').references(() => content.id, { onDelete: 'cascade' }),
    transcriptionId: uuid('transcription_id').references(() => transcriptions.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').references(() => infographicJobs.id, { onDelete: 'set null' }),
    /** The generation it belongs to: a job's id, or one request's. */
    setId: uuid('set_id').notNull(),
    /** The template's name ("Modern Recipe", a user's own), or the uploaded file's title. */
    name: text('name').notNull(),
    variationIndex: integer('variation_index').notNull(),
    variationType: text('variation_type').notNull(),
    variationName: text('variation_name').notNull(),
    templateId: text('template_id').notNull(),
    style: text('style').notNull(),
    emphasis: text('emphasis').notNull(),
    bestFor: jsonb('best_for').$type<BestFor[]>().notNull().default([]),
    contentType: text('content_type').notNull(),
    audience: text('audience').notNull(),
    culturalContext: text('cultural_context').notNull(),
    language: text('language').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    blobKey: text('blob_key').notNull().unique(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The `InfographicData` drawn; null for an uploaded picture. */
    data: jsonb('data').$type<InfographicData>(),
    /** How it was planned (emphasis, the model's choices), for `enable_debugging`. */
    plan: jsonb('plan').$type<StoredImagePlan>(),
    generationTimeMs: integer('generation_time_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('infographic_images_user_idx').on(t.userId, t.createdAt),
    index('infographic_images_content_idx').on(t.contentId),
    index('infographic_images_expiry_idx').on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
    // A job that runs again after a crash finds the variations it already made.
    uniqueIndex('infographic_images_set_variation_idx').on(t.setId, t.variationIndex, t.width, t.height),
  ],
);

/** An image the user saved to their gallery (spec §3 save payload). */
export const infographicSaved = pgTable(
  'infographic_saved',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id')
      .notNull()
      .unique()
      .references(() => infographicImages.id, { onDelete: 'cascade' }),
    contentId: uuid('content_id').references(() => content.id, { onDelete: 'cascade' }),
    transcriptionId: uuid('transcription_id').references(() => transcriptions.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    templateId: text('template_id'),
    title: text('title'),
    description: text('description'),
    style: text('style'),
    audience: text('audience'),
    culturalContext: text('cultural_context'),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('infographic_saved_user_idx').on(t.userId, t.createdAt)],
);

/** A template a user made or duplicated: a layout style with their colours and layers. */
export const infographicTemplates = pgTable(
  'infographic_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    layoutStyle: text('layout_style').notNull(),
    colorScheme: jsonb('color_scheme').$type<ColorScheme>().notNull().default({}),
    customLayers: jsonb('custom_layers').$type<CustomLayer[]>().notNull().default([]),
    /** The template it was duplicated from, if any. */
    basedOn: text('based_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('infographic_templates_user_name_idx').on(t.userId, sql`lower(${t.name})`)],
);

/** A named set of favourite variations (spec §3 template collection). */
export const infographicCollections = pgTable(
  'infographic_collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    targetAudience: text('target_audience').notNull(),
    culturalContext: text('cultural_context').notNull(),
    cuisineType: text('cuisine_type'),
    contentId: uuid('content_id').references(() => content.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('infographic_collections_user_idx').on(t.userId, t.createdAt)],
);

/** The images of a collection, in the order they were chosen. */
export const infographicCollectionItems = pgTable(
  'infographic_collection_items',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => infographicCollections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    imageId: uuid('image_id')
      .notNull()
      .references(() => infographicImages.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.position] }),
    index('infographic_collection_items_image_idx').on(t.imageId),
  ],
);

/**
 * A user's brand kit, applied to any style when a generation asks for it: two colours (checked for
 * contrast when saved), a heading font from the bundled families, a footer line and a logo, kept
 * here as a small PNG (an SVG or JPEG upload is rasterised, so no markup is ever stored or drawn).
 */
export const brandKits = pgTable('brand_kits', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  primaryColor: text('primary_color').notNull(),
  secondaryColor: text('secondary_color').notNull(),
  headingFont: text('heading_font').notNull(),
  footer: text('footer'),
  /** The logo as base64 PNG, at most 512 px on its longer side; null without one. */
  logoPng: text('logo_png'),
  logoWidth: integer('logo_width'),
  logoHeight: integer('logo_height'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
