import type { ModuleDeps } from '../../platform/module';
import type { Router } from '../../platform/router';
import { registerHelpdeskEntities } from './helpdesk.entities';

export { helpdesks, requests } from './helpdesk.table';

// The helpdesk (issue 23): helpdesks, topics, the knowledge base's articles and requests with
// their conversation.
export async function registerHelpdeskModule(router: Router, _deps: ModuleDeps): Promise<void> {
  registerHelpdeskEntities(router);
}
