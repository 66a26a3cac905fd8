import { randomUUID } from 'node:crypto';
import type { zInfographicGenerateRequest } from '@voxpress/contracts';
import type { z } from 'zod';
import type { RenderBrand } from '../../../engines/renderer/renderer.ts';
import type { InfographicSource } from '../material/infographic-source.ts';
import type { VariationPlan } from '../planning/variation-planner.ts';

export const GENERATION_FAILED = 'Failed to generate infographics. Please try again.';
/** Most images one immediate request may draw; a job may draw more. */
export const MAX_IMMEDIATE_IMAGES = 60;
export const MAX_JOB_IMAGES = 135;

export type GenerateInput = z.output<typeof zInfographicGenerateRequest>;

/** One size a set is drawn at, in pixels. */
export interface Size {
  width: number;
  height: number;
}

/** Who a set is for and what it is drawn from: the content it belongs to and the choices made. */
export interface SetContext {
  userId: string;
  setId: string;
  jobId: string | null;
  contentId: string | null;
  transcriptionId: string | null;
  contentType: InfographicSource['contentType'];
  audience: InfographicSource['audience'];
  culturalContext: InfographicSource['culturalContext'];
  sizes: Size[];
  /** The user's brand kit, when the request asked for it and one is saved. */
  brand?: RenderBrand | undefined;
  /** The item's share page, drawn as a QR code, when asked for and a link is in force. */
  shareUrl?: string | undefined;
}

/** A set being made: its context, and each variation's plan. */
export interface PreparedSet extends SetContext {
  plans: VariationPlan[];
  notices: string[];
}

/** A set's context from the content it is drawn from. */
export function setContext(
  userId: string,
  source: InfographicSource,
  sizes: Size[],
  ids: { setId?: string | undefined; jobId?: string | undefined } = {},
): SetContext {
  return {
    userId,
    setId: ids.setId ?? randomUUID(),
    jobId: ids.jobId ?? null,
    contentId: source.content?.id ?? null,
    transcriptionId: source.content?.transcriptionId ?? null,
    contentType: source.contentType,
    audience: source.audience,
    culturalContext: source.culturalContext,
    sizes,
  };
}
