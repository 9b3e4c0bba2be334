import { leadEntity } from '@atrium/domain';
import { entityTable } from '../../platform/entity';

export const leads = entityTable('leads', leadEntity);
