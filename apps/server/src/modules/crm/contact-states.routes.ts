import { contactEntity, type ContactState } from '@atrium/domain';
import { z } from 'zod';
import { etagOf, type RegisteredEntity } from '../../platform/entity';
import type { Router } from '../../platform/router';
import { changeContactState } from './contact-states.service';

const params = z.object({ id: z.uuid() });

// The e-mail states of a contact (spec §7 and the contact calls: POST spam e-mails, PUT un-spam,
// block, unsubscribe). Each answers the contact as it now is.
export function registerContactStateRoutes(router: Router, contact: RegisteredEntity): void {
  const base = contactEntity.basePath;
  const route = (
    method: 'POST' | 'PUT',
    path: string,
    summary: string,
    state: ContactState,
    body: z.ZodType<Record<string, boolean>> | undefined,
    on: (b: Record<string, boolean>) => boolean,
  ) =>
    router.tenant({
      tags: ['Contact'],
      permission: contactEntity.permissions.manage,
      table: contact.tableName,
      etag: true,
      method,
      url: `${base}/:id/${path}`,
      summary,
      schemas: { params, ...(body ? { body } : {}), response: contactEntity.schemas.row },
      ...(body ? { example: { [state]: true } } : {}),
      handler: async (ctx, req) => {
        const row = await changeContactState(ctx, contact, req.params.id, state, on((req.body ?? {}) as Record<string, boolean>));
        req.reply.header('etag', etagOf(Number(row.version)));
        return row;
      },
    });
  route('POST', 'spam', "Mark the contact's e-mails as spam", 'spam', undefined, () => true);
  route('PUT', 'unspam', "Un-spam the contact's e-mails", 'spam', undefined, () => false);
  route(
    'PUT',
    'block',
    'Block the contact (true) or lift the block (false)',
    'blocked',
    z.strictObject({ blocked: z.boolean() }),
    (b) => b.blocked === true,
  );
  route(
    'PUT',
    'unsubscribe',
    'Unsubscribe the contact from campaigns (true) or subscribe them again (false)',
    'unsubscribed',
    z.strictObject({ unsubscribed: z.boolean() }),
    (b) => b.unsubscribed === true,
  );
}
