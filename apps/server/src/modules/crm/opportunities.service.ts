import type { EntityListQuery } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { listEntities, requireRecord, type RegisteredEntity } from '../../platform/entity';
import { opportunitiesOfContact, opportunitiesOfOrganization } from './opportunities.repository';

// Spec §7 (linked opportunities): the deals of an organization (its customer organization) and
// of a contact (its customer contact, or one of the contacts involved), as the list pages them.
export async function opportunitiesOf(
  ctx: TenantContext,
  kinds: { owner: RegisteredEntity; opportunity: RegisteredEntity },
  id: string,
  query: EntityListQuery,
) {
  const { owner, opportunity } = kinds;
  await requireRecord(ctx, owner.registry, { kind: owner.definition.kind, id }, 'view');
  const where = owner.definition.kind === 'Contact' ? opportunitiesOfContact : opportunitiesOfOrganization;
  return listEntities(ctx, opportunity, query, where(id));
}
