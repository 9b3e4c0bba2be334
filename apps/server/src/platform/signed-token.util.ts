import { createHmac, timingSafeEqual } from 'node:crypto';

// A token a public link carries: its parts (ids, no dots) and an HMAC-SHA256 over them and
// its purpose with the server's secret — `<part>.<part>.<signature>`. Altering any part makes
// the signature fail, and a token made for one purpose is no token for another; nothing is
// looked up before the signature holds.
const mac = (secret: string, purpose: string, text: string): string =>
  createHmac('sha256', secret).update(`${purpose}\n${text}`).digest('base64url');

export function signToken(secret: string, purpose: string, parts: readonly string[]): string {
  const text = parts.join('.');
  return `${text}.${mac(secret, purpose, text)}`;
}

// The parts when the signature holds and there are `count` of them, else undefined.
export function verifyToken(secret: string, purpose: string, token: string, count: number): string[] | undefined {
  const at = token.lastIndexOf('.');
  if (at < 0) return undefined;
  const text = token.slice(0, at);
  const parts = text.split('.');
  if (parts.length !== count || parts.some((p) => p === '')) return undefined;
  const given = Buffer.from(token.slice(at + 1));
  const expected = Buffer.from(mac(secret, purpose, text));
  return given.length === expected.length && timingSafeEqual(given, expected) ? parts : undefined;
}
