import {
  PORTAL_LINK_TTL_MS,
  PORTAL_LINKS_PER_HOUR,
  PORTAL_SESSION_COOKIE,
  PORTAL_SESSION_TTL_MS,
  type EntityField,
  type PortalMyRequest,
  type PortalMyRequests,
  type PortalPairResult,
  type PortalSignInResult,
  type PortalReply,
  type PortalRequestDetail,
  type PortalUser,
} from '@atrium/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Config } from '../../platform/config';
import type { TenantContext, TenantScope } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { recordActivities, selectFields } from '../../platform/entity';
import { publishRecordEvent } from '../../platform/events/live-events.service';
import { systemContext } from '../../platform/jobs/workspace-walk';
import type { Mailer } from '../../platform/mail/mailer';
import type { PortalHelpdesk } from './helpdesk-portal.repository';
import * as usersRepo from './helpdesk-portal-users.repository';
import * as repo from './helpdesk.repository';

// Portal users (issue 23, decision 094 round three): a person outside the workspace signs in to
// one helpdesk's portal by a link mailed to their address — the requester contact of that
// address in the workspace, never a member. The link's token (32 random bytes) is stored only
// as its SHA-256, holds 15 minutes and is redeemed once, by a POST from the portal's page (a
// mail scanner opening the link spends nothing); the session is another such token in an
// HttpOnly, SameSite=Lax cookie scoped to the workspace's portal API, 7 days. Workspace routes
// never read that cookie, and the token is not an access token, so it reaches none of them.
export type PortalUserDeps = { mailer: Mailer; config: Pick<Config, 'publicUrl' | 'mailFrom' | 'cookieSecure'>; now: () => Date };

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');
// The widget's pairing (round five): the mailed link's token and the embedded page's session
// token are derived from the pairing secret with a key of the server's (SESSION_SECRET), so
// nothing beyond their hashes is stored and only the holder of the pairing can ask for the
// session — once the mailbox's owner has opened the link.
const derive = (secret: string, purpose: 'link' | 'session', pairing: string) =>
  createHmac('sha256', secret).update(`atrium-portal-pairing:${purpose}:${pairing}`).digest('base64url');
const PAIRING_WINDOW_MS = 15 * 60_000;
// the header an embedded portal page sends its session in (no cookie reaches a third-party iframe)
export const PORTAL_SESSION_HEADER = 'x-portal-session';
const newToken = () => randomBytes(32).toString('base64url');
const cookiePath = (workspace: string) => `/api/v1/public/portal/${encodeURIComponent(workspace)}`;
// The portal identity is the workspace's (decision 093 round seven): the same session cookie is
// also set for the workspace's booking pages, whose public API lives beside the helpdesk portal's.
const bookingCookiePath = (workspace: string) => `/api/v1/public/booking-pages/${encodeURIComponent(workspace)}`;
const tokenOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers[PORTAL_SESSION_HEADER];
  const token = request.cookies[PORTAL_SESSION_COOKIE] ?? (typeof header === 'string' ? header : undefined);
  return token && token.length <= 100 ? token : undefined;
};

export const spammer = () => new AppError(403, 'spammer', 'Spammer: this address may not use the portal');
export const loginRequired = () => new AppError(403, 'loginRequired', 'Login required: sign in to the portal first');
const accessDenied = () =>
  new AppError(403, 'portalAccessDenied', 'Portal access denied: this sign-in link is not valid (used, expired or made up)');

export type PortalSession = usersRepo.PortalSessionRow & { tokenHash: string };

// The signed-in portal user of this helpdesk, if the request carries a current session; a
// contact marked spam or blocked since signing in is refused (403 spammer).
export async function portalSessionOf(
  scope: TenantScope,
  helpdesk: PortalHelpdesk,
  request: FastifyRequest,
  now: Date,
): Promise<PortalSession | undefined> {
  const header = request.headers[PORTAL_SESSION_HEADER];
  const token = request.cookies[PORTAL_SESSION_COOKIE] ?? (typeof header === 'string' ? header : undefined);
  if (!token || token.length > 100) return undefined;
  const tokenHash = hash(token);
  const row = await usersRepo.sessionOf(scope, helpdesk.id, tokenHash, now);
  if (!row) return undefined;
  if (row.refused) throw spammer();
  return { ...row, tokenHash };
}

export type WorkspacePortalUser = { contactId: string; email: string; name: string };

// Who the signed-in portal user of this workspace is (a contact), if any: a current session made
// on any of the workspace's helpdesk portals. A session of another workspace is nobody here (the
// token's hash is looked up under this tenant only); a contact marked spam or blocked is 403 spammer.
export async function workspacePortalUser(
  scope: TenantScope,
  request: FastifyRequest,
  now: Date,
): Promise<WorkspacePortalUser | undefined> {
  const token = tokenOf(request);
  if (!token) return undefined;
  const row = await usersRepo.workspaceSessionOf(scope, hash(token), now);
  if (!row) return undefined;
  if (row.refused) throw spammer();
  return { contactId: row.contactId, email: row.email, name: row.name };
}

