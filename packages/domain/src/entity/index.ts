export * from './activity.schema';
export * from './contact.entity';
export * from './define-entity';
export * from './entity-field.schema';
export * from './global-lookup.schema';
export * from './json-patch.schema';
export * from './list-query.schema';
export * from './workflow.schema';
