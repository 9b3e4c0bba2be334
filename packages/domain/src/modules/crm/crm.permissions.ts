import type { EntityPermissions } from '../../entity/define-entity';
import type { Permission } from '../../permissions';

// Contacts, organizations and leads share the Contact module's permissions for everything but
// seeing, creating and managing the records themselves (spec §6).
export const contactModulePermissions = (
  own: Pick<EntityPermissions, 'view' | 'create' | 'manage'>,
): Omit<EntityPermissions, 'delete'> & { delete?: Permission } => ({
  ...own,
  timeline: 'Contact.ViewTimeline',
  settings: 'Contact.ManageSettings',
  viewRestricted: 'Contact.ViewRestrictedFields',
  manageRestricted: 'Contact.ManageRestrictedFields',
  addNote: 'Contact.AddNote',
  manageNotes: 'Contact.ManageNotes',
  addDocument: 'Contact.AddDocument',
  manageDocuments: 'Contact.ManageDocuments',
  import: 'Contact.Import',
  export: 'Contact.Export',
  ai: 'AI.ViewContactAI',
});
