import type { EntityKind } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns, timestamps } from '../../platform/table-helpers';

// Tags are shared by every entity kind of a workspace; names are unique case-insensitively.
export const tags = pgTable(
  'tags',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('tags_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);
export type TagRow = typeof tags.$inferSelect;

export const entityTags = pgTable(
  'entity_tags',
  {
    tenantId: uuid('tenant_id').notNull(),
    entityKind: text('entity_kind').$type<EntityKind>().notNull(),
    entityId: uuid('entity_id').notNull(),
    tagId: uuid('tag_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.entityKind, t.entityId, t.tagId] }),
    // "filter lists by tag" reads by tag
    index('entity_tags_tag_idx').on(t.tenantId, t.tagId, t.entityKind),
    foreignKey({ columns: [t.tenantId, t.tagId], foreignColumns: [tags.tenantId, tags.id], name: 'entity_tags_tag_fk' }).onDelete(
      'cascade',
    ),
  ],
);
