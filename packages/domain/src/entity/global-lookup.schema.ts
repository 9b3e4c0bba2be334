import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../constants';
import { pageSizeSchema } from '../schemas';

// Contact-detail lookup entity names of spec §3: the labels offered next to a contact's
// addresses, e-mails, phones…, and the department and job title lists.
export const GLOBAL_LOOKUP_ENTITIES = ['Address', 'Email', 'Phone', 'Social', 'Website', 'Department', 'JobTitle'] as const;
export type GlobalLookupEntity = (typeof GLOBAL_LOOKUP_ENTITIES)[number];

export const globalLookupEntitySchema = z.enum(GLOBAL_LOOKUP_ENTITIES);

const lookupName = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100, { error: 'maxLength' });

export const globalLookupSchema = z.object({
  id: z.uuid(),
  entity: globalLookupEntitySchema,
  name: z.string(),
  isDefault: z.boolean(),
  version: z.number().int(),
});
export type GlobalLookup = z.infer<typeof globalLookupSchema>;

export const globalLookupCreateSchema = z.strictObject({
  entity: globalLookupEntitySchema,
  name: lookupName,
  isDefault: z.boolean().default(false),
});
export type GlobalLookupCreate = z.input<typeof globalLookupCreateSchema>;

// PUT /global-lookups/{entity} updates one entry of that entity, named by id in the body.
export const globalLookupUpdateSchema = z.strictObject({
  id: z.uuid(),
  name: lookupName,
  isDefault: z.boolean().default(false),
});
export type GlobalLookupUpdate = z.input<typeof globalLookupUpdateSchema>;

export const globalLookupListSchema = z.strictObject({
  page: z.number().int().min(1).default(1),
  pageSize: pageSizeSchema.default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  entities: z.array(globalLookupEntitySchema).max(GLOBAL_LOOKUP_ENTITIES.length).optional(),
});
export type GlobalLookupList = z.input<typeof globalLookupListSchema>;

export const globalLookupDeleteQuerySchema = z.strictObject({ id: z.uuid() });
