import {
  zErrorResponse,
  zInfographicContentType,
  zInfographicTemplate,
  zTemplateCreateRequest,
  zTemplateDebug,
  zTemplateDuplicateRequest,
  zTemplateList,
  zTemplateSuggestion,
  zTemplateSuggestionRequest,
} from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 404: zErrorResponse, 409: zErrorResponse };
const zTemplateId = z.object({ id: z.string().max(100, 'Template not found') });
const tags = ['infographic templates'];

/** Built-in and user templates, template suggestions. */
export function templatesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const templates = ctx.infographics.templates;
  return async (app) => {
    app.get(
      '/react/templates',
      {
        schema: {
          tags,
          summary: 'Every template: the built-in ones (layout style × content type), then your own',
          querystring: z.object({ content_type: zInfographicContentType.optional() }),
          response: { 200: zTemplateList, ...errors },
        },
      },
      async (request) => {
        const items = await templates.list(request.userId, request.query.content_type);
        return { items, total: items.length };
      },
    );

    app.get(
      '/react/templates/:id',
      {
        schema: {
          tags,
          summary: 'One template: a built-in id such as modern-recipe, or one of your own',
          params: zTemplateId,
          response: { 200: zInfographicTemplate, ...errors },
        },
      },
      async (request) => templates.get(request.userId, request.params.id),
    );

    app.get(
      '/templates-by-type/:type',
      {
        schema: {
          tags,
          summary: 'The templates of one content type, built-in and your own',
          params: z.object({ type: zInfographicContentType }),
          response: { 200: zTemplateList, ...errors },
        },
      },
      async (request) => {
        const items = await templates.list(request.userId, request.params.type);
        return { items, total: items.length };
      },
    );

    app.get(
      '/user-templates',
      {
        schema: {
          tags,
          summary: 'The templates you made or duplicated, newest first',
          querystring: z.object({ content_type: zInfographicContentType.optional() }),
          response: { 200: zTemplateList, ...errors },
        },
      },
      async (request) => {
        const items = await templates.userTemplates(request.userId, request.query.content_type);
        return { items, total: items.length };
      },
    );

    app.post(
      '/create-template',
      {
        schema: {
          tags,
          summary: 'Make a template: a layout style with your colours and layers',
          description:
            'Layers: `{type: "footer", text}` adds a line at the bottom (a brand or handle), `{type: "tags", tags}` fixed tags, `{type: "hide", part}` leaves a part out.',
          body: zTemplateCreateRequest,
          response: { 201: zInfographicTemplate, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await templates.create(request.userId, request.body)),
    );

    app.post(
      '/duplicate-template',
      {
        schema: {
          tags,
          summary: 'Copy a built-in or own template under a new name, with modifications',
          body: zTemplateDuplicateRequest,
          response: { 201: zInfographicTemplate, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await templates.duplicate(request.userId, request.body)),
    );

    app.delete(
      '/user-templates/:id',
      {
        schema: {
          tags,
          summary: 'Delete one of your templates (images made with it stay)',
          params: zTemplateId,
          response: { 200: z.object({ message: z.string() }), ...errors },
        },
      },
      async (request) => {
        await templates.delete(request.userId, request.params.id);
        return { message: 'Template deleted' };
      },
    );

    app.get(
      '/debug/template/:id',
      {
        schema: {
          tags,
          summary: 'A template, the renderer’s state, and a 512x512 sample drawn now with its time',
          params: zTemplateId,
          response: { 200: zTemplateDebug, ...errors },
        },
      },
      async (request) =>
        ctx.infographics.generation.debugTemplate(await templates.get(request.userId, request.params.id)),
    );

    app.post(
      '/template-suggestions',
      {
        schema: {
          tags,
          summary: 'Suggest content type, audience, cultural context and templates for some content',
          description:
            'The configured language model decides when one is ready; otherwise (or if it fails) the keyword rules do: recipe (ingredients, recipe, cooking, bake), tutorial (step 1, how to, guide), meeting_notes (meeting, agenda, action items, attendees), product_description (features, price, benefits), else enhanced; audience and context by keywords, falling back to general and international.',
          body: zTemplateSuggestionRequest,
          response: { 200: zTemplateSuggestion, ...errors },
        },
      },
      async (request) => ctx.infographics.suggestions.suggest(request.userId, request.body),
    );
  };
}
