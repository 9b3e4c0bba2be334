import { contactEntity } from '@atrium/domain';
import { registerEntity } from '../../platform/entity';
import type { Router } from '../../platform/router';
import { contacts } from './contacts.table';

// Contacts are the engine's first entity: everything but the table comes from the definition.
export function registerContactRoutes(router: Router): void {
  registerEntity(router, contactEntity, {
    table: contacts,
    tag: 'Contacts',
    example: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', organization: 'Analytical Engines Ltd' },
    patchExample: [{ op: 'replace', path: '/jobTitle', value: 'Mathematician' }],
  });
}
