import type { LiveEventType } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../database';

// The channel every node LISTENs on; the payload carries the whole event (decision 040).
export const EVENTS_CHANNEL = 'atrium_events';

export type LiveEventInsert = {
  type: LiveEventType;
  entityKind: string | null;
  recipientId: string | null;
  data: Record<string, unknown>;
};

export type StoredLiveEvent = {
  tenantId: string;
  id: number;
  type: LiveEventType;
  entityKind: string | null;
  recipientId: string | null;
  data: unknown;
};

// Writes the events and announces each with NOTIFY in one statement. Both belong to the
// caller's transaction: PostgreSQL delivers the notifications at commit and drops them on
// rollback, so a client never hears of a change that did not happen.
export async function insertLiveEvents(db: Db, tenantId: string, events: readonly LiveEventInsert[]): Promise<void> {
  if (events.length === 0) return;
  const rows = sql.join(
    events.map((e) => sql`(${tenantId}::uuid, ${e.type}, ${e.entityKind}, ${e.recipientId}::uuid, ${JSON.stringify(e.data)}::jsonb)`),
    sql`, `,
  );
  await db.execute(sql`
    with e as (
      insert into live_events (tenant_id, type, entity_kind, recipient_id, data)
      values ${rows}
      returning tenant_id, id, type, entity_kind, recipient_id, data
    )
    select pg_notify(${EVENTS_CHANNEL}, json_build_object(
      't', e.tenant_id, 'i', e.id, 'y', e.type, 'k', e.entity_kind, 'r', e.recipient_id, 'd', e.data)::text)
    from e`);
}

// Events after `afterId`, oldest first, for a client that reconnects with Last-Event-ID.
// Runs in a tenant transaction, so RLS limits it to the tenant as well.
export async function liveEventsAfter(db: Db, tenantId: string, afterId: number, limit: number): Promise<StoredLiveEvent[]> {
  const res = await db.execute<{
    id: number;
    type: LiveEventType;
    entity_kind: string | null;
    recipient_id: string | null;
    data: unknown;
  }>(sql`
    select id, type, entity_kind, recipient_id, data from live_events
    where tenant_id = ${tenantId} and id > ${afterId}
    order by id limit ${limit}`);
  return res.rows.map((r) => ({
    tenantId,
    id: Number(r.id),
    type: r.type,
    entityKind: r.entity_kind,
    recipientId: r.recipient_id,
    data: r.data,
  }));
}

// The events of the last `seconds`, oldest first: what a new stream starts with.
export async function recentLiveEvents(db: Db, tenantId: string, seconds: number, limit: number): Promise<StoredLiveEvent[]> {
  const res = await db.execute<{
    id: number;
    type: LiveEventType;
    entity_kind: string | null;
    recipient_id: string | null;
    data: unknown;
  }>(sql`
    select id, type, entity_kind, recipient_id, data from live_events
    where tenant_id = ${tenantId} and created_at >= now() - make_interval(secs => ${seconds})
    order by id limit ${limit}`);
  return res.rows.map((r) => ({
    tenantId,
    id: Number(r.id),
    type: r.type,
    entityKind: r.entity_kind,
    recipientId: r.recipient_id,
    data: r.data,
  }));
}

export async function deleteLiveEventsBefore(db: Db, tenantId: string, before: Date): Promise<number> {
  const res = await db.execute(
    sql`delete from live_events where tenant_id = ${tenantId} and created_at < ${before.toISOString()}::timestamptz`,
  );
  return res.rowCount ?? 0;
}

export async function latestLiveEventId(db: Db, tenantId: string): Promise<number> {
  const res = await db.execute<{ id: number | null }>(sql`select max(id) as id from live_events where tenant_id = ${tenantId}`);
  return Number(res.rows[0]?.id ?? 0);
}
