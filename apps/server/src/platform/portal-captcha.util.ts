import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The public portals' proof-of-work captcha (the helpdesk's and the booking portal's), self-
// hosted and stateless: a challenge is `<expires ms>.<random>.<HMAC of both>`; the answer is a
// nonce whose SHA-256 of `challenge:nonce` begins with `bits` zero bits. No third party sees
// the visitor.
const sign = (secret: string, body: string) => createHmac('sha256', `portal-captcha:${secret}`).update(body).digest('base64url');

export function newChallenge(secret: string, now: number, ttlMs: number): string {
  const body = `${now + ttlMs}.${randomBytes(12).toString('base64url')}`;
  return `${body}.${sign(secret, body)}`;
}

export function leadingZeroBits(hash: Buffer): number {
  let bits = 0;
  for (const byte of hash) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    bits += Math.clz32(byte) - 24;
    break;
  }
  return bits;
}

export function solves(secret: string, challenge: string, nonce: string, bits: number, now: number): boolean {
  const m = challenge.match(/^(\d{1,15})\.([\w-]{1,40})\.([\w-]{43})$/);
  if (!m) return false;
  const body = `${m[1]}.${m[2]}`;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(m[3] ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  if (Number(m[1]) < now) return false;
  return leadingZeroBits(createHash('sha256').update(`${challenge}:${nonce}`).digest()) >= bits;
}

// What a visitor's browser does (tests use it too): the first nonce that solves the challenge.
export function solve(challenge: string, bits: number): string {
  for (let n = 0; ; n++) if (leadingZeroBits(createHash('sha256').update(`${challenge}:${n}`).digest()) >= bits) return String(n);
}
