import { sql, type SQL } from 'drizzle-orm';

// Conditions on the opportunities list (alias t) for the deals of an organization and of a
// contact (the customer contact, or one of the contacts involved).
export const opportunitiesOfOrganization = (id: string): SQL[] => [sql`t.organization_id = ${id}`];
export const opportunitiesOfContact = (id: string): SQL[] => [
  sql`(t.contact_id = ${id} or exists (select 1 from opportunity_contacts oc
    where oc.tenant_id = t.tenant_id and oc.from_id = t.id and oc.to_id = ${id}))`,
];
