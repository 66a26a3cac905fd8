import {
  type BatchGenerationResult,
  zBatchGenerationResult,
  zCustomInfographicRequest,
  zErrorResponse,
  zGenerationResult,
  zInfographicGenerateRequest,
  zQuickGenerateRequest,
  zRerenderRequest,
  zSingleGenerationResult,
} from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';

const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
  503: zErrorResponse,
};
const tags = ['infographics'];
const CONTENT =
  'Draw from `content_id` (a piece of content, in `language`: its first language by default) or from the free-form `content_data` (a text, or an object with title, text, key_points, ingredients, steps, meeting_data, product_data…).';

/** Generation that answers at once, through the renderer pool. */
export function generateRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { generation, single } = ctx.infographics;
  return async (app) => {
    app.post(
      '/react/generate',
      {
        schema: {
          tags,
          summary: 'Generate a set of variations now (default: INFOGRAPHIC_DEFAULT_VARIATIONS at 1080x1080)',
          description: `${CONTENT} Each variation pairs a layout style with an emphasis; \`sizes\` draws every variation at each size. A variation that fails is listed with success false and its error.`,
          body: zInfographicGenerateRequest,
          response: { 200: zGenerationResult, ...errors },
        },
      },
      async (request) => generation.generate(request.userId, request.body),
    );

    app.post(
      '/react/generate-multiple-templates-immediate',
      {
        schema: {
          tags,
          summary: 'The generator dialog’s set: 5 template variations at 512x512 unless asked otherwise',
          description: CONTENT,
          body: zInfographicGenerateRequest,
          response: { 200: zGenerationResult, ...errors },
        },
      },
      async (request) =>
        generation.generate(request.userId, request.body, { defaultSize: '512x512', defaultVariations: 5 }),
    );

    app.post(
      '/react/generate-batch',
      {
        schema: {
          tags,
          summary: 'Generate the same variations at several sizes, one result per size',
          description: `${CONTENT} Send the sizes in \`sizes\` (the content viewer’s checkboxes); none gives 'Please select at least one size above to generate infographics'.`,
          body: zInfographicGenerateRequest,
          response: { 200: zBatchGenerationResult, ...errors },
        },
      },
      async (request): Promise<BatchGenerationResult> => {
        const all = await generation.generate(request.userId, request.body);
        const sizes = [...new Set(all.variations.map((v) => v.size))];
        const results = sizes.map((size) => {
          const variations = all.variations.filter((v) => v.size === size);
          const generated = variations.filter((v) => v.success).length;
          return {
            ...all,
            size,
            variations,
            success: generated > 0,
            total_generated: generated,
            total_failed: variations.length - generated,
            error: generated > 0 ? null : (variations.find((v) => v.error)?.error ?? all.error),
          };
        });
        return {
          success: all.success,
          results,
          total_generated: all.total_generated,
          total_failed: all.total_failed,
          error: all.error,
        };
      },
    );

    app.post(
      '/react/generate-custom',
      {
        schema: {
          tags,
          summary: 'The AI custom infographic: one image designed for the content, link and image inline',
          description: `${CONTENT} The configured language model chooses the design when one is ready (it never writes the texts); otherwise the template that suits the audience and context.`,
          body: zCustomInfographicRequest,
          response: { 200: zSingleGenerationResult, ...errors },
        },
      },
      async (request) => single.custom(request.userId, request.body),
    );

    app.post(
      '/quick-generate',
      {
        schema: {
          tags,
          summary: 'One image: a variation again at another size (image_id), or content with one template',
          description: `${CONTENT} With \`image_id\`, that variation is drawn again at \`size\` (default 1080x1080) with its texts and template.`,
          body: zQuickGenerateRequest,
          response: { 200: zSingleGenerationResult, ...errors },
        },
      },
      async (request) => single.quick(request.userId, request.body),
    );

    app.post(
      '/react/rerender',
      {
        schema: {
          tags,
          summary: 'Draw a variation again with texts you edited (its `data`), at its size or another',
          description:
            'Send the variation’s `data` with your changes: title, subtitle, points, steps, ingredients, facts, quote, action items, tags, footer. The texts are drawn as given (fitted, never rewritten); the answer is a new variation.',
          body: zRerenderRequest,
          response: { 200: zSingleGenerationResult, ...errors },
        },
      },
      async (request) => single.rerender(request.userId, request.body),
    );
  };
}
