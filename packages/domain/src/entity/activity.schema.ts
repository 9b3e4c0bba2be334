import { z } from 'zod';
import { pageSizeQuerySchema } from '../schemas';
import { DEFAULT_PAGE_SIZE } from '../constants';
import { MODULE_ACTIVITY_ACTIONS } from '../modules/module-enumerations';

// Feed filter types of spec §3, each with a count; 'All Activity' is the sum.
export const ACTIVITY_FEED_TYPES = ['All Activity', 'Note', 'Attachment', 'Email', 'Check-In', 'Check-Out', 'Campaign'] as const;
export type ActivityFeedType = (typeof ACTIVITY_FEED_TYPES)[number];

// Stored activity types: record changes written by the entity engine plus the feed types
// other modules write (notes, documents, e-mail, check-in/out, campaigns).
export const ACTIVITY_TYPES = ['Change', 'Note', 'Attachment', 'Email', 'Check-In', 'Check-Out', 'Campaign'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

// Changes of what hangs off a record are entries too: tagged/untagged, linked/unlinked,
// followed/unfollowed (collaborators).
export const ACTIVITY_ACTIONS = [
  'created',
  'updated',
  'archived',
  'restored',
  'deleted',
  'added',
  'removed',
  'sent',
  'tagged',
  'untagged',
  'linked',
  'unlinked',
  'followed',
  'unfollowed',
  // another record merged into this one (after: the other), or this one into another (after: it)
  'merged',
  'mergedInto',
  // then each module's own (lead conversion, contact states…)
  ...MODULE_ACTIVITY_ACTIONS,
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

const booleanQuery = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

export const activityQuerySchema = z.strictObject({
  target: z.string().min(1).max(40),
  targetId: z.uuid(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: pageSizeQuerySchema.default(DEFAULT_PAGE_SIZE),
  type: z.enum(ACTIVITY_FEED_TYPES).default('All Activity'),
  sortField: z.enum(['createdAt', 'type']).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  isPortal: booleanQuery.default(false),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activitySchema = z.object({
  id: z.uuid(),
  target: z.string(),
  targetId: z.uuid(),
  type: z.enum(ACTIVITY_TYPES),
  action: z.enum(ACTIVITY_ACTIONS),
  // the changed field of an update: a built-in name or customFields.<key>
  field: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  actor: z.object({ tenantUserId: z.uuid().nullable(), name: z.string().nullable() }),
  createdAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityFeedSchema = z.object({
  data: z.array(activitySchema),
  total: z.number().int(),
  counts: z.object(Object.fromEntries(ACTIVITY_FEED_TYPES.map((t) => [t, z.number().int()])) as Record<ActivityFeedType, z.ZodNumber>),
  // the feed tabs that apply to the record's kind
  types: z.array(z.enum(ACTIVITY_FEED_TYPES)),
});
export type ActivityFeed = z.infer<typeof activityFeedSchema>;
