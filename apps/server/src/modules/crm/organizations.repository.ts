import { sql, type SQL } from 'drizzle-orm';

// Conditions on the contacts list (alias t) for an organization's requesters: its contacts that
// raised a helpdesk request. TODO(#helpdesk): join the requests table when it exists; until
// then no contact has raised one.
export function requestersOf(organizationId: string): SQL[] {
  return [sql`t.organization_id = ${organizationId}`, sql`false`];
}
