import type { EntityPermissions } from '../../entity/define-entity';
import type { Permission } from '../../permissions';

type TransferVariants = Pick<EntityPermissions, 'viewImports' | 'manageImports' | 'viewExports' | 'manageExports'>;

// The view/manage variants of imports and exports (spec §6 names contact and lead ones; the
// organizations the contact ones, decision 078).
export const CONTACT_TRANSFERS: TransferVariants = {
  viewImports: 'Contact.ViewContactImports',
  manageImports: 'Contact.ManageContactImports',
  viewExports: 'Contact.ViewContactExports',
  manageExports: 'Contact.ManageContactExports',
};
export const LEAD_TRANSFERS: TransferVariants = {
  viewImports: 'Contact.ViewLeadImports',
  manageImports: 'Contact.ManageLeadImports',
  viewExports: 'Contact.ViewLeadExports',
  manageExports: 'Contact.ManageLeadExports',
};

// Contacts, organizations and leads share the Contact module's permissions for everything but
// seeing, creating and managing the records themselves and the import/export variants (spec §6).
export const contactModulePermissions = (
  own: Pick<EntityPermissions, 'view' | 'create' | 'manage'>,
  transfers: TransferVariants = CONTACT_TRANSFERS,
): Omit<EntityPermissions, 'delete'> & { delete?: Permission } => ({
  ...own,
  ...transfers,
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
