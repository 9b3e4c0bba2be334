import type { TenantContext, TenantScope } from '../context';

// Per-process cache of a workspace's definitions (custom fields, the default workflow's first
// stage), keyed on the workspace's definitions version (decision 050). A trigger bumps the
// version in the transaction that changes a definition (db/security.sql); every tenant request
// reads it when it enters the tenant, in the same round trip. So a request never uses
// definitions older than the version its own transaction saw: a change made through any node
// is honoured by every node's next request after the change commits — no delay, no broker.
//
// A transaction that writes definitions reads them from the database for the rest of its life
// (its own uncommitted writes are not in any cache); writers call definitionsChanged.

type Entry = { version: number; values: Map<string, unknown> };

const byTenant = new Map<string, Entry>();
// bounded: the workspaces cached longest ago go first
const TENANTS_MAX = 5000;
const changedIn = new WeakSet<object>();

export function definitionsChanged(scope: TenantScope): void {
  changedIn.add(scope.db);
}

// The value under `key` for this workspace at the version the context's transaction saw, or
// `load()` (cached when the version is known and this transaction changed no definition).
// `keep` says whether a loaded value is kept: an answer about a name the caller chose (a stage id
// that is no stage) is not, so that made-up keys cannot fill the cache.
export async function cachedDefinition<T>(
  ctx: TenantContext,
  key: string,
  load: () => Promise<T>,
  keep: (value: T) => boolean = () => true,
): Promise<T> {
  const version = ctx.definitionsVersion;
  if (version === undefined || changedIn.has(ctx.db)) return load();
  let entry = byTenant.get(ctx.tenantId);
  if (entry && entry.version === version) {
    if (entry.values.has(key)) return entry.values.get(key) as T;
  } else if (entry && entry.version > version) {
    // a transaction that entered before the latest change: what it reads is not kept
    return load();
  } else {
    entry = { version, values: new Map() };
  }
  // loaded after the version was read: the same definitions or newer ones, never older (a
  // newer load under an older version is replaced at the next request that sees the new one)
  const value = await load();
  if (!keep(value)) return value;
  const current = byTenant.get(ctx.tenantId);
  if (current && current !== entry && current.version >= version) return value;
  entry.values.set(key, value);
  byTenant.delete(ctx.tenantId);
  byTenant.set(ctx.tenantId, entry);
  if (byTenant.size > TENANTS_MAX) {
    const oldest = byTenant.keys().next().value;
    if (oldest !== undefined) byTenant.delete(oldest);
  }
  return value;
}
