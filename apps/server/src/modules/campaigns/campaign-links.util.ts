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

// The VERP return path's reference (the local part after `bounces+`), short enough for RFC
// 5321's 64 octets: the workspace's id (26 base32 digits) and the recipient's number (its own
// base32 digits, the campaign_recipients identity), a dot, and 10 base32 digits (50 bits) of an
// HMAC over both — `bounces+` and a reference stay within 8 + 26 + 13 + 1 + 10 = 58 octets for
// any number up to 2^64. Digits and lower-case letters only: mail systems may change a local
// part's case, and the reference is read in lower case.
export type BounceRef = { tenantId: string; number: number };
const B32 = '0123456789abcdefghijklmnopqrstuv';
const TENANT_DIGITS = 26;
const BOUNCE_MAC_DIGITS = 10;
const toB32 = (n: bigint): string => n.toString(32);
function fromB32(text: string): bigint | undefined {
  let n = 0n;
  for (const ch of text) {
    const d = B32.indexOf(ch);
    if (d < 0) return undefined;
    n = n * 32n + BigInt(d);
  }
  return n;
}
const uuidToB32 = (id: string): string => toB32(BigInt(`0x${id.replaceAll('-', '')}`)).padStart(TENANT_DIGITS, '0');
function b32ToUuid(text: string): string | undefined {
  const n = fromB32(text);
  if (n === undefined || n >= 1n << 128n) return undefined;
  const hex = n.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
const bounceMac = (secret: string, text: string): string => {
  const digest = createHmac('sha256', secret).update(`bounce\n${text}`).digest();
  return toB32(digest.readBigUInt64BE(0) >> 14n).padStart(BOUNCE_MAC_DIGITS, '0');
};
export function bounceRef(secret: string, r: BounceRef): string {
  const text = `${uuidToB32(r.tenantId)}${toB32(BigInt(r.number))}`;
  return `${text}.${bounceMac(secret, text)}`;
}

// The workspace and recipient number of a reference whose signature holds; undefined for any
// other (forged, truncated, altered).
export function verifyBounceRef(secret: string, reference: string): BounceRef | undefined {
  const m = /^([0-9a-v]{27,39})\.([0-9a-v]{10})$/.exec(reference.toLowerCase());
  if (!m?.[1] || !m[2]) return undefined;
  const text = m[1];
  if (!same(m[2], bounceMac(secret, text))) return undefined;
  const tenantId = b32ToUuid(text.slice(0, TENANT_DIGITS));
  const number = fromB32(text.slice(TENANT_DIGITS));
  if (!tenantId || number === undefined || number < 1n || number > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  return { tenantId, number: Number(number) };
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
