import type { TenantContext } from '../context';
import type { Database } from '../database';
import * as jobsRepository from './jobs.repository';

const NIL = '00000000-0000-0000-0000-000000000000';
const BATCH = 100;

// The context of the system itself in a workspace (a scheduled task, a public page's visitor):
// no session and no permission; RLS confines it to the workspace. `name` is who activities
// name; `tenantUserId` the member the work is done for (a schedule's creator), else none.
export function systemContext(
  tenantId: string,
  db: TenantContext['db'],
  opts: { name?: string; tenantUserId?: string | null } = {},
): TenantContext {
  return {
    tenantId,
    tenantUserId: opts.tenantUserId ?? NIL,
    user: { id: NIL, email: '', name: opts.name ?? 'Atrium' },
    role: 'system',
    permissions: new Set(),
    plans: [],
    db,
  };
}

// One transaction in a workspace as the system: app.tenant_id set first, so RLS is on for all of it.
export function inWorkspace<T>(database: Database, tenantId: string, fn: (ctx: TenantContext) => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) => {
    await jobsRepository.setTenant(tx, tenantId);
    return fn(systemContext(tenantId, tx));
  });
}

// A public page's visitor enters the workspace its address names (by the workspace's slug) for
// the rest of this transaction: every later statement is inside that tenant (RLS). Undefined
// for an unknown slug.
export async function enterWorkspaceBySlug(db: TenantContext['db'], slug: string): Promise<string | undefined> {
  const id = await jobsRepository.tenantIdBySlug(db, slug);
  if (id) await jobsRepository.setTenant(db, id);
  return id;
}

// A public call that already knows its workspace (a signed state names it) enters it for the rest
// of this transaction.
export async function enterWorkspace(db: TenantContext['db'], tenantId: string): Promise<void> {
  await jobsRepository.setTenant(db, tenantId);
}

// An every-minute task's walk over all workspaces, in id order a batch at a time: `fn` runs for
// each and returns how much it did; one workspace's failure does not stop the others — the
// failures are thrown together at the end, named by `what`. Returns the sum.
export async function forEachWorkspace(database: Database, what: string, fn: (tenantId: string) => Promise<number>): Promise<number> {
  const failures: string[] = [];
  let after: string | null = null;
  let done = 0;
  for (;;) {
    const ids: string[] = await jobsRepository.tenantIds(database.db, after, BATCH);
    for (const tenantId of ids) {
      try {
        done += await fn(tenantId);
      } catch (err) {
        failures.push(`${tenantId}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    if (ids.length < BATCH) break;
    after = ids.at(-1) ?? null;
  }
  if (failures.length > 0) throw new Error(`${what} failed in ${failures.length} workspace(s): ${failures.slice(0, 5).join('; ')}`);
  return done;
}
