import { z } from 'zod';
import type { Permission } from '../../permissions';

// A helpdesk's members (decision 094 rounds six and eight; spec §6 "roles per helpdesk",
// Plan.Roles): the workspace users who work this helpdesk and their role in it. A role adds its
// permissions to the member's workspace permissions on this helpdesk, its requests, topics and
// articles (the engine's roleScope), as a project role does on a project. The roles are a fixed
// catalogue (the spec names no helpdesk role or its permissions): what an agent does, what a
// supervisor adds.
export const HELPDESK_ROLES = ['Viewer', 'Agent', 'Supervisor'] as const;
export type HelpdeskRole = (typeof HELPDESK_ROLES)[number];

const VIEWER: readonly Permission[] = ['Helpdesk.View'];
const AGENT: readonly Permission[] = [...VIEWER, 'Helpdesk.Create', 'Helpdesk.ManageRequests'];
export const HELPDESK_ROLE_PERMISSIONS: Readonly<Record<HelpdeskRole, readonly Permission[]>> = {
  Viewer: VIEWER,
  Agent: AGENT,
  // a supervisor runs the helpdesk: its topics (Manage), settings, and its knowledge base
  Supervisor: [
    ...AGENT,
    'Helpdesk.DeleteRequests',
    'Helpdesk.Manage',
    'Helpdesk.ManageProjectSettings',
    'Helpdesk.ManageKnowledgeBase',
    'Helpdesk.PublishArticles',
  ],
};

// The roles that grant a permission (the engine's reads ask by permission).
export const helpdeskRolesGranting = (permission: string): HelpdeskRole[] =>
  HELPDESK_ROLES.filter((r) => (HELPDESK_ROLE_PERMISSIONS[r] as readonly string[]).includes(permission));

// left out: required; not a uuid: validation
const id = () => z.uuid({ error: (issue) => (issue.input === undefined ? 'required' : 'validation') });
const role = z.enum(HELPDESK_ROLES, { error: 'invalidOption' });

export const helpdeskMemberInputSchema = z.strictObject({ tenantUserId: id(), role });
export type HelpdeskMemberInput = z.infer<typeof helpdeskMemberInputSchema>;
export const helpdeskMemberUpdateSchema = z.strictObject({ role });
export type HelpdeskMemberUpdate = z.infer<typeof helpdeskMemberUpdateSchema>;

export const helpdeskMemberSchema = z.object({
  tenantUserId: z.uuid(),
  user: z.object({ id: z.uuid(), title: z.string() }),
  role: z.enum(HELPDESK_ROLES),
});
export type HelpdeskMember = z.infer<typeof helpdeskMemberSchema>;

// The caller's permissions in one helpdesk: the workspace's merged with their role's there.
export const helpdeskPermissionsSchema = z.object({
  role: z.enum(HELPDESK_ROLES).nullable(),
  permissions: z.array(z.string()),
});
