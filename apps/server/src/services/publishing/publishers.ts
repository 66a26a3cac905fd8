import type { PublisherPlatform } from '@voxpress/contracts';
import type { Publisher } from '../../engines/publisher/publisher.ts';
import { PUBLISHERS, type SiteAccess } from '../../engines/publisher/registry.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { GuardedFetch } from '../../net/guarded-fetch.ts';
import type { ConnectionRow } from '../../repositories/publishing.repository.ts';

/** Makes the publisher for a stored connection, opening its sealed secret. */
export class Publishers {
  constructor(
    private readonly http: GuardedFetch,
    private readonly box: SecretBox,
  ) {}

  forConnection(row: ConnectionRow): Publisher {
    const secret = this.box.open(row.secret, row.id);
    return this.forSite(row.platform, { url: row.url, account: row.account, secret });
  }

  forSite(platform: PublisherPlatform, site: SiteAccess): Publisher {
    return PUBLISHERS[platform].create(this.http, site);
  }

  seal(secret: string, rowId: string): string {
    return this.box.seal(secret, rowId);
  }
}
