export * from './campaigns.enumerations';
export * from './campaigns.schema';
export * from './campaign.entity';
export * from './segment.entity';
