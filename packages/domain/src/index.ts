export * from './constants';
export * from './enums';
export * from './errors';
export * from './permissions';
export * from './plans';
export * from './schemas';
export * from './views.schema';
export * from './entity';
