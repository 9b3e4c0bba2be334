import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

// Refresh and ID tokens are sealed before they reach auth_sessions, so a database dump or
// backup alone cannot be replayed against the issuer. The key derives from SESSION_SECRET.
export type TokenCipher = { seal: (plain: string) => string; open: (sealed: string) => string | null };

// `purpose` keeps the keys of different uses apart (the BFF's sessions, calendar connections…).
export function createTokenCipher(secret: string, purpose = 'atrium-bff-token-cipher'): TokenCipher {
  const key = createHmac('sha256', secret).update(purpose).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        // another SESSION_SECRET, or tampered: treat as no token, so the user signs in again
        return null;
      }
    },
  };
}
