import { relationTable } from '../../platform/entity';
import { contacts } from './contacts.table';
import { organizations } from './organizations.table';

// Contacts linked to an organization besides those whose organization it is (spec §7: link and
// unlink contacts).
export const organizationContacts = relationTable('organization_contacts', organizations, contacts);
