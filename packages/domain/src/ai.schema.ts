import { z } from 'zod';
import { entityKindSchema } from './shared-records.schema';

// The AI prompt (spec §7, decision 077): what to do, about which record. The answer streams
// back as server-sent events: `delta` events with text, then `done`, or `error` with a code.
export const AI_TASKS = ['draftEmail', 'draftNote', 'summarise', 'ask'] as const;
export type AiTask = (typeof AI_TASKS)[number];
export const AI_PROMPT_MAX = 4000;

export const aiPromptSchema = z
  .strictObject({
    task: z.enum(AI_TASKS),
    entityKind: entityKindSchema,
    entityId: z.uuid(),
    // what the user adds: the point of the e-mail, a question
    prompt: z.string({ error: 'validation' }).max(AI_PROMPT_MAX, { error: 'maxLength' }).default(''),
  })
  .superRefine((v, c) => {
    if (v.task === 'ask' && !v.prompt.trim()) c.addIssue({ code: 'custom', path: ['prompt'], message: 'required' });
  })
  .meta({ description: 'Rule `required`: the task `ask` needs a prompt that is not blank.' });
export type AiPrompt = z.infer<typeof aiPromptSchema>;

export const aiStatusSchema = z.object({ configured: z.boolean(), model: z.string().nullable() });
export type AiStatus = z.infer<typeof aiStatusSchema>;

// One event of the stream, as the web app reads it.
export type AiStreamEvent = { type: 'delta'; text: string } | { type: 'done' } | { type: 'error'; code: string; message: string };