// A sign-in mail asked outside a helpdesk portal (a booking page, decision 093 round eight): the
// asker says where the link leads (`link(token)`) and how the mail reads, in the visitor's language.
export type WorkspaceSignInMail = { link: (token: string) => string; subject: string; text: (link: string) => string };

// A sign-in link of the workspace itself, no helpdesk needed (the token's helpdesk is null): the
// same rules as a helpdesk's — a contact of the address or a silent answer, spammer refused,
// PORTAL_LINKS_PER_HOUR per address (counted over all of the workspace's links), 15 minutes, once.
export async function sendWorkspaceSignInLink(
  scope: TenantScope,
  deps: PortalUserDeps,
  email: string,
  mail: WorkspaceSignInMail,
): Promise<PortalSignInResult> {
  const now = deps.now();
  const contact = await usersRepo.contactOfEmail(scope, email);
  if (!contact) return { sent: true };
  if (contact.refused) throw spammer();
  if ((await usersRepo.workspaceLinksSince(scope, email, new Date(now.getTime() - 3600_000))) >= PORTAL_LINKS_PER_HOUR)
    return { sent: true };
  await usersRepo.deleteExpiredOfWorkspace(scope, now);
  const token = newToken();
  await usersRepo.insertToken(scope, {
    helpdeskId: null,
    contactId: contact.id,
    email,
    kind: 'link',
    tokenHash: hash(token),
    expiresAt: new Date(now.getTime() + PORTAL_LINK_TTL_MS),
  });
  const host = new URL(deps.config.publicUrl).hostname || 'atrium.local';
  await deps.mailer.enqueue(scope.db, {
    to: email,
    subject: mail.subject.slice(0, 400),
    text: mail.text(mail.link(token)),
    messageId: `<portal.${randomBytes(12).toString('hex')}@${host}>`,
    headers: { 'Auto-Submitted': 'auto-generated' },
    attachments: [],
  });
  deps.mailer.nudge();
  return { sent: true };
}

// A workspace link (asked on a booking page) becomes a session of the workspace, its cookie set for
// the booking pages; a helpdesk's own links redeem on its portal (redeemSignInLink).
export async function redeemWorkspaceLink(
  scope: TenantScope,
  deps: PortalUserDeps,
  workspace: string,
  token: string,
  reply: FastifyReply,
): Promise<PortalUser> {
  const now = deps.now();
  const link = await usersRepo.redeemWorkspaceLink(scope, hash(token), now);
  return startSession(scope, deps, reply, now, link, { helpdeskId: null, paths: [bookingCookiePath(workspace)] });
}

// The contact a link was made for, still its address's and not refused (403 otherwise), with the
// link's address.
async function contactOfLink(
  scope: TenantScope,
  link: { contactId: string; email: string } | undefined,
): Promise<{ id: string; name: string; email: string }> {
  if (!link) throw accessDenied();
  const contact = await usersRepo.contactOfEmail(scope, link.email);
  if (!contact || contact.id !== link.contactId) throw accessDenied();
  if (contact.refused) throw spammer();
  return { id: contact.id, name: contact.name, email: link.email };
}

// A redeemed link becomes a session: a new token, stored as its hash (of a helpdesk's portal, or
// the workspace's own with none), set as the session cookie on each of `paths`.
async function startSession(
  scope: TenantScope,
  deps: PortalUserDeps,
  reply: FastifyReply,
  now: Date,
  link: { contactId: string; email: string } | undefined,
  to: { helpdeskId: string | null; paths: readonly string[] },
): Promise<PortalUser> {
  const contact = await contactOfLink(scope, link);
  const session = newToken();
  await usersRepo.insertToken(scope, {
    helpdeskId: to.helpdeskId,
    contactId: contact.id,
    email: contact.email,
    kind: 'session',
    tokenHash: hash(session),
    expiresAt: new Date(now.getTime() + PORTAL_SESSION_TTL_MS),
  });
  for (const path of to.paths)
    reply.setCookie(PORTAL_SESSION_COOKIE, session, {
      httpOnly: true,
      secure: deps.config.cookieSecure,
      sameSite: 'lax',
      path,
      maxAge: PORTAL_SESSION_TTL_MS / 1000,
    });
  return { email: contact.email, name: contact.name };
}

