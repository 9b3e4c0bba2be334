export * from './contact.entity';
export * from './organization.entity';
export * from './lead.entity';
export * from './opportunity.entity';
export * from './crm.permissions';
