import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SHARES_MAX, type Share, type ShareCreate, zShareCreate } from '@voxpress/contracts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { ItemRef, ItemsRepository } from '../../repositories/items.repository.ts';
import type { ShareRow, SharesRepository, ShareWithTitle } from '../../repositories/shares.repository.ts';
import type {
  TranscriptionRow,
  TranscriptionsRepository,
} from '../../repositories/transcriptions.repository.ts';

/** Random bytes in a share token: 256 bits, far past guessing, so its unsalted SHA-256 is safe to keep. */
const TOKEN_BYTES = 32;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function hashShareToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A share page's address: absolute under the public address when one is configured, else a path. */
export function sharePageUrl(publicUrl: string | undefined, token: string): string {
  return `${publicUrl ?? ''}/s/${token}`;
}

/** Whether `value` has the shape of a share token (checked before any database read). */
export function isShareToken(value: string): boolean {
  return TOKEN.test(value);
}

/** A link in force with its item, as a share page reads it. */
export interface OpenShare {
  share: ShareRow;
  item: ItemRef;
  /** The item's transcript or document text; null while an audio item has none. */
  transcription: TranscriptionRow | null;
}

/** Why a share page cannot be shown: unknown or revoked (404), or past its expiry (410). */
export class ShareGoneError extends Error {
  override name = 'ShareGoneError';
  constructor(readonly status: 404 | 410) {
    super(status === 410 ? 'This share link has expired' : 'This share link was not found');
  }
}

export interface SharesServiceDeps {
  shares: SharesRepository;
  items: ItemsRepository;
  transcriptions: TranscriptionsRepository;
  /** Seals tokens so their owner can copy a link again. */
  box: SecretBox;
  /** Absolute page addresses start with this; undefined gives paths (`/s/<token>`). */
  publicUrl?: string | undefined;
  now?: () => Date;
}

/**
 * Public read-only links to one item: made, listed and revoked by the owner; opened by anyone who
 * holds the token, for as long as it is neither revoked nor expired.
 */
export class SharesService {
  private readonly now: () => Date;

