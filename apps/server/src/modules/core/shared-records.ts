import { blobStoreFor } from '../../platform/blobs/blob-store';
import { entityRegistry } from '../../platform/entity/entity-registry';
import { provideTagFilter } from '../../platform/entity/list-query';
import { taggedWithAny } from './tags.repository';
import type { Router } from '../../platform/router';
import type { ModuleDeps } from '../index';
import { registerCollaboratorRoutes } from './collaborators.routes';
import { registerDocumentRoutes } from './documents.routes';
import { registerLinkedEntityRoutes } from './linked-entities.routes';
import { registerLookupRoutes } from './lookups.routes';
import { registerNoteRoutes } from './notes.routes';
import { registerNotificationRoutes } from './notifications.routes';
import type { SharedRecordDeps } from './shared-records.access';
import { registerTagRoutes } from './tags.routes';

export { collaboratorsService } from './collaborators.service';
export { registerLookupSource, type LookupSource } from './lookups.service';
export { taggedWithAny } from './tags.repository';
export { tagsService } from './tags.service';

// Notes, documents, tags, collaborators, linked entities, notifications and lookups for every
// entity kind (ARCHITECTURE §3): one set of tables and routes keyed by entity kind and id.
export async function registerSharedRecordRoutes(router: Router, deps: ModuleDeps): Promise<void> {
  // Entities register with the engine as their modules load; read the registry at request time.
  const shared: SharedRecordDeps = {
    config: deps.config,
    mailer: deps.mailer,
    blobs: blobStoreFor(deps.config),
    entities: entityRegistry(router),
  };
  registerNoteRoutes(router, shared);
  registerDocumentRoutes(router, shared);
  registerTagRoutes(router, shared);
  provideTagFilter((tenantId, kind, idColumn, tagIds) => taggedWithAny({ tenantId }, kind, idColumn, tagIds));
  registerCollaboratorRoutes(router, shared);
  registerLinkedEntityRoutes(router, shared);
  registerNotificationRoutes(router);
  registerLookupRoutes(router, shared);
}
