import { createHash, randomBytes } from 'node:crypto';

// A secret in a link (an invitation, a team's invite link, a calendar feed): only its SHA-256
// is stored, so the link is shown once and a database read gives nobody a usable one.
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

// The token names its workspace, so whoever follows the link can set the tenant before looking
// it up (RLS stays on); the random part is the secret.
export function newTenantToken(tenantId: string): string {
  return `${tenantId}.${randomBytes(24).toString('base64url')}`;
}

export function parseTenantToken(token: string): { tenantId: string } | undefined {
  const m = token.match(/^([0-9a-f-]{36})\.([\w-]{20,64})$/);
  return m?.[1] ? { tenantId: m[1] } : undefined;
}
