import { z } from 'zod';
import { pagedRequestSchema } from '../schemas';

// Types of a kind's records (contact types, opportunity types…): a record's type selects the
// custom fields that apply to it besides the common ones.
export const ENTITY_TYPE_LIMITS = { nameMax: 100, descriptionMax: 2000, maxTypes: 100 } as const;

export const entityTypeInputSchema = z.strictObject({
  name: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(ENTITY_TYPE_LIMITS.nameMax, { error: 'maxLength' }),
  description: z
    .string({ error: 'validation' })
    .trim()
    .max(ENTITY_TYPE_LIMITS.descriptionMax, { error: 'maxLength' })
    .nullable()
    .optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation' })
    .nullable()
    .optional(),
});
export type EntityTypeInput = z.input<typeof entityTypeInputSchema>;

export const entityTypeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string().nullable(),
  version: z.number().int(),
  // records of this type
  records: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EntityType = z.infer<typeof entityTypeSchema>;

export const entityTypeListSchema = pagedRequestSchema;
