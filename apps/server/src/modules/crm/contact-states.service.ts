import { CONTACT_STATES, type ContactState } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { publishRecordEvent } from '../../platform/events/live-events.service';
import { getEntity, recordActivities, recordsWritten, requireRecord, type EntityRow, type RegisteredEntity } from '../../platform/entity';
import { setContactState } from './contact-states.repository';

// Block, spam and unsubscribe (spec §7): states of a contact with an activity entry each, shown
// on the contact and filterable like other fields; campaigns will leave such contacts out. Setting
// a state that is already set (or clearing one that is not) changes nothing and records nothing.
export async function changeContactState(
  ctx: TenantContext,
  contact: RegisteredEntity,
  id: string,
  state: ContactState,
  on: boolean,
): Promise<EntityRow> {
  await requireRecord(ctx, contact.registry, { kind: 'Contact', id }, 'manage');
  const column = contact.definition.fields[CONTACT_STATES[state]]?.column;
  if (!column) throw new Error(`contacts have no ${state} column`);
  if (await setContactState(ctx, id, column, on)) {
    await recordActivities(ctx, [
      { entityKind: 'Contact', entityId: id, type: 'Change', action: on ? 'stateSet' : 'stateCleared', field: state },
    ]);
    const row = await getEntity(ctx, contact, id);
    await publishRecordEvent(ctx, { kind: 'Contact', id, version: Number(row.version), action: 'updated' });
    await recordsWritten(ctx, 'Contact', [id]);
    return row;
  }
  return getEntity(ctx, contact, id);
}
