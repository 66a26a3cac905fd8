import { describe, expect, it } from 'vitest';
import { SHARE_TICKET_TTL_S, ShareTickets } from './share-tickets.ts';

describe('share tickets', () => {
  const secret = 'a-server-secret-long-enough-for-tests-0123456789';

  it('open only the file and share they were made for, until they run out', () => {
    let now = new Date('2026-11-28T10:00:00Z');
    const tickets = new ShareTickets(secret, () => now);
    const ticket = tickets.sign('share-1', 'audio:a');
    expect(tickets.verify(ticket, 'share-1', 'audio:a')).toBe(true);
    expect(tickets.verify(ticket, 'share-2', 'audio:a')).toBe(false);
    expect(tickets.verify(ticket, 'share-1', 'audio:b')).toBe(false);
    expect(new ShareTickets(`${secret}x`, () => now).verify(ticket, 'share-1', 'audio:a')).toBe(false);
    // A later expiry written into the ticket breaks its signature.
    const [exp, mac] = ticket.split('.');
    expect(tickets.verify(`${Number(exp) + 3600}.${mac}`, 'share-1', 'audio:a')).toBe(false);
    now = new Date(now.getTime() + SHARE_TICKET_TTL_S * 1000);
    expect(tickets.verify(ticket, 'share-1', 'audio:a')).toBe(false);
  });
});
