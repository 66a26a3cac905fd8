import { createHash, randomBytes } from 'node:crypto';
import {
  API_TOKENS_MAX,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
  type ApiTokenScope,
} from '@voxpress/contracts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { ApiTokenRow, ApiTokensRepository } from '../../repositories/api-tokens.repository.ts';
import { InvalidTokenError } from './tokens.ts';

/** Every personal access token starts with this, so it is recognised (and found by secret scanners). */
export const API_TOKEN_PREFIX = 'vxp_';
/** Random bytes in a token: 256 bits, so the unsalted SHA-256 kept of it cannot be reversed. */
const TOKEN_BYTES = 32;
/** A token's last use is written at most this often. */
const TOUCH_EVERY_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who a personal access token speaks for, and what it may do. */
export interface ApiTokenIdentity {
  userId: string;
  tokenId: string;
  scopes: ApiTokenScope[];
}

export function isApiToken(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Personal access tokens: made, listed and revoked by their owner; checked on every request that carries one. */
export class ApiTokensService {
  constructor(
    private readonly repo: ApiTokensRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(userId: string, input: ApiTokenCreate): Promise<ApiTokenCreated> {
    const now = this.now();
    const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
    if (expiresAt && expiresAt.getTime() <= now.getTime())
      throw new HttpError(400, 'bad_request', 'Choose an expiry date in the future.', {
        field: 'expires_at',
      });
    if ((await this.repo.countActive(userId, now)) >= API_TOKENS_MAX)
      throw new HttpError(
        400,
        'bad_request',
        `You can have at most ${API_TOKENS_MAX} API tokens; revoke one first.`,
        {
          field: 'name',
        },
      );
    const token = API_TOKEN_PREFIX + randomBytes(TOKEN_BYTES).toString('base64url');
    const scopes: ApiTokenScope[] = (['read', 'write'] as const).filter((s) => input.scopes.includes(s));
    const row = await this.repo.insert({
      userId,
      name: input.name.trim(),
      tokenHash: hashApiToken(token),
      prefix: token.slice(0, API_TOKEN_PREFIX.length + 4),
      scopes,
      expiresAt,
    });
    return { ...view(row), token };
  }

  async list(userId: string): Promise<ApiToken[]> {
    return (await this.repo.listActive(userId, this.now())).map(view);
  }

  async revoke(userId: string, id: string): Promise<void> {
    if (!UUID.test(id) || !(await this.repo.revoke(userId, id)))
      throw notFound('No such API token', 'not_found');
  }

  /**
   * The account and scopes of a token in force; throws `InvalidTokenError` for one that is unknown
   * or revoked, and an expired one (`expired` set) once its expiry has passed.
   */
  async verify(token: string): Promise<ApiTokenIdentity> {
    const row = await this.repo.findByHash(hashApiToken(token));
    if (!row) throw new InvalidTokenError('Invalid API token');
    if (row.revokedAt) throw new InvalidTokenError('This API token has been revoked');
    const now = this.now();
    if (row.expiresAt && row.expiresAt.getTime() <= now.getTime())
      throw new InvalidTokenError('This API token has expired', true);
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS)
      await this.repo.touch(row.id, now, new Date(now.getTime() - TOUCH_EVERY_MS));
    return { userId: row.userId, tokenId: row.id, scopes: row.scopes };
  }
}

function view(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
