import {
  AUDIENCES,
  CUISINE_TYPES,
  CULTURAL_CONTEXTS,
  DEFAULT_INFOGRAPHIC_SIZE,
  EXTRA_SIZES,
  INFOGRAPHIC_CONTENT_TYPES,
  SIZE_PRESETS,
  zChoiceList,
  zErrorResponse,
  zSizeList,
} from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTENT_TYPE_LABELS } from '../../services/infographics/planning/built-in-templates.ts';

const AUDIENCE_TEXTS: Record<(typeof AUDIENCES)[number], [string, string]> = {
  general: ['General', 'Anyone: clear wording, balanced colours.'],
  health_enthusiasts: [
    'Health Enthusiasts',
    'People who care about nutrition and wellbeing: figures first, fresh colours.',
  ],
  beginner: ['Beginners', 'First-timers: steps and basics up front, plenty of room.'],
  busy_parents: ['Busy Parents', 'Short on time: times, servings and the quickest path first.'],
};

const CONTEXT_TEXTS: Record<(typeof CULTURAL_CONTEXTS)[number], [string, string]> = {
  international: ['International', 'Neutral palette and imagery that travel anywhere.'],
  asian: ['Asian', 'Palettes and motifs from East and Southeast Asian design.'],
  mediterranean: ['Mediterranean', 'Sun-warmed blues, olive greens and terracotta.'],
  indian: ['Indian', 'Rich saffron, turmeric and jewel tones.'],
  mexican: ['Mexican', 'Bright papel-picado colours and bold contrast.'],
};

const title = (key: string) =>
  key
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** The fixed lists the dialogs are built from (spec §3): public, they hold no user data. */
export function catalogRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/react/sizes',
      {
        config: { public: true },
        schema: {
          tags: ['infographics'],
          summary: 'Size presets (spec §3) and the extra sizes some dialogs use',
          response: { 200: zSizeList },
        },
      },
      async () => ({
        items: [
          ...SIZE_PRESETS.map((s) => ({ ...s, preset: true })),
          ...EXTRA_SIZES.map((s) => ({ ...s, preset: false })),
        ],
        default: DEFAULT_INFOGRAPHIC_SIZE,
      }),
    );

    app.get(
      '/react/content-types',
      {
        config: { public: true },
        schema: {
          tags: ['infographics'],
          summary: 'Infographic content types; enhanced is the default',
          response: { 200: zChoiceList },
        },
      },
      async () => ({
        items: INFOGRAPHIC_CONTENT_TYPES.map((value) => ({ value, ...CONTENT_TYPE_LABELS[value] })),
        default: 'enhanced',
      }),
    );

    app.get(
      '/custom/audiences',
      {
        config: { public: true },
        schema: {
          tags: ['infographics'],
          summary: 'Target audiences; general is the fallback',
          response: { 200: zChoiceList },
        },
      },
      async () => ({
        items: AUDIENCES.map((value) => ({
          value,
          label: AUDIENCE_TEXTS[value][0],
          description: AUDIENCE_TEXTS[value][1],
        })),
        default: 'general',
      }),
    );

    app.get(
      '/custom/cultural-contexts',
      {
        config: { public: true },
        schema: {
          tags: ['infographics'],
          summary: 'Cultural contexts; international is the fallback',
          response: { 200: zChoiceList },
        },
      },
      async () => ({
        items: CULTURAL_CONTEXTS.map((value) => ({
          value,
          label: CONTEXT_TEXTS[value][0],
          description: CONTEXT_TEXTS[value][1],
        })),
        default: 'international',
      }),
    );

    app.get(
      '/cuisine-types',
      {
        config: { public: true },
        schema: {
          tags: ['infographics'],
          summary: 'Cuisine types a recipe collection can be filed under',
          response: { 200: zChoiceList, 400: zErrorResponse },
        },
      },
      async () => ({
        items: CUISINE_TYPES.map((value) => ({ value, label: title(value), description: '' })),
        default: 'international',
      }),
    );
  };
}
