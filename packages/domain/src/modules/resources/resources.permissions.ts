import type { EntityPermissions } from '../../entity/define-entity';
import type { Permission } from '../../permissions';

// The shared-record permissions of the asset catalogue's kinds (spec §6 Resource): notes,
// documents, restricted fields, settings, and imports and exports with their own permissions.
export function resourceModulePermissions(p: { view: Permission; create: Permission; manage: Permission }): EntityPermissions {
  return {
    view: p.view,
    create: p.create,
    manage: p.manage,
    delete: p.manage,
    timeline: p.view,
    settings: 'Resource.ManageSettings',
    viewRestricted: 'Resource.ViewRestrictedFields',
    manageRestricted: 'Resource.ManageRestrictedFields',
    addNote: 'Resource.AddNote',
    manageNotes: 'Resource.ManageNotes',
    addDocument: 'Resource.AddDocument',
    manageDocuments: 'Resource.ManageDocuments',
    import: 'Resource.Import',
    export: 'Resource.Export',
    viewImports: 'Resource.ViewImports',
    viewExports: 'Resource.ViewExports',
    manageImports: 'Resource.ManageImports',
    manageExports: 'Resource.ManageExports',
    ai: null,
  };
}
