export * from './contact.entity';
export * from './organization.entity';
export * from './crm.permissions';
