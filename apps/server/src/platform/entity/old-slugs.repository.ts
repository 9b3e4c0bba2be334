import type { EntityKind } from '@atrium/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../context';
import type { EntityRow } from './entity-registry';
import type { RegisteredEntity } from './entity-registry';

// Old slugs (spec §5 "an old slug redirects"), for kinds whose definition declares `oldSlugs`:
// the engine keeps them on every write of such a record — a slug left behind leads to its record,
// one taken again in the same scope stops leading anywhere, a record moved to another scope or
// deleted leaves none behind. A module resolves a slug with `oldSlugOwner` in its own statement.

// the scope of a record's slug: its scope reference's value, or the workspace
function scopeOf(ctx: TenantScope, ent: RegisteredEntity, row: EntityRow): string | null {
  const scope = ent.definition.oldSlugs?.scope;
  if (!scope) return ctx.tenantId;
  return typeof row[scope] === 'string' ? (row[scope] as string) : null;
}
const slugOf = (ent: RegisteredEntity, row: EntityRow): string | null => {
  const v = row[ent.definition.oldSlugs?.field ?? ''];
  return typeof v === 'string' && v !== '' ? v : null;
};

async function drop(ctx: TenantScope, kind: EntityKind, scopeId: string, slug: string): Promise<void> {
  await ctx.db.execute(sql`delete from entity_old_slugs
    where tenant_id = ${ctx.tenantId} and entity_kind = ${kind} and scope_id = ${scopeId} and slug = ${slug}`);
}
async function dropAllOf(ctx: TenantScope, entityId: string): Promise<void> {
  await ctx.db.execute(sql`delete from entity_old_slugs where tenant_id = ${ctx.tenantId} and entity_id = ${entityId}`);
}

// After a create (before null), an update, or a delete (row null).
export async function keepOldSlugs(
  ctx: TenantScope,
  ent: RegisteredEntity,
  before: EntityRow | null,
  row: EntityRow | null,
): Promise<void> {
  if (!ent.definition.oldSlugs) return;
  const kind = ent.definition.kind;
  if (!row) {
    if (before) await dropAllOf(ctx, String(before.id));
    return;
  }
  const scope = scopeOf(ctx, ent, row);
  const slug = slugOf(ent, row);
  // moved to another scope: its old slugs there no longer apply
  if (before && scopeOf(ctx, ent, before) !== scope) await dropAllOf(ctx, String(row.id));
  if (!scope || !slug) return;
  // taken again: the slug leads to this record now
  await drop(ctx, kind, scope, slug);
  const was = before && scopeOf(ctx, ent, before) === scope ? slugOf(ent, before) : null;
  if (was && was !== slug)
    await ctx.db.execute(sql`
      insert into entity_old_slugs (tenant_id, entity_kind, scope_id, slug, entity_id)
      values (${ctx.tenantId}, ${kind}, ${scope}, ${was}, ${String(row.id)})
      on conflict (tenant_id, entity_kind, scope_id, slug) do update set entity_id = excluded.entity_id, created_at = now()`);
}

// The id of the record that had `slug` in the scope (a sub-select for a module's statement).
export function oldSlugOwner(tenantId: string, kind: EntityKind, scopeId: string | SQL, slug: string): SQL {
  return sql`(select o.entity_id from entity_old_slugs o
    where o.tenant_id = ${tenantId} and o.entity_kind = ${kind} and o.scope_id = ${scopeId} and o.slug = ${slug})`;
}
