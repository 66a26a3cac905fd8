import type { SecretBox } from '../../../lib/secret-box.ts';
import type { SharesRepository } from '../../../repositories/shares.repository.ts';
import { sharePageUrl } from '../../shares/shares.service.ts';

export interface ShareLinkDeps {
  shares: Pick<SharesRepository, 'newestActiveFor'>;
  /** The box share tokens are sealed in ('share links'). */
  box: SecretBox;
  /** The configured public address; without one there is no address a phone could open. */
  publicUrl?: string | undefined;
  now?: () => Date;
}

/**
 * The address an infographic's QR code points at: the newest link in force (neither revoked nor
 * expired) to the item the content belongs to, built as the share service builds it. Null when
 * the item has no such link, its token cannot be opened, or the server has no public address.
 */
export class ShareLinkFinder {
  private readonly now: () => Date;

  constructor(private readonly deps: ShareLinkDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async urlFor(userId: string, transcriptionId: string | null): Promise<string | null> {
    if (!transcriptionId || !this.deps.publicUrl) return null;
    const row = await this.deps.shares.newestActiveFor(userId, transcriptionId, this.now());
    const token = row ? this.deps.box.tryOpen(row.tokenSealed, row.id) : null;
    return token ? sharePageUrl(this.deps.publicUrl, token) : null;
  }
}
