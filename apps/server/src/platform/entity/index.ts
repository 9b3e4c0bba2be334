// The entity engine's public door (decision 010).
export { entityColumns, entityFields, entityUniqueValues, activities, idempotencyKeys, workflows, workflowStages } from './entity.table';
export { registerEntity, registerEntityCoreRoutes, type RegisterEntityOptions } from './entity-routes';
export { entityRegistry, type EntityHooks, type EntityRow, type RegisteredEntity } from './entity-registry';
export { recordActivities } from './activity.service';
export type { ActivityInsert } from './activity.repository';
export { applyJsonPatch } from './json-patch';
export { provideTagFilter } from './list-query';
