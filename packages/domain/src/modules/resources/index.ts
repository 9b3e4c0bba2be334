export * from './location.entity';
export * from './resource-type.entity';
export * from './resource.entity';
export * from './resources.enumerations';
export * from './resources.permissions';
export * from './resources.schema';
export * from './floor-map.schema';
