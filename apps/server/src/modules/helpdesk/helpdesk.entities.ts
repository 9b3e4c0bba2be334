import { articleEntity, helpdeskEntity, requestEntity, topicEntity } from '@atrium/domain';
import { registerEntity, type EntityHooks, type RegisteredEntity } from '../../platform/entity';
import type { Router } from '../../platform/router';
import { articles, helpdesks, requests, topics } from './helpdesk.table';

export type HelpdeskKinds = { helpdesk: RegisteredEntity; topic: RegisteredEntity; article: RegisteredEntity; request: RegisteredEntity };
export type HelpdeskHooks = { helpdesk?: EntityHooks; topic?: EntityHooks; article?: EntityHooks; request?: EntityHooks };

// The helpdesk's kinds are declarations; what is theirs alone (the plan's helpdesk limit, slugs
// and their redirects, the requester found or created, the topic's assignee) sits in hooks.
export function registerHelpdeskEntities(router: Router, hooks: HelpdeskHooks = {}): HelpdeskKinds {
  const helpdesk = registerEntity(router, helpdeskEntity, {
    table: helpdesks,
    ...(hooks.helpdesk ? { hooks: hooks.helpdesk } : {}),
    example: { name: 'Customer support', code: 'HELP', portalSlug: 'support', senderAddress: 'support@example.com', portalEnabled: true },
    patchExample: [{ op: 'replace', path: '/portalEnabled', value: false }],
  });
  const topic = registerEntity(router, topicEntity, {
    table: topics,
    ...(hooks.topic ? { hooks: hooks.topic } : {}),
    example: { name: 'Billing', helpdeskId: '0b9e8c1e-4c1b-4d8e-9a51-2f0c0e7b1a11', position: 1 },
    patchExample: [{ op: 'replace', path: '/position', value: 2 }],
  });
  const article = registerEntity(router, articleEntity, {
    table: articles,
    ...(hooks.article ? { hooks: hooks.article } : {}),
    example: {
      title: 'Resetting your password',
      helpdeskId: '0b9e8c1e-4c1b-4d8e-9a51-2f0c0e7b1a11',
      language: 'en',
      visibility: 'Public',
      content: '<p>Open <b>Sign in</b> and choose <i>Forgot password</i>.</p>',
    },
    patchExample: [{ op: 'replace', path: '/visibility', value: 'Portal' }],
  });
  const request = registerEntity(router, requestEntity, {
    table: requests,
    ...(hooks.request ? { hooks: hooks.request } : {}),
    example: {
      subject: 'Cannot sign in',
      helpdeskId: '0b9e8c1e-4c1b-4d8e-9a51-2f0c0e7b1a11',
      requesterEmail: 'ada@example.com',
      priority: 'High',
      description: 'The sign-in page says my password is wrong.',
    },
    patchExample: [{ op: 'replace', path: '/priority', value: 'Low' }],
  });
  return { helpdesk, topic, article, request };
}
