import { z } from 'zod';

export const STAGE_TYPES = ['Open', 'InProgress', 'Won', 'Lost', 'Closed'] as const;
export type StageType = (typeof STAGE_TYPES)[number];

// A pipeline has at least this many stages (spec §5 "minimum stages"; bound is ours).
export const MIN_WORKFLOW_STAGES = 2;

export type DefaultStage = { name: string; stageType: StageType; color: string };

// Stages a new workflow starts with when its kind's definition names none.
export const GENERIC_DEFAULT_STAGES: readonly DefaultStage[] = [
  { name: 'To do', stageType: 'Open', color: '#8c8c8c' },
  { name: 'In progress', stageType: 'InProgress', color: '#1677ff' },
  { name: 'Done', stageType: 'Closed', color: '#52c41a' },
];

const stageName = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100, { error: 'maxLength' });
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation' });

export const workflowStageInputSchema = z.strictObject({
  name: stageName,
  stageType: z.enum(STAGE_TYPES).default('Open'),
  color: color.default('#8c8c8c'),
  // a board column's work-in-progress limit: more cards than this and the column warns
  wipLimit: z
    .number({ error: 'validation' })
    .int({ error: 'validation' })
    .min(1, { error: 'validation' })
    .max(999, { error: 'validation' })
    .nullable()
    .optional(),
});
export type WorkflowStageInput = z.input<typeof workflowStageInputSchema>;

export const workflowStageCreateSchema = workflowStageInputSchema.extend({
  workflowId: z.uuid(),
  // placed after this stage; first when null, last when omitted
  afterId: z.uuid().nullable().optional(),
});

// Moving a stage names its new neighbours; only the moved row is written.
export const workflowStageMoveSchema = z
  .strictObject({ afterId: z.uuid().nullable().optional(), beforeId: z.uuid().nullable().optional() })
  .refine((v) => v.afterId !== undefined || v.beforeId !== undefined, { error: 'required', path: ['afterId'] })
  .meta({ description: 'Rule `required`: afterId or beforeId (null for the first or the last place).' });
export type WorkflowStageMove = z.infer<typeof workflowStageMoveSchema>;

export const workflowStageSchema = z.object({
  id: z.uuid(),
  workflowId: z.uuid(),
  name: z.string(),
  stageType: z.enum(STAGE_TYPES),
  color: z.string(),
  sortOrder: z.string(),
  wipLimit: z.number().int().nullable(),
});
export type WorkflowStage = z.infer<typeof workflowStageSchema>;

export const workflowCreateSchema = z
  .strictObject({
    entity: z.string().min(1).max(40),
    typeId: z.uuid().nullable().optional(),
    // the record that owns the workflow, for kinds whose stages are per record (a project's tasks)
    scopeId: z.uuid().nullable().optional(),
    name: stageName,
    isDefault: z.boolean().default(false),
    stages: z.array(workflowStageInputSchema).min(MIN_WORKFLOW_STAGES, { error: 'minimumStages' }).max(50).optional(),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.stages?.forEach((s, i) => {
      if (seen.has(s.name.toLowerCase())) ctx.addIssue({ code: 'custom', path: ['stages', i, 'name'], message: 'duplicateTitle' });
      seen.add(s.name.toLowerCase());
    });
  })
  .meta({ description: 'Rule `duplicateTitle`: stage names once each (in any case).' });
export type WorkflowCreate = z.input<typeof workflowCreateSchema>;

export const workflowUpdateSchema = z.strictObject({ name: stageName, isDefault: z.boolean() });
export type WorkflowUpdate = z.infer<typeof workflowUpdateSchema>;

export const workflowSchema = z.object({
  id: z.uuid(),
  entity: z.string(),
  typeId: z.uuid().nullable(),
  scopeId: z.uuid().nullable(),
  name: z.string(),
  isDefault: z.boolean(),
  stages: z.array(workflowStageSchema),
});
export type Workflow = z.infer<typeof workflowSchema>;

// Deleting a stage that records are in: `moveTo`, another stage of the same workflow, takes them
// (without it the delete answers 409 stageInUse and names how many).
export const workflowStageDeleteQuerySchema = z.strictObject({ moveTo: z.uuid().optional() });
export type WorkflowStageDeleteQuery = z.infer<typeof workflowStageDeleteQuerySchema>;

export const workflowListQuerySchema = z.strictObject({
  entity: z.string().min(1).max(40),
  typeId: z.uuid().optional(),
  // a kind with per-record workflows: the owning record's (a project's task stages)
  scopeId: z.uuid().optional(),
});
