import { createHmac, timingSafeEqual } from 'node:crypto';

// EventSource cannot send an Authorization header. An authenticated POST hands the SPA a
// ticket for GET /events?ticket=…: an HMAC over user, workspace and expiry, keyed from
// SESSION_SECRET, so any node verifies it without shared storage (decision 040).
export const EVENT_TICKET_TTL_SECONDS = 60;

// sessionId: the session of the access token the ticket was asked with; the stream it opens is
// refused, and closed, once that session has ended (decision 002)
export type EventTicketClaims = { userId: string; tenantId: string; expiresAt: number; sessionId?: string };

export function ticketKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('atrium-event-ticket-v1').digest();
}

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

export function issueEventTicket(
  key: Buffer,
  userId: string,
  tenantId: string,
  now = Date.now(),
  sessionId?: string,
): { ticket: string; expiresAt: Date } {
  const expiresAt = Math.floor(now / 1000) + EVENT_TICKET_TTL_SECONDS;
  const body = Buffer.from(JSON.stringify({ u: userId, t: tenantId, e: expiresAt, ...(sessionId ? { s: sessionId } : {}) })).toString(
    'base64url',
  );
  return { ticket: `${body}.${sign(key, body)}`, expiresAt: new Date(expiresAt * 1000) };
}

export function verifyEventTicket(key: Buffer, ticket: string, now = Date.now()): EventTicketClaims | undefined {
  const [body, signature, extra] = ticket.split('.');
  if (!body || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { u?: unknown; t?: unknown; e?: unknown; s?: unknown };
    if (typeof claims.u !== 'string' || typeof claims.t !== 'string' || typeof claims.e !== 'number') return undefined;
    if (claims.s !== undefined && typeof claims.s !== 'string') return undefined;
    if (claims.e * 1000 < now) return undefined;
    return { userId: claims.u, tenantId: claims.t, expiresAt: claims.e, ...(claims.s ? { sessionId: claims.s } : {}) };
  } catch {
    return undefined;
  }
}
