import type { EntityPermissions } from '../../entity/define-entity';
import type { Permission } from '../../permissions';

// The shared-record permissions of the helpdesk's kinds (spec §6 Helpdesk): the module has no
// note, document or restricted-field permissions of its own, so notes and documents need only
// the record's view, restricted fields its view and manage; settings (entity fields, workflows)
// need ManageProjectSettings (the spec's name for the helpdesk's settings permission).
export function helpdeskModulePermissions(p: {
  view: Permission;
  create: Permission;
  manage: Permission;
  delete?: Permission;
}): EntityPermissions {
  return {
    view: p.view,
    create: p.create,
    manage: p.manage,
    delete: p.delete ?? p.manage,
    timeline: p.view,
    settings: 'Helpdesk.ManageProjectSettings',
    viewRestricted: p.view,
    manageRestricted: p.manage,
    addNote: null,
    manageNotes: null,
    addDocument: null,
    manageDocuments: null,
    import: null,
    export: null,
    viewImports: null,
    viewExports: null,
    manageImports: null,
    manageExports: null,
    ai: 'AI.ViewHelpdeskAI',
  };
}
