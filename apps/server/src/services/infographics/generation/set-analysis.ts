import { parseInfographicSize } from '@voxpress/contracts';
import type { RenderBrand } from '../../../engines/renderer/renderer.ts';
import { HttpError } from '../../../lib/http-error.ts';
import type { TranscriptionsRepository } from '../../../repositories/transcriptions.repository.ts';
import type { ContentService } from '../../content/content.service.ts';
import type { BrandKitService } from '../brand/brand-kit.service.ts';
import type { ShareLinkFinder } from '../brand/share-link.ts';
import { type InfographicSource, resolveSource } from '../material/infographic-source.ts';
import { type GenerateInput, type SetContext, type Size, setContext } from './set-context.ts';

export const SIZES_MISSING = 'Please select at least one size above to generate infographics';

/** What analyzing a request reads: the content, the brand kit and the item's share link. */
export interface SetAnalysisDeps {
  content: ContentService;
  /** The user's brand kit, for requests that ask for it. */
  brand?: Pick<BrandKitService, 'forRender'> | undefined;
  /** Reads who said a quote (named voices); without it quotes carry no speaker. */
  transcriptions?: Pick<TranscriptionsRepository, 'findOwned'> | undefined;
  /** The item's share link, for a QR code; without it no image carries one. */
  shareLinks?: Pick<ShareLinkFinder, 'urlFor'> | undefined;
}

/**
 * Analyzing: the content a set is drawn from, the choices the request left open, the sizes, and
 * what is printed besides the content (the brand kit, the share page's QR code).
 */
export class SetAnalysis {
  constructor(private readonly deps: SetAnalysisDeps) {}

  /** The sizes asked for: `sizes` when given (never empty), else `size`, else the default. */
  sizes(request: Pick<GenerateInput, 'size' | 'sizes'>, fallback: string): Size[] {
    if (request.sizes && request.sizes.length === 0)
      throw new HttpError(400, 'infographic_sizes_missing', SIZES_MISSING);
    const values = request.sizes ?? [request.size ?? fallback];
    return [...new Set(values)].map(parseInfographicSize);
  }

  /** The user's brand kit as renders apply it, when asked for and saved. */
  async brandFor(userId: string, use: boolean | undefined): Promise<RenderBrand | undefined> {
    return use ? this.deps.brand?.forRender(userId) : undefined;
  }

  /**
   * The share page a QR code points at: asked for with `share_qr` (by default whenever the brand
   * is used), and only while the item has a link in force.
   */
  async shareUrlFor(
    userId: string,
    transcriptionId: string | null,
    wanted: boolean | undefined,
  ): Promise<string | undefined> {
    if (!wanted) return undefined;
    return (await this.deps.shareLinks?.urlFor(userId, transcriptionId)) ?? undefined;
  }

  /** The content, the choices left open, the sizes. */
  async analyze(
    userId: string,
    request: GenerateInput,
    options: { defaultSize: string; setId?: string; jobId?: string },
  ): Promise<{ context: SetContext; source: InfographicSource }> {
    const sizes = this.sizes(request, options.defaultSize);
    const source = await resolveSource(
      this.deps.content,
      userId,
      request,
      undefined,
      this.deps.transcriptions,
    );
    const brand = await this.brandFor(userId, request.use_brand);
    const context = setContext(userId, source, sizes, options);
    const shareUrl = await this.shareUrlFor(
      userId,
      context.transcriptionId,
      request.share_qr ?? request.use_brand,
    );
    return { context: { ...context, brand, shareUrl }, source };
  }
}