// Sign-out from a booking page: the workspace's session ends (on the helpdesk portal too) and both
// cookies go.
export async function signOutOfWorkspace(
  scope: TenantScope,
  workspace: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = tokenOf(request);
  if (token) await usersRepo.deleteWorkspaceSession(scope, hash(token));
  reply.clearCookie(PORTAL_SESSION_COOKIE, { path: cookiePath(workspace) });
  reply.clearCookie(PORTAL_SESSION_COOKIE, { path: bookingCookiePath(workspace) });
}

// A return path after signing in: only a page of this workspace's portal.
export const safeReturnTo = (workspace: string, path: string | undefined): string | undefined =>
  path && path.startsWith(`/portal/${encodeURIComponent(workspace)}/`) && !path.includes('//') && !path.includes('\\') && path.length <= 300
    ? path
    : undefined;

export async function requirePortalUser(
  scope: TenantScope,
  helpdesk: PortalHelpdesk,
  request: FastifyRequest,
  now: Date,
): Promise<PortalSession> {
  const session = await portalSessionOf(scope, helpdesk, request, now);
  if (!session) throw loginRequired();
  return session;
}

// A sign-in link to the address, if it is a contact of the workspace (the answer is the same
// either way, so the form tells nobody who is a contact); a contact marked spam or blocked is
// told so (spec §8 "spammer"). At most PORTAL_LINKS_PER_HOUR links an hour per address.
export async function sendSignInLink(
  scope: TenantScope,
  deps: PortalUserDeps,
  address: { workspace: string; helpdesk: PortalHelpdesk },
  email: string,
  pairWith?: { secret: string },
  returnTo?: string,
): Promise<PortalSignInResult> {
  const now = deps.now();
  // asked to pair (the widget), every answer carries a pairing — one that will never pair when no
  // link goes out, so the answer still tells nobody who is a contact
  const pairing = pairWith ? newToken() : undefined;
  const silent: PortalSignInResult = pairing ? { sent: true, pairing } : { sent: true };
  const contact = await usersRepo.contactOfEmail(scope, email);
  if (!contact) return silent;
  if (contact.refused) throw spammer();
  const helpdesk = address.helpdesk;
  if ((await usersRepo.linksSince(scope, helpdesk.id, email, new Date(now.getTime() - 3600_000))) >= PORTAL_LINKS_PER_HOUR) return silent;
  await usersRepo.deleteExpired(scope, helpdesk.id, now);
  const token = pairWith && pairing ? derive(pairWith.secret, 'link', pairing) : newToken();
  await usersRepo.insertToken(scope, {
    helpdeskId: helpdesk.id,
    contactId: contact.id,
    email,
    kind: 'link',
    tokenHash: hash(token),
    expiresAt: new Date(now.getTime() + PORTAL_LINK_TTL_MS),
  });
  const link = `${deps.config.publicUrl}/portal/${encodeURIComponent(address.workspace)}/${encodeURIComponent(helpdesk.slug)}/sign-in?token=${token}${
    safeReturnTo(address.workspace, returnTo) ? `&returnTo=${encodeURIComponent(String(returnTo))}` : ''
  }`;
  const host = new URL(deps.config.publicUrl).hostname || 'atrium.local';
  await deps.mailer.enqueue(scope.db, {
    to: email,
    subject: `Sign in to ${helpdesk.name}`.slice(0, 400),
    text: [
      `Open this link to sign in to the ${helpdesk.name} portal and see your requests:`,
      '',
      link,
      '',
      'The link works once, within 15 minutes. If you did not ask for it, ignore this mail.',
    ].join('\n'),
    messageId: `<portal.${randomBytes(12).toString('hex')}@${host}>`,
    headers: { 'Auto-Submitted': 'auto-generated' },
    attachments: [],
  });
  deps.mailer.nudge();
  return silent;
}

// The widget's half of a paired sign-in: pending until the link mailed with this pairing has been
// opened (in any tab or browser), then — once, within 15 minutes of that — a session of its own,
// answered as a token for the X-Portal-Session header; asked again, 403 portalAccessDenied.
export async function pairSession(
  scope: TenantScope,
  deps: PortalUserDeps & { secret: string },
  helpdesk: PortalHelpdesk,
  pairing: string,
): Promise<PortalPairResult> {
  const now = deps.now();
  const link = await usersRepo.redeemedLink(scope, helpdesk.id, hash(derive(deps.secret, 'link', pairing)));
  if (!link || !link.usedAt) return { status: 'pending' };
  if (now.getTime() - link.usedAt.getTime() > PAIRING_WINDOW_MS) throw accessDenied();
  const contact = await contactOfLink(scope, link);
  const token = derive(deps.secret, 'session', pairing);
  const made = await usersRepo.insertSessionOnce(scope, {
    helpdeskId: helpdesk.id,
    contactId: contact.id,
    email: link.email,
    tokenHash: hash(token),
    expiresAt: new Date(now.getTime() + PORTAL_SESSION_TTL_MS),
  });
  if (!made) throw accessDenied();
  return { status: 'signedIn', token };
}

