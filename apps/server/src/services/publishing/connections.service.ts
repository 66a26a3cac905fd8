import { randomUUID } from 'node:crypto';
import type { Connection, ConnectionCreate } from '@voxpress/contracts';
import { notFound } from '../../lib/http-error.ts';
import type { ConnectionRow, PublishingRepository } from '../../repositories/publishing.repository.ts';
import { publishHttpError } from './publish-errors.ts';
import type { Publishers } from './publishers.ts';

/**
 * A user's publishing connections. Each is checked with a harmless authenticated call before it
 * is kept; its secret is sealed (AES-256-GCM) and never leaves the server again.
 */
export class ConnectionsService {
  constructor(
    private readonly repository: PublishingRepository,
    private readonly publishers: Publishers,
  ) {}

  async create(userId: string, input: ConnectionCreate): Promise<Connection> {
    const url = siteUrl(input.url);
    const site =
      input.platform === 'wordpress'
        ? { url, account: input.username, secret: input.app_password }
        : { url, account: '', secret: input.admin_api_key };
    const publisher = this.publishers.forSite(input.platform, site);
    let checked: Awaited<ReturnType<typeof publisher.check>>;
    try {
      checked = await publisher.check(AbortSignal.timeout(30_000));
    } catch (err) {
      throw publishHttpError(err);
    }
    const id = randomUUID();
    const row = await this.repository.addConnection({
      id,
      userId,
      platform: input.platform,
      name: input.name || checked.siteName || new URL(url).host,
      url,
      account: input.platform === 'wordpress' ? input.username : checked.account,
      secret: this.publishers.seal(site.secret, id),
      checkedAt: new Date(),
    });
    return toConnection(row);
  }

  async list(userId: string): Promise<Connection[]> {
    return (await this.repository.connections(userId)).map(toConnection);
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.repository.deleteConnection(userId, id)))
      throw notFound('Connection not found', 'connection_not_found');
  }

  async owned(userId: string, id: string): Promise<ConnectionRow> {
    const row = await this.repository.connection(userId, id);
    if (!row) throw notFound('Connection not found', 'connection_not_found');
    return row;
  }
}

/** The site's address as entered, without a trailing slash, query or fragment. */
function siteUrl(raw: string): string {
  const url = new URL(raw.trim());
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

export function toConnection(row: ConnectionRow): Connection {
  return {
    id: row.id,
    platform: row.platform,
    name: row.name,
    url: row.url,
    account: row.account,
    created_at: row.createdAt.toISOString(),
    checked_at: row.checkedAt?.toISOString() ?? null,
  };
}
