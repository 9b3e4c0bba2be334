import { z } from 'zod';
import { defineEntity } from '../../entity/define-entity';
import { fields } from '../../entity/fields';
import { ROLE_PERMISSIONS, type RolePermission } from '../../permissions';

// A team: workspace users who work together (members), the contacts it looks after (related
// contacts, linked by hand or matched by custom queries), an invite URL and module permissions
// it grants its members. Every workspace has a default team that new members join and that
// cannot be deleted (spec §8). Teams are settings: ViewTeams / ManageTeams (spec §6).
export const teamEntity = defineEntity({
  kind: 'Team',
  module: 'crm',
  basePath: '/api/v1/teams',
  web: { path: '/teams', icon: 'TeamOutlined' },
  title: { fields: ['name'] },
  fields: {
    name: fields.text({ max: 100, required: true, quick: true }),
    description: fields.longText({ max: 2000, quick: true }),
    // set when the workspace is created, never by a client
    isDefault: fields.boolean({ readOnly: true }),
  },
  searchFields: ['name', 'description'],
  defaultColumns: ['description', 'isDefault'],
  defaultSort: [{ field: 'name', order: 'asc' }],
  savedViewKey: 'teams',
  permissions: {
    view: 'Setting.ViewTeams',
    create: 'Setting.ManageTeams',
    manage: 'Setting.ManageTeams',
    timeline: 'Setting.ViewTeams',
    settings: 'Setting.ManageTeams',
    viewRestricted: 'Contact.ViewRestrictedFields',
    manageRestricted: 'Contact.ManageRestrictedFields',
  },
  capabilities: { customFields: true, tags: true },
  relations: {
    contacts: { target: 'Contact' },
    customQueries: { target: 'CustomQuery', path: 'custom-queries' },
  },
});

// The module permissions a team may grant its members: every module's, never the workspace's
// own settings (a team cannot make its members administrators).
export const TEAM_GRANTABLE_PERMISSIONS: readonly RolePermission[] = ROLE_PERMISSIONS.filter((p) => !p.startsWith('Setting.'));

export const teamMembersPatchSchema = z
  .strictObject({
    add: z.array(z.uuid()).max(500).default([]),
    remove: z.array(z.uuid()).max(500).default([]),
  })
  .refine((b) => b.add.length + b.remove.length > 0, { error: 'required', path: ['add'] })
  .meta({ description: 'Rule `required`: at least one member to add or to remove.' });
export type TeamMembersPatch = z.infer<typeof teamMembersPatchSchema>;

export const teamMemberSchema = z.object({
  tenantUserId: z.uuid(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['invited', 'active']),
  addedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

// Invite URL (spec §7: generate invite URL by id): an unguessable token, expiring, revocable.
export const TEAM_INVITE_DAYS = { default: 7, max: 30 } as const;
export const teamInviteUrlRequestSchema = z.strictObject({
  expiresInDays: z
    .number()
    .int()
    .min(1, { error: 'tooSmall' })
    .max(TEAM_INVITE_DAYS.max, { error: 'tooBig' })
    .default(TEAM_INVITE_DAYS.default),
});
export const teamInviteUrlSchema = z.object({ url: z.string(), token: z.string(), expiresAt: z.string() });
export type TeamInviteUrl = z.infer<typeof teamInviteUrlSchema>;
// what the invite page shows before joining (public: names only)
export const teamInviteInfoSchema = z.object({
  valid: z.boolean(),
  workspaceName: z.string().optional(),
  teamName: z.string().optional(),
  expiresAt: z.string().optional(),
});
export type TeamInviteInfo = z.infer<typeof teamInviteInfoSchema>;

export const teamPermissionsSchema = z.strictObject({
  permissions: z.array(z.enum(TEAM_GRANTABLE_PERMISSIONS as [RolePermission, ...RolePermission[]], { error: 'invalidOption' })).max(200),
});
export type TeamPermissions = z.infer<typeof teamPermissionsSchema>;
