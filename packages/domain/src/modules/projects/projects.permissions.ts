import type { EntityPermissions } from '../../entity/define-entity';
import type { Permission } from '../../permissions';

// The shared-record permissions of the work-management kinds (spec §6 Project): the module has
// documents but no note permissions (viewing the record is enough to note on it), one settings
// permission and one pair for restricted fields.
export function projectModulePermissions(p: {
  view: Permission;
  create: Permission;
  manage: Permission;
  delete?: Permission;
  settings?: Permission;
}): Omit<EntityPermissions, 'import' | 'export' | 'viewImports' | 'viewExports' | 'manageImports' | 'manageExports'> {
  return {
    view: p.view,
    create: p.create,
    manage: p.manage,
    delete: p.delete ?? p.manage,
    timeline: p.view,
    settings: p.settings ?? 'Project.ManageSettings',
    viewRestricted: 'Project.ViewRestrictedFields',
    manageRestricted: 'Project.ManageRestrictedFields',
    addNote: null,
    manageNotes: null,
    addDocument: 'Project.AddDocument',
    manageDocuments: 'Project.ManageDocuments',
    ai: 'AI.ViewProjectAI',
  };
}
