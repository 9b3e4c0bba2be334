import { z } from 'zod';
import { FILE_SIZE_LIMITS, LIMITS } from './constants';
import { DOCUMENT_TYPES, ENTITY_KINDS } from './enums';
import { pagedRequestSchema, pageSizeQuerySchema } from './schemas';
import { FILTER_OPERATORS, FILTER_VALUE_TYPES } from './entity/list-query.schema';

// Shared record features (notes, documents, tags, collaborators, linked entities,
// notifications, lookups): one set of tables and routes keyed by (entity kind, entity id).

export const entityKindSchema = z.enum(ENTITY_KINDS);
export const entityRefSchema = z.strictObject({ entityKind: entityKindSchema, entityId: z.uuid() });
export type EntityRef = z.infer<typeof entityRefSchema>;

const author = z.object({ tenantUserId: z.uuid().nullable(), name: z.string(), email: z.string().nullable() });

// Notes
export const NOTE_MAX_LENGTH = 100_000;
export const noteListSchema = pagedRequestSchema.extend(entityRefSchema.shape);
export type NoteList = z.infer<typeof noteListSchema>;
export const noteAddSchema = entityRefSchema.extend({
  body: z.string({ error: 'required' }).min(1, { error: 'required' }).max(NOTE_MAX_LENGTH, { error: 'maxLength' }),
});
export type NoteAdd = z.infer<typeof noteAddSchema>;
export const noteUpdateSchema = z.strictObject({
  body: z.string({ error: 'required' }).min(1, { error: 'required' }).max(NOTE_MAX_LENGTH, { error: 'maxLength' }),
});
export type NoteUpdate = z.infer<typeof noteUpdateSchema>;
export const noteSchema = z.object({
  id: z.uuid(),
  entityKind: entityKindSchema,
  entityId: z.uuid(),
  body: z.string(),
  mentions: z.array(z.uuid()),
  author,
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export const mentionSuggestionQuerySchema = z.strictObject({
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  // the record being written about (spec §7: mention suggestions for a task by id), named by
  // both: its people (assignee, owner, followers) come first, and it must be visible
  entityKind: z.string().min(1).max(40).optional(),
  entityId: z.uuid().optional(),
});
export const mentionSuggestionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  iconId: z.string().nullable(),
  pictureUrl: z.string().nullable(),
});
export type MentionSuggestion = z.infer<typeof mentionSuggestionSchema>;

