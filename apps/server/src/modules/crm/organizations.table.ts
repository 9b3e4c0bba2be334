import { organizationEntity } from '@atrium/domain';
import { entityTable } from '../../platform/entity';

export const organizations = entityTable('organizations', organizationEntity);
