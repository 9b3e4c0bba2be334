import type { JobEvent, RecordEvent } from '@atrium/domain';
import type { TenantContext } from '../context';
import type { Db } from '../database';
import { insertLiveEvents } from './live-events.repository';

// What the rest of the server calls to raise live events. Each call writes inside the caller's
// transaction: the event reaches GET /events on every node when, and only if, it commits.

// A record was created, changed, deleted, archived or restored. Delivered to members holding
// the kind's view permission (entity definition permissions.view).
export async function publishRecordEvent(ctx: TenantContext, event: RecordEvent | readonly RecordEvent[]): Promise<void> {
  const list: readonly RecordEvent[] = Array.isArray(event) ? event : [event as RecordEvent];
  await insertLiveEvents(
    ctx.db,
    ctx.tenantId,
    list.map((e) => ({ type: 'record', entityKind: e.kind, recipientId: null, data: { ...e, actorId: e.actorId ?? ctx.user.id } })),
  );
}

// New in-app notifications, each for its recipient only.
export async function publishNotificationEvents(ctx: TenantContext, items: readonly { recipientId: string; id: string }[]): Promise<void> {
  await insertLiveEvents(
    ctx.db,
    ctx.tenantId,
    items.map((n) => ({ type: 'notification', entityKind: null, recipientId: n.recipientId, data: { id: n.id } })),
  );
}

// Progress of a job, for the member who started it.
export async function publishJobEvent(db: Db, tenantId: string, recipientId: string, event: JobEvent): Promise<void> {
  const message = event.progress.message;
  // NOTIFY payloads are limited to 8000 bytes; the job's own row keeps the full message
  const progress = { ...event.progress, message: message && message.length > 300 ? `${message.slice(0, 299)}…` : message };
  await insertLiveEvents(db, tenantId, [{ type: 'job', entityKind: null, recipientId, data: { ...event, progress } }]);
}
