import { z } from 'zod';

// A task's checklist: ordered items, each done or not (spec §3 "items"; §5 "minimum … items").
export const CHECKLIST_MAX_ITEMS = 100;

const title = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(300, { error: 'maxLength' });

export const checklistItemSchema = z.object({
  id: z.uuid(),
  taskId: z.uuid(),
  title: z.string(),
  done: z.boolean(),
  sortOrder: z.string(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

// added at the end, or after `afterId` (null: first)
export const checklistItemCreateSchema = z.strictObject({ title, afterId: z.uuid().nullable().optional() });
export type ChecklistItemCreate = z.infer<typeof checklistItemCreateSchema>;

export const checklistItemUpdateSchema = z
  .strictObject({ title: title.optional(), done: z.boolean().optional() })
  .refine((v) => v.title !== undefined || v.done !== undefined, { error: 'required', path: ['title'] })
  .meta({ description: 'Rule `required`: title or done.' });
export type ChecklistItemUpdate = z.infer<typeof checklistItemUpdateSchema>;

// moved between two items: after `afterId` (null: first)
export const checklistItemMoveSchema = z.strictObject({ afterId: z.uuid().nullable() });
