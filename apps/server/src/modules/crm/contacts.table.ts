import { contactEntity } from '@atrium/domain';
import { index } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/entity';
import { organizations } from './organizations.table';

export const contacts = entityTable('contacts', contactEntity, {
  references: { Organization: organizations },
  // duplicate checks look contacts up by e-mail
  indexes: (col) => [index('contacts_email_idx').on(col('tenantId'), col('email'))],
});
