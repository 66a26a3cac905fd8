/**
 * The built-in composer: Voxpress's offline writer (engine kind `writer`, id `composer`) and the
 * transcript shaping the transcript panel reads with.
 *
 * - `BuiltInComposer#write(request)` / `composeContent(request)`: a `ComposeRequest` (segments,
 *   optional edited text, language, optional content type, title and keywords) → a
 *   `ComposedContent` (title, summary, titled sections of grounded paragraphs, key points,
 *   quotes, keywords, hashtags, metadata per content type, word count).
 * - `renderMarkdown` / `renderHtml`: the piece as text; HTML carries `data-segment-ids` and
 *   `data-start` on every paragraph so the viewer can play its source. `contentBlocks`: the
 *   same as heading / paragraph / bullet / numbered blocks, the language-model writer's shape.
 * - Segment ids are indexes into the transcript's `segments` array, as the language-model
 *   writer numbers its `#id` lines.
 * - `shapeTranscript(segments, language, options)`: sentences and paragraphs for reading.
 * - `guessContentType(text, title)`: the spec's keyword rules.
 */

export { guessContentType } from '@voxpress/contracts';
export { composeContent } from './compose.ts';
export * from './composed-content.schema.ts';
export { BuiltInComposer } from './composer.writer.ts';
export {
  COMPOSER_CONTENT_TYPES,
  composerArranges,
  typesNeedingLanguageModel,
} from './composer-capabilities.ts';
export { CONTENT_LANGUAGES } from './language.ts';
export {
  type ContentBlock,
  clock,
  contentBlocks,
  countWords,
  plainText,
  renderHtml,
  renderMarkdown,
} from './render.ts';
export { slugify } from './seo-metadata.ts';
export {
  type ShapedTranscript,
  type ShapeOptions,
  shapeTranscript,
  zShapedTranscript,
} from './shape-transcript.ts';
