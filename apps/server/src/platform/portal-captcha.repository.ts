import { sql } from 'drizzle-orm';
import type { TenantScope } from './context';

// Replay protection for the portal captcha (decision 094, round three): a solved challenge is
// accepted once within its validity. Call it after `solves` answered true, in the transaction
// that writes what the captcha guards (a rollback frees the challenge again). False: already used.
export async function spendChallenge(scope: TenantScope, challenge: string, now: number): Promise<boolean> {
  const expires = Number(challenge.split('.')[0]);
  if (!Number.isFinite(expires)) return false;
  await scope.db.execute(sql`
    delete from portal_captcha_uses where tenant_id = ${scope.tenantId} and expires_at < ${new Date(now).toISOString()}::timestamptz`);
  const res = await scope.db.execute(sql`
    insert into portal_captcha_uses (tenant_id, challenge, expires_at)
    values (${scope.tenantId}, ${challenge}, ${new Date(expires).toISOString()}::timestamptz)
    on conflict (tenant_id, challenge) do nothing returning id`);
  return res.rows.length > 0;
}
