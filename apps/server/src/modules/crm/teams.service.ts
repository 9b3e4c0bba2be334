import type {
  CustomQueryFilter,
  EntityColumn,
  EntityListQuery,
  MyTenant,
  ProblemField,
  TeamInviteInfo,
  TeamInviteUrl,
  TeamMember,
  TeamMembersPatch,
} from '@atrium/domain';
import { contactEntity } from '@atrium/domain';
import type { AuthUser, TenantContext, TenantScope } from '../../platform/context';
import type { Db } from '../../platform/database';
import { getEntity, listColumns, listEntities, requireRecord, type EntityRow, type RegisteredEntity } from '../../platform/entity';
import { accessDenied, AppError, fieldError, notFound } from '../../platform/errors';
import { hashToken, newTenantToken, parseTenantToken } from '../../platform/tenant-token';
import { enterInvitedTenant, joinThroughInvite, resendInvite, tenantOf, type WorkspaceUsersDeps } from '../admin';
import * as repo from './teams.repository';

const DAY_MS = 24 * 3600 * 1000;
const SUGGESTIBLE = new Set(['text', 'email', 'phone', 'url', 'enum']);
const invalidLink = () => new AppError(400, 'invalidInviteLink', 'This invite link is invalid, expired or revoked');

// the invitation mail's deps (publicUrl, mailer): a team's invite URL and resent invitations
export type TeamsDeps = WorkspaceUsersDeps;
// the engine kinds the team calls work with (registered by crm.entities.ts)
export type TeamKinds = { team: RegisteredEntity; customQuery: RegisteredEntity; contact: RegisteredEntity };

async function team(ctx: TenantContext, id: string) {
  const row = await repo.byId(ctx, id);
  if (!row) throw notFound('Team');
  return row;
}

// For other modules (notification rules): a team of the workspace, and a page of its members.
export const findTeam = (ctx: TenantScope, id: string): Promise<repo.TeamRow | undefined> => repo.byId(ctx, id);
export const teamMembers = (ctx: TenantScope, teamId: string, q: { limit: number; offset: number }) => repo.members(ctx, teamId, q);

// A team's name is taken once per workspace, whatever its case.
export async function checkUniqueName(ctx: TenantContext, values: EntityRow, id?: string): Promise<void> {
  if (typeof values.name === 'string' && (await repo.nameTaken(ctx, values.name, id)))
    throw fieldError('name', 'duplicateTitle', 'name is already the name of another team');
}

// whoever makes a team is its first member
export async function addCreator(ctx: TenantContext, row: EntityRow): Promise<void> {
  await repo.addMembers(ctx, String(row.id), [ctx.tenantUserId]);
}

export function refuseDefaultTeamDelete(row: EntityRow): void {
  if (row.isDefault) throw new AppError(409, 'defaultTeamCannotBeDeleted', 'The default team cannot be deleted');
}

