import type {
  Audience,
  Content,
  CulturalContext,
  InfographicContentType,
  InfographicGenerateRequest,
  TemplateSuggestion,
} from '@voxpress/contracts';

/** The AI template configuration a generation runs with (spec §2, the dialog's Setup tab). */
export interface InfographicSetup {
  content_type: InfographicContentType;
  target_audience: Audience;
  cultural_context: CulturalContext;
  /** Draw in the user's brand kit (Settings → Brand). */
  use_brand?: boolean;
  /** The item's share page, when it has a link in force: what a QR code would point at. */
  share_url?: string;
  /** Draw that QR code; unset follows `use_brand`. */
  share_qr?: boolean;
}

/** What the images are drawn from: one piece of content, in one of its languages. */
export interface InfographicSource {
  piece: Content;
  language: string;
}

/** The configuration the content suggests, with the user's own choices over it. */
export function setupOf(
  suggestion: Pick<TemplateSuggestion, 'content_type' | 'target_audience' | 'cultural_context' | 'share_url'>,
  chosen: Partial<InfographicSetup>,
): InfographicSetup {
  return {
    content_type: chosen.content_type ?? suggestion.content_type,
    target_audience: chosen.target_audience ?? suggestion.target_audience,
    cultural_context: chosen.cultural_context ?? suggestion.cultural_context,
    ...(chosen.use_brand ? { use_brand: true } : {}),
    ...(suggestion.share_url ? { share_url: suggestion.share_url } : {}),
    ...(chosen.share_qr === undefined ? {} : { share_qr: chosen.share_qr }),
  };
}

/** Whether the QR code to the share page is drawn: only with a link, by default with the brand. */
export function drawsShareQr(setup: InfographicSetup): boolean {
  return Boolean(setup.share_url) && (setup.share_qr ?? Boolean(setup.use_brand));
}

/** The design fields of a request: the choices, the brand, and the QR code only as offered. */
export function designOf(setup: InfographicSetup) {
  return {
    content_type: setup.content_type,
    target_audience: setup.target_audience,
    cultural_context: setup.cultural_context,
    ...(setup.use_brand ? { use_brand: true } : {}),
    // Sent either way: a link made after the dialog opened is not drawn unasked.
    share_qr: drawsShareQr(setup),
  };
}

/** The generate payload (spec §3) for a source, a configuration and the sizes chosen. */
export function generateRequest(
  source: InfographicSource,
  setup: InfographicSetup,
  sizes: readonly string[],
  variationCount: number,
): InfographicGenerateRequest {
  return {
    content_id: source.piece.id,
    language: source.language,
    ...designOf(setup),
    sizes: [...sizes],
    variation_count: variationCount,
  };
}
