import { contactEntity, entityListQuerySchema, organizationEntity, pagedResponse } from '@atrium/domain';
import { z } from 'zod';
import { listEntities, registerEntity, requireRecord } from '../../platform/entity';
import type { Router } from '../../platform/router';
import { contacts } from './contacts.table';
import { organizationContacts } from './organization-contacts.table';
import { organizations } from './organizations.table';
import { requestersOf } from './organizations.repository';

// Contacts and organizations are declarations: everything generic comes from their definitions.
export function registerCrmEntities(router: Router): void {
  const organization = registerEntity(router, organizationEntity, {
    table: organizations,
    relations: { contacts: organizationContacts },
    example: { name: 'Analytical Engines Ltd', website: 'https://engines.example.com' },
    patchExample: [{ op: 'replace', path: '/industry', value: 'Machinery' }],
  });
  const contact = registerEntity(router, contactEntity, {
    table: contacts,
    example: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', jobTitle: 'Mathematician' },
    patchExample: [{ op: 'replace', path: '/jobTitle', value: 'Mathematician' }],
  });

  // Spec §7 (Organizations: requesters): the organization's contacts who raised helpdesk
  // requests. Until the helpdesk module brings requests, no contact has raised one.
  router.tenant({
    method: 'POST',
    url: `${organizationEntity.basePath}/:id/requesters`,
    summary: 'Contacts of an organization who raised helpdesk requests',
    tags: ['Organization'],
    permission: organizationEntity.permissions.view,
    table: organization.tableName,
    schemas: { params: z.object({ id: z.uuid() }), body: entityListQuerySchema, response: pagedResponse(contactEntity.schemas.row) },
    example: { page: 1, pageSize: 25 },
    handler: async (ctx, { params, body }) => {
      await requireRecord(ctx, organization.registry, { kind: 'Organization', id: params.id }, 'view');
      return listEntities(ctx, contact, body, requestersOf(params.id));
    },
  });
}
