// The entity engine's public door (decision 010).
export {
  entityFields,
  entityUniqueValues,
  activities,
  idempotencyKeys,
  workflows,
  workflowStages,
  entityTypes,
  entityCounters,
} from './entity.table';
export { entityColumns, entityTable, relationTable } from './entity-table';
export { registerEntity, provideEntityRoutes, kindWords, EXAMPLE_ID, type RegisterEntityOptions } from './entity-routes';
export { registerEntityCoreRoutes } from './entity-core.routes';
export { requireRecord, requireFeature, mayUse } from './record-access';
export type { RoleGrantSql } from './entity-registry';
export {
  permissionsThroughRoles,
  provideRolePermissions,
  requireInScope,
  holdsInScope,
  mayInScope,
  mayView,
  rolePermissions,
  scopedPermission,
  viewsSomeRecords,
} from './role-scope';
export { isWorkspaceMember, scopeMembers, type MemberTable } from './scope-members.repository';
export { visibilityRule } from './entity-sql';
export { oldSlugOwner } from './old-slugs.repository';
export { provideRecordCleanup, provideRecordTransfer, recordTransferred, type RecordRef } from './record-cleanup';
export { lookup as lookupRecords, lookupPaths as lookupRecordPaths, titles as recordTitles, existingIds } from './entity.repository';
export { createEntity, getEntity, listCondition, listConditions, listEntities, patchEntity } from './entity.service';
export type { ListCondition } from './list-query';
export { allOf, anyOf, idIn, idListedIn, idNotIn } from './list-conditions.sql';
export { entityRegistry, type EntityHooks, type EntityRow, type RegisteredEntity, type RowVisibility } from './entity-registry';
export { activityFeed, recordActivities } from './activity.service';
export { moveActivities } from './activity.repository';
export { checkIfMatch, etagOf } from './etag';
export { claimIdempotencyKey, createOnce, idempotencyKeyOf, storeIdempotentAnswer } from './idempotency';
export type { ActivityInsert } from './activity.repository';
export { applyJsonPatch } from './json-patch';
export { fieldAccess, visibleFields, type FieldAccess } from './custom-fields';
export { selectFields } from './entity-fields.repository';
export { listColumns } from './entity-fields.service';
export { getFields } from './entity-fields.service';
export { listTypes } from './entity-types.repository';
export { provideTagSql } from './row-tags';
export { stageFacts, stageNames, type StageFacts } from './workflows.repository';
export { cachedDefinition, definitionsChanged } from './definitions-cache';
export { createDefaultWorkflows } from './workflows.service';
export {
  provideRecordChangeListener,
  provideRecordsWrittenListener,
  recordsWritten,
  type RecordChangeListener,
  type RecordsWrittenListener,
} from './record-changes';
export { copyWorkflows, deleteScopedWorkflows } from './workflows.repository';
export { startScopedWorkflows } from './workflows.service';
