import type { ContactDetails } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import { foreignKey, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { entityColumns, workflowStages } from '../../platform/entity/entity.table';

export const contacts = pgTable(
  'contacts',
  {
    ...entityColumns(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    organization: text('organization'),
    jobTitle: text('job_title'),
    department: text('department'),
    website: text('website'),
    address: text('address'),
    details: jsonb('details').$type<ContactDetails>(),
    workflowStage: uuid('workflow_stage_id'),
    // what the list search matches: one trigram-indexed text instead of five ILIKEs
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(organization, ''))`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.workflowStage],
      foreignColumns: [workflowStages.tenantId, workflowStages.id],
      name: 'contacts_workflow_stage_fk',
    }),
    // tenant_id inside the GIN indexes (btree_gin): one index answers tenant + search/filter
    index('contacts_search_idx').using('gin', t.tenantId, t.searchText.op('gin_trgm_ops')),
    index('contacts_custom_fields_idx').using('gin', t.tenantId, t.customFields.op('jsonb_path_ops')),
    index('contacts_name_idx').on(t.tenantId, t.lastName, t.firstName, t.id),
    index('contacts_created_idx').on(t.tenantId, t.createdAt),
    index('contacts_email_idx').on(t.tenantId, t.email),
    index('contacts_stage_idx').on(t.tenantId, t.workflowStage),
  ],
);
