import type { EntityKind } from '@atrium/domain';
import { check, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenantColumns } from '../../platform/table-helpers';

// A link between two records of any kinds. Stored once with the sides in a canonical order
// (a < b), so A→B and B→A are the same link and each side lists the other.
export const entityLinks = pgTable(
  'entity_links',
  {
    ...tenantColumns(),
    aKind: text('a_kind').$type<EntityKind>().notNull(),
    aId: uuid('a_id').notNull(),
    bKind: text('b_kind').$type<EntityKind>().notNull(),
    bId: uuid('b_id').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('entity_links_pair_key').on(t.tenantId, t.aKind, t.aId, t.bKind, t.bId),
    index('entity_links_b_idx').on(t.tenantId, t.bKind, t.bId),
    check('entity_links_canonical', sql`(${t.aKind}, ${t.aId}::text) < (${t.bKind}, ${t.bId}::text)`),
  ],
);
export type EntityLinkRow = typeof entityLinks.$inferSelect;
