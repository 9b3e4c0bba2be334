import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { slugOf } from '@atrium/domain';
import { leadingZeroBits, newChallenge, solve, solves } from '../../platform/portal-captcha.util';

describe('slugOf', () => {
  it('makes a slug of a title: lower case, accents folded, ß as ss, other runs a hyphen, cut at the limit', () => {
    expect(slugOf('Zurücksetzen des Passworts', 200)).toBe('zurucksetzen-des-passworts');
    expect(slugOf('  Straße & Co. — 2026!  ', 200)).toBe('strasse-co-2026');
    expect(slugOf('Resetting your password', 9)).toBe('resetting');
    expect(slugOf('Resetting your password', 10)).toBe('resetting');
    expect(slugOf('!!!', 20)).toBe('');
  });
});

describe('the portal captcha', () => {
  const secret = 'test-secret';
  const now = 1_800_000_000_000;
  it('counts leading zero bits', () => {
    expect(leadingZeroBits(Buffer.from([0, 0, 0x10, 0xff]))).toBe(19);
    expect(leadingZeroBits(Buffer.from([0x80]))).toBe(0);
  });

  it('accepts a solved, signed, current challenge only', () => {
    const challenge = newChallenge(secret, now, 60_000);
    const nonce = solve(challenge, 8);
    expect(leadingZeroBits(createHash('sha256').update(`${challenge}:${nonce}`).digest())).toBeGreaterThanOrEqual(8);
    expect(solves(secret, challenge, nonce, 8, now)).toBe(true);
    // expired, signed by another secret, tampered with, or no challenge at all
    expect(solves(secret, challenge, nonce, 8, now + 60_001)).toBe(false);
    expect(solves('other', challenge, nonce, 8, now)).toBe(false);
    const [expiry, random, mac] = challenge.split('.');
    const later = `${Number(expiry) + 1}.${random}.${mac}`;
    expect(solves(secret, later, solve(later, 8), 8, now)).toBe(false);
    expect(solves(secret, 'garbage', nonce, 8, now)).toBe(false);
  });
});
