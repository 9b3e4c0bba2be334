import type { EntityKind } from '@atrium/domain';
import type { RecordRef } from '../../platform/entity';
import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';

// Everything the shared tables hold about some records, removed when the records are deleted.
// Returns the blob keys of their documents, for the blob store.
export async function deleteForRecords(ctx: TenantContext, kind: EntityKind, ids: readonly string[]): Promise<string[]> {
  const list = sql`${sql.param(ids)}::uuid[]`;
  const own = sql`tenant_id = ${ctx.tenantId} and entity_kind = ${kind} and entity_id = any(${list})`;
  await ctx.db.execute(sql`delete from notes where ${own}`);
  await ctx.db.execute(sql`delete from entity_tags where ${own}`);
  await ctx.db.execute(sql`delete from collaborators where ${own}`);
  await ctx.db.execute(sql`
    delete from entity_links where tenant_id = ${ctx.tenantId}
      and ((a_kind = ${kind} and a_id = any(${list})) or (b_kind = ${kind} and b_id = any(${list})))`);
  const docs = await ctx.db.execute<{ blob_key: string | null; thumb_blob_key: string | null }>(
    sql`delete from documents where ${own} returning blob_key, thumb_blob_key`,
  );
  return [...new Set(docs.rows.flatMap((r) => [r.blob_key, r.thumb_blob_key]).filter((k): k is string => !!k))];
}

// A record merged into another, or a lead converted into a contact: its notes, documents, tags,
// collaborators and links move to the other record (which may be of another kind). Tags and
// collaborators both had stay once; a link between the two records goes; a document whose name
// the other record already has at the top level gets a numbered name.
export async function moveToRecord(ctx: TenantContext, from: RecordRef, to: RecordRef): Promise<void> {
  const own = (r: RecordRef) => sql`tenant_id = ${ctx.tenantId} and entity_kind = ${r.kind} and entity_id = ${r.id}`;
  const retarget = sql`entity_kind = ${to.kind}, entity_id = ${to.id}`;
  await ctx.db.execute(sql`update notes set ${retarget} where ${own(from)}`);

  const roots = await ctx.db.execute<{ id: string; name: string; mine: boolean }>(sql`
    select id, name, (entity_kind = ${from.kind} and entity_id = ${from.id}) as mine from documents
    where parent_id is null and ((${own(from)}) or (${own(to)}))`);
  const taken = new Set(roots.rows.filter((r) => !r.mine).map((r) => r.name.toLowerCase()));
  for (const doc of roots.rows.filter((r) => r.mine)) {
    let name = doc.name;
    if (taken.has(name.toLowerCase())) {
      const dot = doc.name.lastIndexOf('.');
      const [stem, ext] = dot > 0 ? [doc.name.slice(0, dot), doc.name.slice(dot)] : [doc.name, ''];
      for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
      await ctx.db.execute(sql`update documents set name = ${name} where tenant_id = ${ctx.tenantId} and id = ${doc.id}`);
    }
    taken.add(name.toLowerCase());
  }
  await ctx.db.execute(sql`update documents set ${retarget} where ${own(from)}`);

  await ctx.db.execute(sql`
    insert into entity_tags (tenant_id, entity_kind, entity_id, tag_id, created_at)
    select tenant_id, ${to.kind}, ${to.id}, tag_id, created_at from entity_tags where ${own(from)}
    on conflict do nothing`);
  await ctx.db.execute(sql`delete from entity_tags where ${own(from)}`);
  await ctx.db.execute(sql`
    insert into collaborators (tenant_id, entity_kind, entity_id, tenant_user_id, created_by, created_at)
    select tenant_id, ${to.kind}, ${to.id}, tenant_user_id, created_by, created_at from collaborators where ${own(from)}
    on conflict do nothing`);
  await ctx.db.execute(sql`delete from collaborators where ${own(from)}`);

  // links: the other side stays, this side becomes the surviving record, in canonical order
  await ctx.db.execute(sql`
    with moved as (
      delete from entity_links where tenant_id = ${ctx.tenantId}
        and ((a_kind = ${from.kind} and a_id = ${from.id}) or (b_kind = ${from.kind} and b_id = ${from.id}))
      returning id, created_by, created_at,
        case when a_kind = ${from.kind} and a_id = ${from.id} then b_kind else a_kind end as other_kind,
        case when a_kind = ${from.kind} and a_id = ${from.id} then b_id else a_id end as other_id
    ), pairs as (
      select id, created_by, created_at, other_kind, other_id,
        (${to.kind}::text, ${to.id}::text) < (other_kind, other_id::text) as here_first
      from moved where not (other_kind = ${to.kind} and other_id = ${to.id})
    )
    insert into entity_links (tenant_id, id, a_kind, a_id, b_kind, b_id, created_by, created_at)
    select ${ctx.tenantId}, id,
      case when here_first then ${to.kind} else other_kind end, case when here_first then ${to.id}::uuid else other_id end,
      case when here_first then other_kind else ${to.kind} end, case when here_first then other_id else ${to.id}::uuid end,
      created_by, created_at
    from pairs
    on conflict do nothing`);
}