// Documents
export const DOCUMENT_EXTENSIONS = [
  'png',
  'jpeg',
  'jpg',
  'gif',
  'bmp',
  'webp',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'txt',
  'csv',
  'html',
  'htm',
  'mp4',
  'odt',
  'zip',
] as const;
export type DocumentExtension = (typeof DOCUMENT_EXTENSIONS)[number];
export const IMAGE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'gif', 'bmp', 'webp'] as const;
// Decision 020: images 5 MB, video and archives 50 MB, every other document 20 MB; one upload
// batch holds at most DOCUMENT_MAX_FILES files and DOCUMENT_MAX_TOTAL_SIZE bytes.
export const DOCUMENT_MAX_FILES = 10;
export const DOCUMENT_MAX_TOTAL_SIZE = FILE_SIZE_LIMITS.largeFile;
export function documentSizeLimit(ext: DocumentExtension): number {
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return FILE_SIZE_LIMITS.image;
  if (ext === 'mp4' || ext === 'zip') return FILE_SIZE_LIMITS.largeFile;
  return FILE_SIZE_LIMITS.file;
}
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export const documentTypeSchema = z.enum(DOCUMENT_TYPES);
export const documentNameSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(LIMITS.nameMax, { error: 'maxLength' })
  // no path separators or control characters in a file name
  .refine((s) => ![...s].some((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 32), { error: 'validation' });

export const documentSchema = z.object({
  id: z.uuid(),
  entityKind: entityKindSchema,
  entityId: z.uuid(),
  parentId: z.uuid().nullable(),
  type: documentTypeSchema,
  name: z.string(),
  description: z.string().nullable(),
  contentType: z.string().nullable(),
  size: z.number().int(),
  // short-lived signed URLs; null for folders
  url: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  createdBy: author,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocumentItem = z.infer<typeof documentSchema>;

export const documentListSchema = pagedRequestSchema.extend({
  ...entityRefSchema.shape,
  parentId: z.uuid().nullable().default(null),
  type: documentTypeSchema.optional(),
});
export type DocumentList = z.infer<typeof documentListSchema>;

export const documentCreateSchema = entityRefSchema.extend({
  type: z.enum(['Folder', 'Link']).default('Folder'),
  name: documentNameSchema,
  parentId: z.uuid().nullable().default(null),
  url: z.url({ protocol: /^https?$/, error: 'invalidUrl' }).optional(),
  description: z.string().max(2000).optional(),
});
export type DocumentCreate = z.infer<typeof documentCreateSchema>;

export const uploadFileSchema = z.strictObject({
  name: documentNameSchema,
  size: z.number().int().min(0),
  contentType: z.string().max(200).optional(),
});
export const uploadInfoRequestSchema = entityRefSchema.extend({
  parentId: z.uuid().nullable().default(null),
  files: z.array(uploadFileSchema).min(1, { error: 'required' }),
});
export type UploadInfoRequest = z.infer<typeof uploadInfoRequestSchema>;
export const uploadInfoSchema = z.object({
  uploadId: z.uuid(),
  name: z.string(),
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type UploadInfo = z.infer<typeof uploadInfoSchema>;

export const documentAddSchema = entityRefSchema.extend({
  parentId: z.uuid().nullable().default(null),
  files: z
    .array(z.strictObject({ uploadId: z.uuid(), name: documentNameSchema, description: z.string().max(2000).optional() }))
    .min(1, { error: 'required' }),
});
export type DocumentAdd = z.infer<typeof documentAddSchema>;

export const documentUpdateSchema = z.strictObject({
  name: documentNameSchema.optional(),
  description: z.string().max(2000).nullable().optional(),
  url: z.url({ protocol: /^https?$/, error: 'invalidUrl' }).optional(),
});
export type DocumentUpdate = z.infer<typeof documentUpdateSchema>;
export const documentRenameSchema = z.strictObject({ name: documentNameSchema });
export const documentMoveSchema = z.strictObject({ ids: z.array(z.uuid()).min(1).max(500), parentId: z.uuid().nullable() });
export type DocumentMove = z.infer<typeof documentMoveSchema>;
// Spec §5: deleting with an invalid list is skipped without error, so the body is loose.
export const documentDeleteSchema = z.object({ ids: z.unknown().optional() });
export const documentBreadcrumbSchema = z.strictObject({ id: z.uuid().nullable() });
export const breadcrumbSchema = z.array(z.object({ id: z.uuid(), name: z.string() }));

// Tags
export const TAG_COLORS = [
  '#021F65',
  '#1677FF',
  '#13C2C2',
  '#52C41A',
  '#A0D911',
  '#FADB14',
  '#FAAD14',
  '#FA8C16',
  '#FA541C',
  '#F5222D',
  '#EB2F96',
  '#722ED1',
  '#2F54EB',
  '#8C8C8C',
] as const;
export type TagColor = (typeof TAG_COLORS)[number];
export const tagSchema = z.object({ id: z.uuid(), name: z.string(), color: z.string() });
export type Tag = z.infer<typeof tagSchema>;
export const tagListSchema = pagedRequestSchema.extend({ ids: z.array(z.uuid()).max(1000).optional() });
export const tagCreateSchema = z.strictObject({
  name: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(LIMITS.tagMax, { error: 'tagMaxCharacters' }),
  color: z.enum(TAG_COLORS).optional(),
});
export type TagCreate = z.infer<typeof tagCreateSchema>;
export const entityTagsSchema = z.strictObject({ tagIds: z.array(z.uuid()).max(100) });

// Collaborators
export const collaboratorSchema = z.object({
  id: z.uuid(),
  entityKind: entityKindSchema,
  entityId: z.uuid(),
  tenantUserId: z.uuid(),
  name: z.string(),
  email: z.string(),
  pictureUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Collaborator = z.infer<typeof collaboratorSchema>;
export const collaboratorListSchema = pagedRequestSchema.extend(entityRefSchema.shape);
// without tenantUserIds the caller follows the record
export const collaboratorAddSchema = entityRefSchema.extend({ tenantUserIds: z.array(z.uuid()).min(1).max(100).optional() });

// Linked entities: one row links two records; each side lists the other.
export const linkedEntitySchema = z.object({
  id: z.uuid(),
  entityKind: entityKindSchema,
  entityId: z.uuid(),
  title: z.string().nullable(),
  createdAt: z.string(),
});
export type LinkedEntity = z.infer<typeof linkedEntitySchema>;
export const linkedEntityListSchema = pagedRequestSchema.extend({ ...entityRefSchema.shape, linkedKind: entityKindSchema.optional() });
export const linkedEntityLinkSchema = entityRefSchema.extend({ linkedKind: entityKindSchema, linkedId: z.uuid() });

// Notifications
export const NOTIFICATION_KINDS = ['Mention', 'Followed'] as const;
// What happened, so each reader sees it in their own language; `title` is the English text
// the e-mail carries and the fallback for notifications written before events existed.
export const NOTIFICATION_CAUSES = [
  'mentionedInNote',
  'addedAsCollaborator',
  'noteAdded',
  'filesAdded',
  'tagsChanged',
  'recordChanged',
  // notification rules (#14)
  'assigned',
  'stageChanged',
  // workplace booking: a booking nobody checked in was released (the booker is told)
  'bookingReleased',
] as const;
export type NotificationCause = (typeof NOTIFICATION_CAUSES)[number];
export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  cause: z.enum(NOTIFICATION_CAUSES).nullable(),
  entityKind: entityKindSchema.nullable(),
  entityId: z.uuid().nullable(),
  // the record's title when the notification was written
  recordTitle: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  actorName: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;
export const notificationListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: pageSizeQuerySchema.default(25),
  unreadOnly: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export const notificationListSchema = z.object({ data: z.array(notificationSchema), total: z.number().int(), unread: z.number().int() });
export const notificationReadSchema = z.strictObject({ ids: z.array(z.uuid()).max(1000).optional(), all: z.boolean().optional() });

// Lookups (decision 021)
export const lookupRequestSchema = z.strictObject({
  entities: z.array(z.string().min(1).max(50)).min(1).max(20),
  ids: z.array(z.uuid()).max(1000).optional(),
  selectedIds: z.array(z.uuid()).max(1000).optional(),
  search: z.string().max(200).optional(),
  pageSize: z.number().int().min(1).max(100).default(25),
});
export type LookupRequest = z.infer<typeof lookupRequestSchema>;
export const lookupOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  color: z.string().optional(),
  description: z.string().optional(),
});
export type LookupOption = z.infer<typeof lookupOptionSchema>;
export const lookupResponseSchema = z.record(z.string(), z.array(lookupOptionSchema));
export const cultureSchema = z.object({ code: z.string(), name: z.string() });
export const CULTURES = [
  'en-US',
  'en-GB',
  'de-DE',
  'fr-FR',
  'es-ES',
  'it-IT',
  'nl-NL',
  'pt-BR',
  'pl-PL',
  'sv-SE',
  'da-DK',
  'nb-NO',
  'fi-FI',
  'ja-JP',
  'zh-CN',
] as const;
// An advanced (filterable) field of an entity kind. id is "<Kind>:<field path>", e.g.
// "Contact:email" or "Contact:customFields.tier"; the path is what list filters name.
export const advancedFieldSchema = z.object({
  id: z.string(),
  entityKind: entityKindSchema,
  field: z.string(),
  label: z.string(),
  dataType: z.enum(FILTER_VALUE_TYPES),
  custom: z.boolean(),
  // true when the field has a fixed list of options (POST options)
  hasOptions: z.boolean(),
});
export type AdvancedField = z.infer<typeof advancedFieldSchema>;
export const advancedFieldsRequestSchema = z.strictObject({ entityKind: entityKindSchema });
export const advancedFieldIdSchema = z.strictObject({ id: z.string().min(3).max(200) });
export const advancedFieldFiltersSchema = z.object({ field: advancedFieldSchema, operators: z.array(z.enum(FILTER_OPERATORS)) });
export const visibilityConfigSchema = z.object({
  internal: z.array(z.string()),
  external: z.array(z.string()),
  defaultInternal: z.string(),
  defaultExternal: z.string(),
});
