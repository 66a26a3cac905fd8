import {
  type Audience,
  type CulturalContext,
  type Emphasis,
  findSize,
  type InfographicContentType,
  type InfographicJob,
  type InfographicJobEvent,
  type InfographicVariation,
  infographicJobMessage,
  type LayoutStyleKey,
  type SavedInfographic,
  type VariationType,
} from '@voxpress/contracts';
import type { ImageRow } from '../../../repositories/infographics/images.repository.ts';
import type { InfographicJobRow } from '../../../repositories/infographics/jobs.repository.ts';
import type { SavedRow } from '../../../repositories/infographics/library.repository.ts';
import { fitToContract } from '../material/fit-data.ts';
import type { ImageLink } from './image-store.ts';

export const sizeOf = (width: number, height: number) => `${width}x${height}`;
export const sizeLabel = (width: number, height: number) =>
  findSize(sizeOf(width, height))?.label ?? `Custom ${width}×${height}`;

/** A stored image as the spec's variation, with its signed link. */
export function toVariation(
  row: ImageRow,
  link: ImageLink,
  extras: { dataUrl?: string | undefined; debug?: boolean } = {},
): InfographicVariation {
  const variation: InfographicVariation = {
    id: row.id,
    name: row.name,
    variation_name: row.variationName,
    variation_index: row.variationIndex,
    variation_type: row.variationType as VariationType,
    template_id: row.templateId,
    infographic_url: link.url,
    url_expires_at: link.expiresAt.toISOString(),
    size: sizeOf(row.width, row.height),
    size_label: sizeLabel(row.width, row.height),
    width: row.width,
    height: row.height,
    style: row.style as LayoutStyleKey,
    content_type: row.contentType as InfographicContentType,
    target_audience: row.audience as Audience,
    cultural_context: row.culturalContext as CulturalContext,
    language: row.language,
    template_info: {
      style: row.style as LayoutStyleKey,
      emphasis: row.emphasis as Emphasis,
      best_for: row.bestFor,
    },
    success: true,
    error: null,
    generation_time_ms: row.generationTimeMs,
    generated_at: row.createdAt.toISOString(),
    content_id: row.contentId,
    // Images stored before texts were fitted may hold longer ones: answer them within the contract.
    data: row.data ? fitToContract(row.data) : null,
  };
  if (extras.dataUrl) variation.data_url = extras.dataUrl;
  if (extras.debug) variation.debug = { ...(row.plan ?? {}), bytes: row.sizeBytes };
  return variation;
}

/** A stored job as the spec's job, with the variations made so far. */
export function toJob(row: InfographicJobRow, results: InfographicVariation[]): InfographicJob {
  return { ...toJobEvent(row), results };
}

/** What the status stream sends: the job without its results. */
export function toJobEvent(row: InfographicJobRow): InfographicJobEvent {
  return {
    job_id: row.id,
    status: row.status,
    progress: Math.round(row.progress * 10) / 10,
    current_step: row.currentStep,
    completed_variations: row.completedVariations,
    total_variations: row.totalVariations,
    error_message: row.errorMessage,
    content_id: row.contentId,
    priority: row.priority,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The spec's message for the state a job row is in. */
export function stepOf(row: Pick<InfographicJobRow, 'status' | 'completedVariations' | 'totalVariations'>) {
  return infographicJobMessage(row.status, row.completedVariations, row.totalVariations);
}

export function toSaved(saved: SavedRow, image: ImageRow, link: ImageLink): SavedInfographic {
  return {
    id: saved.id,
    image_id: image.id,
    infographic_url: link.url,
    url_expires_at: link.expiresAt.toISOString(),
    content_type: saved.contentType as InfographicContentType,
    template_id: saved.templateId,
    size: sizeOf(image.width, image.height),
    size_label: sizeLabel(image.width, image.height),
    width: image.width,
    height: image.height,
    generated_at: saved.generatedAt.toISOString(),
    generation_time_ms: image.generationTimeMs,
    transcription_id: saved.transcriptionId,
    content_id: saved.contentId,
    metadata: {
      title: saved.title,
      description: saved.description,
      style: (saved.style as LayoutStyleKey | null) ?? null,
      audience: (saved.audience as Audience | null) ?? null,
      cultural_context: (saved.culturalContext as CulturalContext | null) ?? null,
    },
    created_at: saved.createdAt.toISOString(),
  };
}