export async function members(ctx: TenantContext, teamId: string, q: { page: number; pageSize: number; search?: string | undefined }) {
  await team(ctx, teamId);
  const { rows, total } = await repo.members(ctx, teamId, { search: q.search, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  return { data: rows satisfies TeamMember[], total };
}

// Adds and removes workspace users in one step. A team that has members keeps at least one
// (spec §8: minimum users); the team's row is locked so two removals cannot both pass.
export async function patchMembers(ctx: TenantContext, teamId: string, patch: TeamMembersPatch): Promise<{ total: number }> {
  await team(ctx, teamId);
  await repo.lock(ctx, teamId);
  const known = await repo.existingUsers(ctx, patch.add);
  const unknown = patch.add.findIndex((id) => !known.has(id));
  if (unknown >= 0) throw fieldError(`add.${unknown}`, 'referenceNotFound', `add.${unknown} names no user of this workspace`);
  const before = await repo.memberCount(ctx, teamId);
  await repo.addMembers(ctx, teamId, patch.add);
  await repo.removeMembers(
    ctx,
    teamId,
    patch.remove.filter((id) => !patch.add.includes(id)),
  );
  const total = await repo.memberCount(ctx, teamId);
  if (before > 0 && total === 0) throw new AppError(409, 'minimumUsers', 'A team needs at least one member');
  return { total };
}

// Sends the invitation again to the team's members who have not joined yet.
export async function resendInvites(ctx: TenantContext, deps: TeamsDeps, teamId: string): Promise<{ sent: number }> {
  await team(ctx, teamId);
  const pending = await repo.invitedMembers(ctx, teamId);
  for (const id of pending) await resendInvite(ctx, deps, id);
  return { sent: pending.length };
}

// A new URL replaces the team's previous one (which stops working); only its hash is kept.
export async function createInviteUrl(ctx: TenantContext, deps: TeamsDeps, teamId: string, days: number): Promise<TeamInviteUrl> {
  await team(ctx, teamId);
  const token = newTenantToken(ctx.tenantId);
  const expiresAt = new Date(Date.now() + days * DAY_MS);
  await repo.setInviteLink(ctx, teamId, hashToken(token), expiresAt, ctx.tenantUserId);
  return { url: `${deps.publicUrl}/teams/join/${token}`, token, expiresAt: expiresAt.toISOString() };
}

export async function revokeInviteUrl(ctx: TenantContext, teamId: string): Promise<void> {
  await team(ctx, teamId);
  await repo.deleteInviteLink(ctx, teamId);
}

export async function permissions(ctx: TenantContext, teamId: string): Promise<{ permissions: string[] }> {
  await team(ctx, teamId);
  return { permissions: await repo.permissions(ctx, teamId) };
}

// Granting permissions is managing permissions: ManageTeams alone is not enough.
export async function setPermissions(ctx: TenantContext, teamId: string, list: readonly string[]): Promise<{ permissions: string[] }> {
  if (!ctx.permissions.has('Setting.ManagePermissions')) throw accessDenied('Requires Setting.ManagePermissions');
  await team(ctx, teamId);
  const sorted = [...new Set(list)].sort();
  await repo.setPermissions(ctx, teamId, sorted);
  return { permissions: sorted };
}

async function linkOf(tx: Db, token: string) {
  const parsed = parseTenantToken(token);
  if (!parsed) return undefined;
  const scope = await enterInvitedTenant(tx, parsed.tenantId);
  const link = await repo.inviteLinkByHash(scope, hashToken(token));
  if (!link || link.expiresAt < new Date()) return undefined;
  return { scope, link };
}

// Opened by people who may not be members yet: the tenant comes from the token (RLS stays on).
export async function describeInvite(db: Db, token: string): Promise<TeamInviteInfo> {
  return db.transaction(async (tx) => {
    const found = await linkOf(tx, token);
    if (!found) return { valid: false };
    const tenant = await tenantOf(tx, found.scope.tenantId);
    return {
      valid: true,
      workspaceName: tenant?.name ?? '',
      teamName: found.link.teamName,
      expiresAt: found.link.expiresAt.toISOString(),
    };
  });
}

// A workspace member joins the team; anyone else joins the workspace as a Member (with the
// default team) and the team. A pending e-mail invitation of the same address is taken up.
export async function acceptInvite(db: Db, user: AuthUser, token: string): Promise<MyTenant & { teamId: string }> {
  return db.transaction(async (tx) => {
    const found = await linkOf(tx, token);
    if (!found) throw invalidLink();
    const { scope, link } = found;
    const tenant = await tenantOf(tx, scope.tenantId);
    if (!tenant) throw invalidLink();
    const membership = await joinThroughInvite(scope, tenant, user);
    await repo.addMembers(scope, link.teamId, [membership.tenantUserId]);
    return { ...membership, teamId: link.teamId };
  });
}

export async function teamsOfContact(ctx: TenantContext, kinds: TeamKinds, contactId: string) {
  await requireRecord(ctx, kinds.contact.registry, { kind: 'Contact', id: contactId }, 'view');
  return { data: await repo.teamsOfContact(ctx, contactId) };
}

export async function setTeamsOfContact(ctx: TenantContext, kinds: TeamKinds, contactId: string, teamIds: readonly string[]) {
  await requireRecord(ctx, kinds.contact.registry, { kind: 'Contact', id: contactId }, 'view');
  const found = await repo.existingTeams(ctx, teamIds);
  const missing = teamIds.findIndex((id) => !found.has(id));
  if (missing >= 0) throw fieldError(`ids.${missing}`, 'referenceNotFound', `ids.${missing} names no team of this workspace`);
  await repo.setTeamsOfContact(ctx, contactId, [...found]);
  return { data: await repo.teamsOfContact(ctx, contactId) };
}

// The contacts a custom query selects now, as the contacts list pages them; the caller's page,
// sort and extra filters narrow it further.
function matchesOf(ctx: TenantContext, contact: RegisteredEntity, query: CustomQueryFilter, narrow: EntityListQuery) {
  return listEntities(ctx, contact, {
    ...narrow,
    filters: [...query.filters, ...narrow.filters],
    archived: false,
    ...(query.search ? { search: query.search } : {}),
    ...(query.tags ? { tags: query.tags } : {}),
  });
}

// A query is checked by running it once against the contacts: an unknown field or operator is
// a 400 on `query.filters.N…`, as the list itself would name it without the prefix.
export async function checkQuery(ctx: TenantContext, contact: RegisteredEntity, values: EntityRow): Promise<void> {
  const query = values.query as CustomQueryFilter | undefined;
  if (!query) return;
  try {
    await matchesOf(ctx, contact, query, { page: 1, pageSize: 25, filters: [], sort: [], archived: false });
  } catch (e) {
    if (!(e instanceof AppError) || e.status !== 400) throw e;
    const errors: ProblemField[] = (e.errors ?? []).map((f) => ({ ...f, field: `query.${f.field}` }));
    throw new AppError(400, e.code, e.message, errors);
  }
}

export async function customQueryOfTeam(
  ctx: TenantContext,
  kinds: TeamKinds,
  teamId: string,
  customQueryId: string,
  page: Pick<EntityListQuery, 'page' | 'pageSize'>,
) {
  await requireRecord(ctx, kinds.team.registry, { kind: 'Team', id: teamId }, 'view');
  if (!(await repo.queryOfTeam(ctx, teamId, customQueryId))) throw notFound('CustomQuery');
  const row = await getEntity(ctx, kinds.customQuery, customQueryId);
  const contacts = await matchesOf(ctx, kinds.contact, row.query as CustomQueryFilter, {
    page: page.page,
    pageSize: page.pageSize,
    filters: [],
    sort: [],
    archived: false,
  });
  return { customQuery: row, contacts };
}

export async function customQueryLookups(ctx: TenantContext, kinds: TeamKinds, search: string | undefined) {
  const { data } = await listEntities(ctx, kinds.customQuery, {
    page: 1,
    pageSize: 50,
    filters: [],
    sort: [{ field: 'name', order: 'asc' }],
    archived: false,
    ...(search ? { search } : {}),
  });
  return data.map((r) => ({ value: String(r.id), label: String(r.title) }));
}

export async function customQueryFields(ctx: TenantContext, kinds: TeamKinds): Promise<EntityColumn[]> {
  return (await listColumns(ctx, kinds.contact)).filter((c) => c.filterable);
}

export async function customQueryMatches(ctx: TenantContext, kinds: TeamKinds, id: string, narrow: EntityListQuery) {
  const row = await getEntity(ctx, kinds.customQuery, id);
  return matchesOf(ctx, kinds.contact, row.query as CustomQueryFilter, narrow);
}

export async function suggestions(ctx: TenantContext, body: { field: string; search: string; limit: number }) {
  const f = Object.hasOwn(contactEntity.fields, body.field) ? contactEntity.fields[body.field] : undefined;
  if (!f || !SUGGESTIBLE.has(f.kind)) throw fieldError('field', 'unknownField', `${body.field} has no suggestions`);
  return { values: await repo.suggestions(ctx, f.column, body.search, body.limit) };
}
