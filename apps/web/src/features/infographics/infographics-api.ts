import type {
  ChoiceList,
  CustomInfographicRequest,
  GenerationResult,
  InfographicGenerateRequest,
  InfographicJob,
  InfographicJobSubmit,
  InfographicJobSubmitted,
  InfographicSaveRequest,
  SavedInfographic,
  SavedList,
  SingleGenerationResult,
  SizeList,
  TemplateCollection,
  TemplateCollectionRequest,
  TemplateSuggestion,
  TemplateSuggestionRequest,
} from '@voxpress/contracts';
import { api } from '../../lib/api.ts';

// The infographic endpoints the browser uses (spec §7 Infographics), each a thin call: what to do
// with an answer or an error is decided by the dialogs.

const BASE = '/infographics';

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
  api.request<GenerationResult>(`${BASE}/react/generate-multiple-templates-immediate`, {
    json: request,
    ...(signal ? { signal } : {}),
  });

/** A set of variations now (the style variations modal). */
export const generateVariations = (request: InfographicGenerateRequest, signal?: AbortSignal) =>
  api.request<GenerationResult>(`${BASE}/react/generate`, { json: request, ...(signal ? { signal } : {}) });

/** The AI custom infographic: one image designed for the content. */
export const generateCustom = (request: CustomInfographicRequest, signal?: AbortSignal) =>
  api.request<SingleGenerationResult>(`${BASE}/react/generate-custom`, {
    json: request,
    ...(signal ? { signal } : {}),
  });

/** Queues a set as a durable job; the answer carries signed links to follow it. */
export const submitJob = (request: InfographicJobSubmit) =>
  api.request<InfographicJobSubmitted>(`${BASE}/queue/submit`, { json: request });

/** A job with the variations made so far (the polling fallback of its stream). */
export const getJob = (jobId: string) => api.request<InfographicJob>(`${BASE}/queue/status/${jobId}`);

/** Keeps an image in the user's gallery; saving the same image again returns the first save. */
export const saveInfographic = (request: InfographicSaveRequest) =>
  api.request<SavedInfographic>(`${BASE}/save`, { json: request });

/** Saved images, newest first, 50 to a page. */
export const listSaved = (query: SavedQuery) => {
  const params = new URLSearchParams();
  if (query.transcription_id) params.set('transcription_id', query.transcription_id);
  if (query.content_id) params.set('content_id', query.content_id);
  if (query.page) params.set('page', String(query.page));
  return api.request<SavedList>(`${BASE}/saved?${params}`);
};

/** Names the favourites as a collection. */
export const createCollection = (request: TemplateCollectionRequest) =>
  api.request<TemplateCollection>(`${BASE}/collections/create`, { json: request });

/** What the content suggests: content type, audience, cultural context and the templates to use. */
export const suggestTemplates = (request: TemplateSuggestionRequest) =>
  api.request<TemplateSuggestion>(`${BASE}/template-suggestions`, { json: request });

export const listAudiences = () => api.request<ChoiceList>(`${BASE}/custom/audiences`);

export const listCulturalContexts = () => api.request<ChoiceList>(`${BASE}/custom/cultural-contexts`);

export const listSizes = () => api.request<SizeList>(`${BASE}/react/sizes`);
