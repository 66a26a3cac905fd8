import type {
  CustomInfographicRequest,
  InfographicGenerateRequest,
  InfographicJobSubmit,
  InfographicSaveRequest,
  TemplateCollectionRequest,
  TemplateSuggestionRequest,
} from '@voxpress/contracts';
import { api } from '../../lib/api.ts';

// The infographic endpoints the browser uses (spec §7 Infographics), each a thin call: what to do
// with an answer or an error is decided by the dialogs.

/** Saved images of one item (a transcript or document) or one piece of content. */
export interface SavedQuery {
  transcription_id?: string;
  content_id?: string;
  page?: number;
}

export const infographicKeys = {
  sizes: ['infographics', 'sizes'] as const,
  audiences: ['infographics', 'audiences'] as const,
  culturalContexts: ['infographics', 'cultural-contexts'] as const,
  suggestion: (contentId: string, language: string) =>
    ['infographics', 'suggestion', contentId, language] as const,
  saved: (query: SavedQuery) => ['infographics', 'saved', query] as const,
  /** Every saved list, whatever its filter: what a new save makes stale. */
  allSaved: ['infographics', 'saved'] as const,
};

/** The generator dialog's set: five template variations now, at each size asked for. */
export const generateTemplateVariations = (request: InfographicGenerateRequest, signal?: AbortSignal) =>
  api.post('/api/v1/infographics/react/generate-multiple-templates-immediate', {
    json: request,
    ...(signal ? { signal } : {}),
  });

/** A set of variations now (the style variations modal). */
export const generateVariations = (request: InfographicGenerateRequest, signal?: AbortSignal) =>
  api.post('/api/v1/infographics/react/generate', { json: request, ...(signal ? { signal } : {}) });

/** The AI custom infographic: one image designed for the content. */
export const generateCustom = (request: CustomInfographicRequest, signal?: AbortSignal) =>
  api.post('/api/v1/infographics/react/generate-custom', {
    json: request,
    ...(signal ? { signal } : {}),
  });

/** Queues a set as a durable job; the answer carries signed links to follow it. */
export const submitJob = (request: InfographicJobSubmit) =>
  api.post('/api/v1/infographics/queue/submit', { json: request });

/** A job with the variations made so far (the polling fallback of its stream). */
export const getJob = (jobId: string) =>
  api.get('/api/v1/infographics/queue/status/{id}', { path: { id: jobId } });

/** Keeps an image in the user's gallery; saving the same image again returns the first save. */
export const saveInfographic = (request: InfographicSaveRequest) =>
  api.post('/api/v1/infographics/save', { json: request });

/** Saved images, newest first, 50 to a page. */
export const listSaved = (query: SavedQuery) =>
  api.get('/api/v1/infographics/saved', {
    query: {
      transcription_id: query.transcription_id || undefined,
      content_id: query.content_id || undefined,
      page: query.page || undefined,
    },
  });

/** Names the favourites as a collection. */
export const createCollection = (request: TemplateCollectionRequest) =>
  api.post('/api/v1/infographics/collections/create', { json: request });

/** What the content suggests: content type, audience, cultural context and the templates to use. */
export const suggestTemplates = (request: TemplateSuggestionRequest) =>
  api.post('/api/v1/infographics/template-suggestions', { json: request });

export const listAudiences = () => api.get('/api/v1/infographics/custom/audiences');

export const listCulturalContexts = () => api.get('/api/v1/infographics/custom/cultural-contexts');

export const listSizes = () => api.get('/api/v1/infographics/react/sizes');
