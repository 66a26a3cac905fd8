import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** How long the player's link on a share page works; reloading the page gives a new one. */
export const SHARE_TICKET_TTL_S = 15 * 60;

/**
 * Short-lived tickets for the files a share page plays: an HMAC over the share, the file and the
 * expiry, under a key derived from the server secret for this use alone. Unlike the signed-in
 * links (`AccessTokens.signLink`), a ticket names no account, so the page shows no user id; and
 * it opens only the one file of the one link it was made for.
 */
export class ShareTickets {
  private readonly key: Buffer;

  constructor(
    serverSecret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'voxpress share tickets', 'v1', 32));
  }

  /** A ticket for `file` (e.g. `audio:<id>`) of the share `shareId`. */
  sign(shareId: string, file: string, ttlS = SHARE_TICKET_TTL_S): string {
    const exp = Math.floor(this.now().getTime() / 1000) + ttlS;
    return `${exp}.${this.mac(shareId, file, exp)}`;
  }

  /** Whether `ticket` was made for this very file of this share and has not run out. */
  verify(ticket: string, shareId: string, file: string): boolean {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
    if (!match) return false;
    const exp = Number(match[1]);
    if (exp * 1000 <= this.now().getTime()) return false;
    const want = Buffer.from(this.mac(shareId, file, exp));
    const got = Buffer.from(match[2] ?? '');
    return want.length === got.length && timingSafeEqual(want, got);
  }

  private mac(shareId: string, file: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${shareId}\n${file}\n${exp}`).digest('base64url');
  }
}