  constructor(private readonly deps: SharesServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async create(userId: string, itemId: string, input: ShareCreate): Promise<Share> {
    const body = zShareCreate.parse(input);
    const item = await this.ownedItem(userId, itemId);
    const now = this.now();
    const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
    if (expiresAt && expiresAt.getTime() <= now.getTime())
      throw new HttpError(400, 'bad_request', 'Choose an expiry date in the future.', {
        field: 'expires_at',
      });
    const transcriptionId = sourceOf(item);
    const contentIds = [...new Set(body.parts.content_ids)];
    const infographicIds = [...new Set(body.parts.infographic_ids)];
    const pieces = transcriptionId
      ? await this.deps.shares.contentOf(userId, transcriptionId, contentIds)
      : [];
    const images = transcriptionId
      ? await this.deps.shares.imagesOf(userId, transcriptionId, infographicIds)
      : [];
    if (pieces.length !== contentIds.length || images.length !== infographicIds.length)
      throw new HttpError(
        422,
        'share_part_invalid',
        "Only the item's own written pieces and images can be shared.",
        { field: pieces.length !== contentIds.length ? 'content_ids' : 'infographic_ids' },
      );
    if ((await this.deps.shares.countActive(userId, now)) >= SHARES_MAX)
      throw new HttpError(
        400,
        'bad_request',
        `You can have at most ${SHARES_MAX} share links; revoke one first.`,
      );
    const id = randomUUID();
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const row = await this.deps.shares.insert({
      id,
      userId,
      audioId: item.kind === 'audio' ? item.row.id : null,
      documentId: item.kind === 'document' ? item.row.id : null,
      tokenHash: hashShareToken(token),
      tokenSealed: this.deps.box.seal(token, id),
      parts: {
        transcript: body.parts.transcript,
        audio: body.parts.audio && item.kind === 'audio',
        contentIds,
        infographicIds,
      },
      allowIndexing: body.allow_indexing,
      expiresAt,
      createdAt: now,
    });
    return this.view({ ...row, itemTitle: titleOf(item) });
  }

  /** The item's links in force; another user's item is a 404. */
  async listForItem(userId: string, itemId: string): Promise<Share[]> {
    await this.ownedItem(userId, itemId);
    return (await this.deps.shares.listActive(userId, this.now(), itemId)).map((r) => this.view(r));
  }

  /** Every link of the user in force, newest first (Settings). */
  async list(userId: string): Promise<Share[]> {
    return (await this.deps.shares.listActive(userId, this.now())).map((r) => this.view(r));
  }

  /** Revokes a link by its token (or its id): its page answers 404 from now on. */
  async revoke(userId: string, tokenOrId: string): Promise<void> {
    const by = UUID.test(tokenOrId)
      ? { id: tokenOrId }
      : isShareToken(tokenOrId)
        ? { tokenHash: hashShareToken(tokenOrId) }
        : undefined;
    if (!by || !(await this.deps.shares.revoke(userId, by, this.now())))
      throw notFound('This share link was not found.', 'share_not_found');
  }

  /** The link and its item for a page or a file, or `ShareGoneError`. */
  async open(token: string): Promise<OpenShare> {
    if (!isShareToken(token)) throw new ShareGoneError(404);
    const share = await this.deps.shares.findByHash(hashShareToken(token));
    if (!share || share.revokedAt) throw new ShareGoneError(404);
    if (share.expiresAt && share.expiresAt.getTime() <= this.now().getTime()) throw new ShareGoneError(410);
    const itemId = share.audioId ?? share.documentId;
    const item = itemId ? await this.deps.items.findOwned(share.userId, itemId) : undefined;
    if (!item) throw new ShareGoneError(404);
    const transcriptionId = sourceOf(item);
    const transcription = transcriptionId
      ? ((await this.deps.transcriptions.findOwned(share.userId, transcriptionId)) ?? null)
      : null;
    return { share, item, transcription };
  }

  /** The pieces and images the link shows, re-checked against the item (one may have been deleted). */
  async partsOf(open: OpenShare) {
    const tid = open.transcription?.id;
    const { contentIds, infographicIds } = open.share.parts;
    if (!tid) return { pieces: [], images: [] };
    const [pieces, images] = await Promise.all([
      this.deps.shares.contentOf(open.share.userId, tid, contentIds),
      this.deps.shares.imagesOf(open.share.userId, tid, infographicIds),
    ]);
    // In the order the owner ticked them.
    pieces.sort((a, b) => contentIds.indexOf(a.id) - contentIds.indexOf(b.id));
    images.sort((a, b) => infographicIds.indexOf(a.id) - infographicIds.indexOf(b.id));
    return { pieces, images };
  }

  /** The page's address for a token. */
  url(token: string): string {
    return sharePageUrl(this.deps.publicUrl, token);
  }

  private view(row: ShareWithTitle): Share {
    const token = this.deps.box.tryOpen(row.tokenSealed, row.id);
    return {
      id: row.id,
      item_id: row.audioId ?? row.documentId ?? '',
      item_title: row.itemTitle,
      token,
      url: token ? this.url(token) : null,
      parts: {
        transcript: row.parts.transcript,
        audio: row.parts.audio,
        content_ids: row.parts.contentIds,
        infographic_ids: row.parts.infographicIds,
      },
      allow_indexing: row.allowIndexing,
      expires_at: row.expiresAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    };
  }

  private async ownedItem(userId: string, itemId: string): Promise<ItemRef> {
    const item = UUID.test(itemId) ? await this.deps.items.findOwned(userId, itemId) : undefined;
    if (!item) throw notFound('Item not found', 'item_not_found');
    return item;
  }
}

/** The transcript or document an item's text and pieces come from. */
function sourceOf(item: ItemRef): string | null {
  return item.kind === 'audio' ? item.row.transcriptionId : item.row.id;
}

export function titleOf(item: ItemRef): string {
  return item.kind === 'audio' ? item.row.title : (item.row.title ?? 'Document');
}
