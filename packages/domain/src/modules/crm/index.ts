export * from './contact.entity';
export * from './organization.entity';
export * from './lead.entity';
export * from './opportunity.entity';
export * from './crm.permissions';
export * from './team.entity';
export * from './custom-query.entity';
export * from './crm.enumerations';
