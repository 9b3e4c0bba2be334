import { contactEntity, entityListQuerySchema, leadEntity, opportunityEntity, organizationEntity, pagedResponse } from '@atrium/domain';
import { z } from 'zod';
import { registerEntity } from '../../platform/entity';
import type { Router } from '../../platform/router';
import { registerContactStateRoutes } from './contact-states.routes';
import { contacts } from './contacts.table';
import { registerLeadRoutes } from './leads.routes';
import { leads } from './leads.table';
import { opportunities, opportunityContacts } from './opportunities.table';
import { organizationContacts } from './organization-contacts.table';
import { organizations } from './organizations.table';
import { opportunitiesOf } from './opportunities.service';
import { registerTeamRoutes } from './teams.routes';
import type { TeamsDeps } from './teams.service';

// The CRM's kinds are declarations (organizations, contacts, leads, opportunities here; teams and
// their custom queries in registerTeamRoutes): everything generic comes from their definitions.
// What is a kind's alone is registered beside it: a lead's conversion, a contact's states, a
// team's members, invite link and query.
export function registerCrmEntities(router: Router, teams: TeamsDeps): void {
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
  const lead = registerEntity(router, leadEntity, {
    table: leads,
    example: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', organization: 'Navy Labs', source: 'Event' },
    patchExample: [{ op: 'replace', path: '/source', value: 'Referral' }],
  });
  const opportunity = registerEntity(router, opportunityEntity, {
    table: opportunities,
    relations: { contacts: opportunityContacts },
    example: { name: 'Desk booking for 300 seats', expectedValue: 48000, estimatedCloseDate: '2026-12-15' },
    patchExample: [{ op: 'replace', path: '/probability', value: 60 }],
  });
  registerLeadRoutes(router, { lead, contact, organization, opportunity });
  registerContactStateRoutes(router, contact);
  registerTeamRoutes(router, contact, teams);

  // Spec §7 (Organizations: requesters) is not served until the helpdesk module brings requests
  // to find them by (issue 25: a stub that always answered an empty list is worse than none).

  // Spec §7 (linked opportunities): the deals of an organization (its customer organization) and
  // of a contact (its customer contact, or one of the contacts involved), as the list pages them.
  const linkedOpportunities = (owner: typeof organization) =>
    router.tenant({
      method: 'POST',
      url: `${owner.definition.basePath}/:id/opportunities`,
      summary: `Opportunities of a ${owner.definition.kind.toLowerCase()}`,
      tags: [owner.definition.kind],
      permission: opportunityEntity.permissions.view,
      table: owner.tableName,
      schemas: { params: z.object({ id: z.uuid() }), body: entityListQuerySchema, response: pagedResponse(opportunityEntity.schemas.row) },
      example: { page: 1, pageSize: 25 },
      handler: (ctx, { params, body }) => opportunitiesOf(ctx, { owner, opportunity }, params.id, body),
    });
  linkedOpportunities(organization);
  linkedOpportunities(contact);
}