// The mailed link's token becomes a session cookie (the link is spent).
export async function redeemSignInLink(
  scope: TenantScope,
  deps: PortalUserDeps,
  address: { workspace: string; helpdesk: PortalHelpdesk },
  token: string,
  reply: FastifyReply,
): Promise<PortalUser> {
  const now = deps.now();
  const link = await usersRepo.redeemLink(scope, address.helpdesk.id, hash(token), now);
  // the helpdesk portal's session is the workspace's portal identity: the booking pages read it too
  return startSession(scope, deps, reply, now, link, {
    helpdeskId: address.helpdesk.id,
    paths: [cookiePath(address.workspace), bookingCookiePath(address.workspace)],
  });
}

export async function signOut(
  scope: TenantScope,
  address: { workspace: string; helpdesk: PortalHelpdesk },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const header = request.headers[PORTAL_SESSION_HEADER];
  const token = request.cookies[PORTAL_SESSION_COOKIE] ?? (typeof header === 'string' ? header : undefined);
  if (token && token.length <= 100) await usersRepo.deleteSession(scope, address.helpdesk.id, hash(token));
  reply.clearCookie(PORTAL_SESSION_COOKIE, { path: cookiePath(address.workspace) });
  reply.clearCookie(PORTAL_SESSION_COOKIE, { path: bookingCookiePath(address.workspace) });
}

const toMine = (r: usersRepo.MyRequestRow): PortalMyRequest => ({
  id: r.id,
  number: r.number,
  subject: r.subject,
  stage: r.stage,
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

export async function myRequests(scope: TenantScope, helpdesk: PortalHelpdesk, session: PortalSession): Promise<PortalMyRequests> {
  return { data: (await usersRepo.myRequests(scope, helpdesk.id, session.contactId)).map(toMine) };
}

// The custom fields a requester may see: not hidden, not restricted, not marked hide-on-portal.
const portalField = (f: EntityField) => !f.hideOnPortal && !f.hidden && !f.restricted;

async function ownRequest(scope: TenantScope, helpdesk: PortalHelpdesk, session: PortalSession, id: string) {
  const [row] = await usersRepo.myRequests(scope, helpdesk.id, session.contactId, id);
  if (!row) throw notFound('Request');
  return row;
}

// One of the user's requests with its conversation: their messages and the helpdesk's answers,
// never internal notes.
export async function myRequest(
  scope: TenantScope,
  helpdesk: PortalHelpdesk,
  session: PortalSession,
  id: string,
): Promise<PortalRequestDetail> {
  const row = await ownRequest(scope, helpdesk, session, id);
  const ctx = systemContext(scope.tenantId, scope.db, { name: 'Portal' });
  const fields = (await selectFields(ctx, 'Request')).filter(portalField);
  const values = await usersRepo.requestCustomFields(scope, row.id);
  const messages = (await repo.listMessages(scope, row.id)).flatMap((m) =>
    m.kind === 'note' ? [] : [{ id: m.id, kind: m.kind, body: m.body, authorName: m.authorName, createdAt: m.createdAt }],
  );
  return {
    ...toMine(row),
    fields: fields
      .filter((f) => values[f.key] !== undefined && values[f.key] !== null)
      .map((f) => ({ key: f.key, label: f.label, value: values[f.key] })),
    messages,
  };
}

// The user's reply on the portal: an inbound message of the request, as a mailed reply is, with
// its activity and the live event an open request page reloads on.
export async function replyToMyRequest(
  scope: TenantScope,
  helpdesk: PortalHelpdesk,
  session: PortalSession,
  id: string,
  body: PortalReply,
): Promise<PortalRequestDetail> {
  const row = await ownRequest(scope, helpdesk, session, id);
  const system = systemContext(scope.tenantId, scope.db, { name: session.email });
  const ctx: TenantContext = { ...system, user: { ...system.user, name: session.email } };
  const message = await repo.insertMessage(ctx, {
    requestId: row.id,
    kind: 'inbound',
    body: body.body,
    authorId: null,
    authorName: session.name,
    fromAddress: session.email,
    toAddress: null,
    messageId: null,
    inReplyTo: null,
    references: null,
  });
  await recordActivities(ctx, [
    { entityKind: 'Request', entityId: row.id, type: 'Email', action: 'portalReply', after: { id: message.id, from: session.email } },
  ]);
  const version = await usersRepo.requestVersion(ctx, row.id);
  await publishRecordEvent(ctx, { kind: 'Request', id: row.id, version, action: 'updated' });
  return myRequest(scope, helpdesk, session, id);
}
