import { GhostPublisher } from '../../engines/publisher/ghost.publisher.ts';
import type { Publisher } from '../../engines/publisher/publisher.ts';
import { WordPressPublisher } from '../../engines/publisher/wordpress.publisher.ts';
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
    return row.platform === 'wordpress'
      ? new WordPressPublisher(this.http, { url: row.url, username: row.account, appPassword: secret })
      : new GhostPublisher(this.http, { url: row.url, adminApiKey: secret });
  }

  wordpress(url: string, username: string, appPassword: string): Publisher {
    return new WordPressPublisher(this.http, { url, username, appPassword });
  }

  ghost(url: string, adminApiKey: string): Publisher {
    return new GhostPublisher(this.http, { url, adminApiKey });
  }

  seal(secret: string, rowId: string): string {
    return this.box.seal(secret, rowId);
  }
}
