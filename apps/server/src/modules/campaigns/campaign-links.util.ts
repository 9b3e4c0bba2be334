import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed links of campaign mails (decision 095): a recipient reference (workspace, campaign,
// contact) and an HMAC-SHA256 over it with the server's secret, for the unsubscribe page, the
// RFC 8058 one-click POST and click tracking. Tampering with any part (or the target URL of a
// click) makes the signature fail; nothing is looked up before the signature holds.

export type RecipientRef = { tenantId: string; campaignId: string; contactId: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const mac = (secret: string, purpose: string, text: string): string =>
  createHmac('sha256', secret).update(`${purpose}\n${text}`).digest('base64url');

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const refText = (r: RecipientRef): string => `${r.tenantId}.${r.campaignId}.${r.contactId}`;

function parseRef(text: string): RecipientRef | undefined {
  const [tenantId, campaignId, contactId, ...rest] = text.split('.');
  if (rest.length > 0 || !tenantId || !campaignId || !contactId) return undefined;
  if (![tenantId, campaignId, contactId].every((id) => UUID.test(id))) return undefined;
  return { tenantId, campaignId, contactId };
}

// `<ref>.<signature>` with a purpose of its own: an unsubscribe token is no open pixel's, and
// the reverse.
const signedRef = (secret: string, purpose: string, r: RecipientRef): string => `${refText(r)}.${mac(secret, purpose, refText(r))}`;

function verifySignedRef(secret: string, purpose: string, token: string): RecipientRef | undefined {
  const at = token.lastIndexOf('.');
  if (at < 0) return undefined;
  const text = token.slice(0, at);
  const ref = parseRef(text);
  return ref && same(token.slice(at + 1), mac(secret, purpose, text)) ? ref : undefined;
}

// the unsubscribe token of one recipient (the page, and RFC 8058's one-click POST)
export const unsubscribeToken = (secret: string, r: RecipientRef): string => signedRef(secret, 'unsubscribe', r);
export const verifyUnsubscribeToken = (secret: string, token: string): RecipientRef | undefined =>
  verifySignedRef(secret, 'unsubscribe', token);

// a recipient's open-tracking pixel
export const openToken = (secret: string, r: RecipientRef): string => signedRef(secret, 'open', r);
export const verifyOpenToken = (secret: string, token: string): RecipientRef | undefined => verifySignedRef(secret, 'open', token);

// The VERP return path's reference: the local part after `bounces+`. Mail systems may change the
// case of a local part, so it holds lower-case letters only (the ids' hex and a hex signature of
// 80 bits). It is longer than RFC 5321's 64 octets (three ids are 110 characters); the servers
// we know accept that, and a shorter reference needs an id per recipient.
const BOUNCE_MAC_HEX = 20;
const bounceMac = (secret: string, text: string): string =>
  createHmac('sha256', secret).update(`bounce\n${text}`).digest('hex').slice(0, BOUNCE_MAC_HEX);
export const bounceRef = (secret: string, r: RecipientRef): string => `${refText(r)}.${bounceMac(secret, refText(r))}`;

export function verifyBounceRef(secret: string, reference: string): RecipientRef | undefined {
  const token = reference.toLowerCase();
  const at = token.lastIndexOf('.');
  if (at < 0) return undefined;
  const text = token.slice(0, at);
  const ref = parseRef(text);
  return ref && same(token.slice(at + 1), bounceMac(secret, text)) ? ref : undefined;
}

// Only web addresses are tracked (and redirected to): no javascript:, data: or relative targets.
export function trackableUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '';
  } catch {
    return false;
  }
}

export type ClickLink = { r: string; u: string; s: string };

export const clickLink = (secret: string, r: RecipientRef, url: string): ClickLink => ({
  r: refText(r),
  u: url,
  s: mac(secret, 'click', `${refText(r)}\n${url}`),
});

// The recipient and the target when the signature holds over both and the target is a web
// address; undefined for anything altered.
export function verifyClick(secret: string, link: ClickLink): { ref: RecipientRef; url: string } | undefined {
  const ref = parseRef(link.r);
  if (!ref || !trackableUrl(link.u)) return undefined;
  return same(link.s, mac(secret, 'click', `${link.r}\n${link.u}`)) ? { ref, url: link.u } : undefined;
}

// Every web address in a plain-text mail, replaced by what `wrap` makes of it (its tracked link).
// Trailing punctuation stays outside the address.
export function rewriteLinks(text: string, wrap: (url: string) => string): string {
  return text.replace(/https?:\/\/[^\s<>"']+/g, (found) => {
    const url = found.replace(/[.,;:!?)\]]+$/, '');
    return trackableUrl(url) ? wrap(url) + found.slice(url.length) : found;
  });
}
