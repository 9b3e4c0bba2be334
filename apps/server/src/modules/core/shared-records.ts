import { documentListSchema, documentSchema, entityKindSchema, pagedResponse } from '@atrium/domain';
import { z } from 'zod';
import { blobStoreFor } from '../../platform/blobs/blob-store';
import {
  entityRegistry,
  kindWords,
  provideEntityRoutes,
  provideRecordCleanup,
  provideRecordTransfer,
  provideTagSql,
} from '../../platform/entity';
import type { Router } from '../../platform/router';
import { provideImportedNotes } from '../../platform/import-export/import-notes';
import type { ModuleDeps } from '../../platform/module';
import { registerCollaboratorRoutes } from './collaborators.routes';
import { registerAiRoutes } from './ai.routes';
import { registerDocumentRoutes } from './documents.routes';
import { registerEmailRoutes } from './emails.routes';
import * as documentsService from './documents.service';
import { registerLinkedEntityRoutes } from './linked-entities.routes';
import { registerLookupRoutes } from './lookups.routes';
import { registerNoteRoutes } from './notes.routes';
import * as notesService from './notes.service';
import { registerNotificationRuleRoutes } from './notification-rules.routes';
import { registerNotificationRoutes } from './notifications.routes';
import type { SharedRecordDeps } from './shared-records.access';
import { deleteForRecords, moveToRecord } from './shared-records.repository';
import { rowTags, taggedWith } from './tags.repository';
import { registerTagRoutes } from './tags.routes';

// Documents of one record by its kind's path (spec §7: POST documents by {id}).
const documentsByRecordSchema = documentListSchema.omit({ entityKind: true, entityId: true });

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
  deps.jobs.cleanup({
    name: 'uploads',
    description: 'Uploaded files never added to a record',
    run: (ctx, now) => documentsService.removeUnregisteredUploads(ctx, shared.blobs, now),
  });
  registerTagRoutes(router, shared);
  // an import's note column adds notes to the records it writes
  provideImportedNotes(notesService.addImported);
  provideTagSql({
    filter: (tenantId, kind, idColumn, tagIds, match) => taggedWith({ tenantId }, kind, idColumn, tagIds, match),
    select: rowTags,
  });
  registerCollaboratorRoutes(router, shared);
  registerLinkedEntityRoutes(router, shared);
  registerNotificationRoutes(router);
  registerNotificationRuleRoutes(router, shared);
  registerEmailRoutes(router, shared);
  registerAiRoutes(router, shared);
  registerLookupRoutes(router, shared);
  // a deleted record takes its notes, documents (and their files), tags, followers and links along
  provideRecordCleanup(router, async (ctx, kind, ids) => {
    const keys = await deleteForRecords(ctx, kind, ids);
    await shared.blobs.delete(keys);
  });
  // a record merged into another hands them over
  provideRecordTransfer(router, moveToRecord);
  provideEntityRoutes(router, (r, ent) => {
    if (!ent.definition.capabilities.documents) return;
    const kind = entityKindSchema.parse(ent.definition.kind);
    r.tenant({
      method: 'POST',
      url: `${ent.definition.basePath}/:id/documents`,
      summary: `Documents of a ${kindWords(kind).one}, one folder at a time`,
      tags: [kind],
      permission: null,
      table: ent.tableName,
      record: { feature: 'view', capability: 'documents', of: ({ params }) => ({ kind, id: params.id }) },
      schemas: { params: z.object({ id: z.uuid() }), body: documentsByRecordSchema, response: pagedResponse(documentSchema) },
      example: { parentId: null, page: 1, pageSize: 25 },
      handler: (ctx, { params, body }) => documentsService.list(ctx, shared, { ...body, entityKind: kind, entityId: params.id }),
    });
  });
}
