import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password.util';

describe('password hashing (scrypt)', () => {
  it('salts, verifies and rejects', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it('reads hashes made with other parameters and flags them for rehash', async () => {
    const stored = await hashPassword('pw');
    const weaker = stored.replace('scrypt$32768$', 'scrypt$16384$');
    expect(needsRehash(weaker)).toBe(true);
    expect(await verifyPassword('pw', weaker)).toBe(false);
    expect(await verifyPassword('pw', 'garbage')).toBe(false);
  });
});
