import { opportunityEntity } from '@atrium/domain';
import { entityTable, relationTable } from '../../platform/entity';
import { tenantUsers } from '../admin';
import { contacts } from './contacts.table';
import { organizations } from './organizations.table';

export const opportunities = entityTable('opportunities', opportunityEntity, {
  references: { Organization: organizations, Contact: contacts, User: tenantUsers },
});
// the contacts involved in a deal (spec §7: linked contacts)
export const opportunityContacts = relationTable('opportunity_contacts', opportunities, contacts);
