import type { ContentBlock } from '@voxpress/contracts';
import type { PlatformRules } from './platform-rules.ts';

/** A piece in one language, as renditions are made from it. */
export interface RenditionSource {
  title: string;
  language: string;
  /** The piece's blocks in order, each resting on the recording. */
  blocks: readonly ContentBlock[];
  /** The blocks as Markdown (the piece's text in this language, edits included). */
  markdown: string;
  keywords: readonly string[];
}

/** One platform's rendition as a writer made it, already within the platform's limits. */
export interface RenditionDraft {
  platform: string;
  parts: string[];
  /** Article platforms: the HTML of `parts[0]`. */
  html: string | null;
}

export interface RenditionRequest {
  source: RenditionSource;
  platforms: PlatformRules[];
  /** The author's note on how they write, for language models. */
  voice?: string | undefined;
  signal: AbortSignal;
}
