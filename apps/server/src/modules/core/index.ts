import type { EntityKind, EntityRef } from '@atrium/domain';
import type { Router } from '../../platform/router';
import type { ModuleDeps } from '../../platform/module';
import { registerCaptions } from '../../platform/captions';
import { COLLABORATOR_CAPTIONS } from './collaborators.captions';
import { DASHBOARD_CAPTIONS } from './dashboard.captions';
import { DOCUMENT_CAPTIONS } from './documents.captions';
import { LINKED_ENTITY_CAPTIONS } from './linked-entities.captions';
import { NOTE_CAPTIONS } from './notes.captions';
import { NOTIFICATION_CAPTIONS } from './notifications.captions';
import { PROFILE_CAPTIONS } from './profile.captions';
import { SAVED_VIEW_CAPTIONS } from './saved-views.captions';
import { TAG_CAPTIONS } from './tags.captions';
import { registerDashboardRoutes } from './dashboard.routes';
import { MAIL_CAPTIONS } from './mail.captions';
import { registerProfileRoutes } from './profile.routes';
import { registerSavedViewRoutes } from './saved-views.routes';
import { registerSharedRecordRoutes } from './shared-records';
import { blobStoreFor } from '../../platform/blobs/blob-store';
import { entityRegistry } from '../../platform/entity';
import type { TenantContext, TenantScope } from '../../platform/context';
import { notify, type NotifyInput } from './notifications.service';
import { link as linkEntities } from './linked-entities.service';
import { attachReceivedFiles, imageUrls, type ReceivedFile } from './documents.service';

// For campaigns: an e-mail template of a kind and core's merge of its fields into one mail.
export { get as getEmailTemplate } from './emails.service';
export { mailLayout, mergeFieldsOf, mergeValues, renderText } from './email-merge.util';
// For the helpdesk: an article's HTML cleaned as a note's is (the editor's tags only; with
// `images`, its images named by document id).
export { sanitizeNote } from './notes.sanitizer';

// What core's shared features need, for the doors below.
const sharedDeps = (router: Router, deps: ModuleDeps) => ({
  config: deps.config,
  mailer: deps.mailer,
  blobs: blobStoreFor(deps.config),
  entities: entityRegistry(router),
});

// In-app (and, asked for, e-mail) notifications for other modules, through the composition root
// (the auto-release of bookings tells the booker).
export function memberNotifier(router: Router, deps: ModuleDeps): (ctx: TenantContext, input: NotifyInput) => Promise<void> {
  const shared = sharedDeps(router, deps);
  return async (ctx, input) => {
    await notify(ctx, shared, input);
  };
}

// Links two records for other modules (a request and its task: each shows the other among its
// linked records), through the shared feature's own rules: the caller must be able to change both.
export type RecordLinker = (ctx: TenantContext, a: { kind: EntityKind; id: string }, b: { kind: EntityKind; id: string }) => Promise<void>;
export function recordLinker(router: Router, deps: ModuleDeps): RecordLinker {
  const shared = sharedDeps(router, deps);
  return async (ctx, a, b) => {
    await linkEntities(ctx, shared, { entityKind: a.kind, entityId: a.id, linkedKind: b.kind, linkedId: b.id });
  };
}

// Files a module received (a mail's attachments) become a record's documents by the upload
// rules; what breaks one is answered, not stored.
export type FileAttacher = (ctx: TenantContext, ref: EntityRef, files: readonly ReceivedFile[]) => ReturnType<typeof attachReceivedFiles>;
export function fileAttacher(router: Router, deps: ModuleDeps): FileAttacher {
  const shared = sharedDeps(router, deps);
  return (ctx, ref, files) => attachReceivedFiles(ctx, shared, ref, files);
}

// A record's images by document id with short-lived signed URLs, for a module that shows the
// record's rich text outside the workspace (the helpdesk portal's article).
export type RecordImages = (scope: TenantScope, ref: EntityRef) => Promise<Map<string, string>>;
export function recordImages(deps: ModuleDeps): RecordImages {
  const blobs = blobStoreFor(deps.config);
  return (scope, ref) => imageUrls(scope, blobs, ref);
}

export async function registerCoreModule(router: Router, deps: ModuleDeps): Promise<void> {
  const captions = [
    PROFILE_CAPTIONS,
    SAVED_VIEW_CAPTIONS,
    NOTE_CAPTIONS,
    DOCUMENT_CAPTIONS,
    TAG_CAPTIONS,
    COLLABORATOR_CAPTIONS,
    LINKED_ENTITY_CAPTIONS,
    NOTIFICATION_CAPTIONS,
  ];
  for (const set of captions) registerCaptions(set);
  registerCaptions(MAIL_CAPTIONS);
  registerSavedViewRoutes(router);
  registerCaptions(DASHBOARD_CAPTIONS);
  registerDashboardRoutes(router);
  registerProfileRoutes(router, { publicUrl: deps.config.publicUrl });
  await registerSharedRecordRoutes(router, deps);
}
