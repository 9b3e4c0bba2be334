export * from './helpdesk.entity';
export * from './topic.entity';
export * from './article.entity';
export * from './request.entity';
export * from './helpdesk.enumerations';
export * from './helpdesk.permissions';
export * from './helpdesk.schema';
export * from './helpdesk-members.schema';
