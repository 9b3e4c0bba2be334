import { z } from 'zod';
import { JOB_STATUSES, jobProgressSchema } from './jobs.schema';
import { entityKindSchema } from './shared-records.schema';

// Server-sent events on GET /events (issue 10, decision 040). An event names what changed —
// ids, kinds, versions — never the data itself: a client that cares fetches the record with
// its own permissions.
export const LIVE_EVENT_TYPES = ['record', 'notification', 'job'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export const RECORD_EVENT_ACTIONS = ['created', 'updated', 'deleted', 'archived', 'restored'] as const;
export type RecordEventAction = (typeof RECORD_EVENT_ACTIONS)[number];

export const recordEventSchema = z.object({
  kind: entityKindSchema,
  id: z.uuid(),
  // the record's version after the change; null when deleted or changed in bulk (archive)
  version: z.number().int().nullable(),
  action: z.enum(RECORD_EVENT_ACTIONS),
  // the user whose request made the change (set by the server when it publishes), so a page
  // can tell the user's own save in another tab from someone else's (issue 12, defect 13)
  actorId: z.string().nullable().optional(),
});
export type RecordEvent = z.infer<typeof recordEventSchema>;

export const notificationEventSchema = z.object({ id: z.uuid() });
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

export const jobEventSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: jobProgressSchema,
});
export type JobEvent = z.infer<typeof jobEventSchema>;

// The stream asks the client to refetch everything (its Last-Event-ID is too old to replay).
export const RESET_EVENT = 'reset';

// EventSource cannot send headers: the SPA asks for a short-lived ticket and puts it in the URL.
export const eventTicketSchema = z.object({ ticket: z.string(), expiresAt: z.string() });
export type EventTicket = z.infer<typeof eventTicketSchema>;
