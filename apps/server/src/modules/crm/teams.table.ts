import { customQueryEntity } from '@atrium/domain';
import { entityTable, relationTable } from '../../platform/entity';
import { teams } from '../admin';
import { contacts } from './contacts.table';

// Saved contact filters (custom queries) and what teams relate to: contacts linked by hand,
// and custom queries whose matches count as the team's contacts.
export const customQueries = entityTable('custom_queries', customQueryEntity);
export const teamContacts = relationTable('team_contacts', teams, contacts);
export const teamCustomQueries = relationTable('team_custom_queries', teams, customQueries);
