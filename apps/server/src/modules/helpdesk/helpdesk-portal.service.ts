import {
  CAPTCHA_DIFFICULTY_BITS,
  CAPTCHA_TTL_MS,
  type PortalArticle,
  type PortalCaptcha,
  type PortalHome,
  type PortalRequest,
  type PortalRequestResult,
  type PortalSearchResult,
} from '@atrium/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/database';
import { fieldError, notFound } from '../../platform/errors';
import { createEntity } from '../../platform/entity';
import { sanitizeNote, type RecordImages } from '../core';
import { placeImages } from './helpdesk.util';
import * as portalRepo from './helpdesk-portal.repository';
import type { HelpdeskKinds } from './helpdesk.entities';
import * as repo from './helpdesk.repository';
import { enterWorkspaceBySlug, systemContext } from '../../platform/jobs/workspace-walk';
import { newChallenge, solves } from '../../platform/portal-captcha.util';
import { spendChallenge } from '../../platform/portal-captcha.repository';
import { portalSessionOf, spammer, type PortalUserDeps } from './helpdesk-portal-users.service';
import * as usersRepo from './helpdesk-portal-users.repository';

type Scope = { tenantId: string; db: Db };
export type Address = { workspace: string; helpdesk: string };

// The public portal (issue 23), no sign-in: a workspace's helpdesk by the workspace's slug and
// the portal's, only with its portal on, and of its knowledge base only the published articles
// visible to everyone. Anything else answers 404, as an unknown address does.
export async function withPortal<T>(
  db: Db,
  address: Address,
  then: (scope: Scope, helpdesk: portalRepo.PortalHelpdesk) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const tenantId = await enterWorkspaceBySlug(tx, address.workspace);
    if (!tenantId) throw notFound('Helpdesk');
    const scope = { tenantId, db: tx };
    const helpdesk = await portalRepo.portalHelpdesk(scope, address.helpdesk);
    if (!helpdesk) throw notFound('Helpdesk');
    return then(scope, helpdesk);
  });
}

// Whether a signed-in portal user asks (Portal-visibility articles are theirs to read too).
const signedIn = async (scope: Scope, helpdesk: portalRepo.PortalHelpdesk, request: FastifyRequest, now: Date) =>
  (await portalSessionOf(scope, helpdesk, request, now)) !== undefined;

export async function portalHome(db: Db, deps: PortalDeps, address: Address, request: FastifyRequest): Promise<PortalHome> {
  return withPortal(db, address, async (scope, helpdesk) => {
    const articles = await portalRepo.portalArticles(scope, helpdesk.id, 200, await signedIn(scope, helpdesk, request, deps.now()));
    const byTopic = new Map<string, { position: number; articles: PortalHome['articles'] }>();
    for (const a of articles) {
      if (!a.topic) continue;
      const entry = byTopic.get(a.topic) ?? { position: a.topicPosition ?? 0, articles: [] };
      entry.articles.push({ title: a.title, slug: a.slug, topic: a.topic });
      byTopic.set(a.topic, entry);
    }
    return {
      name: helpdesk.name,
      description: helpdesk.description,
      slug: helpdesk.slug,
      topics: [...byTopic.entries()].sort((x, y) => x[1].position - y[1].position).map(([name, e]) => ({ name, articles: e.articles })),
      articles: articles.slice(0, 10).map((a) => ({ title: a.title, slug: a.slug, topic: a.topic })),
    };
  });
}

export async function portalSearch(
  db: Db,
  deps: PortalDeps,
  address: Address,
  q: string,
  request: FastifyRequest,
): Promise<PortalSearchResult> {
  return withPortal(db, address, async (scope, helpdesk) => {
    const visibilities = (await signedIn(scope, helpdesk, request, deps.now())) ? ['Public', 'Portal'] : ['Public'];
    const hits = await repo.searchArticles(scope, q, { helpdeskId: helpdesk.id, status: 'Published', visibilities, limit: 20 });
    return { data: hits.map((h) => ({ title: h.title, slug: h.slug, snippet: h.snippet, rank: h.rank })) };
  });
}

export async function portalArticle(
  db: Db,
  deps: PortalDeps,
  address: Address,
  slug: string,
  request: FastifyRequest,
): Promise<PortalArticle> {
  return withPortal(db, address, async (scope, helpdesk) => {
    const row = await portalRepo.portalArticleBySlug(scope, helpdesk.id, slug, await signedIn(scope, helpdesk, request, deps.now()));
    if (!row) throw notFound('Article');
    return {
      title: row.title,
      slug: row.slug,
      // the article's images (its documents) get fresh signed addresses; one no longer there goes
      html: placeImages(
        sanitizeNote(row.content ?? '', { images: true }).html,
        await deps.images(scope, { entityKind: 'Article', entityId: row.id }),
      ),
      topic: row.topic,
      publishedAt: row.publishedAt ? new Date(row.publishedAt).toISOString() : null,
      movedFrom: row.moved ? slug : null,
    };
  });
}

export type PortalDeps = PortalUserDeps & { kinds: HelpdeskKinds; secret: string; images: RecordImages };

// A challenge for the portal's request form (only where there is a portal to send it to).
export async function portalCaptcha(db: Db, deps: PortalDeps, address: Address): Promise<PortalCaptcha> {
  return withPortal(db, address, async () => ({
    challenge: newChallenge(deps.secret, deps.now().getTime(), CAPTCHA_TTL_MS),
    difficulty: CAPTCHA_DIFFICULTY_BITS,
  }));
}

const captchaInvalid = () => fieldError('captcha', 'captchaInvalid', 'captcha: the answer does not solve a current challenge');

// A visitor's request (channel Portal): an anonymous one proves its work first (400
// captchaInvalid on `captcha`, nothing written; a solved challenge counts once), a signed-in
// portal user's is theirs (their address, no captcha); an address marked spam or blocked is 403
// spammer. Then a request like an agent's — numbered, the requester contact found or made, the
// message its first one.
export async function submitPortalRequest(
  db: Db,
  deps: PortalDeps,
  address: Address,
  body: PortalRequest,
  request: FastifyRequest,
): Promise<PortalRequestResult> {
  const now = deps.now().getTime();
  return withPortal(db, address, async (scope, helpdesk) => {
    const session = await portalSessionOf(scope, helpdesk, request, deps.now());
    if (!session) {
      if (!body.captcha || !solves(deps.secret, body.captcha.challenge, body.captcha.nonce, CAPTCHA_DIFFICULTY_BITS, now))
        throw captchaInvalid();
      if (!(await spendChallenge(scope, body.captcha.challenge, now))) throw captchaInvalid();
    }
    const email = session?.email ?? body.email;
    if ((await usersRepo.contactOfEmail(scope, email))?.refused) throw spammer();
    const ctx = systemContext(scope.tenantId, scope.db, { name: 'Portal' });
    const row = await createEntity(ctx, deps.kinds.request, {
      subject: body.subject,
      helpdeskId: helpdesk.id,
      requesterEmail: email,
      description: body.message,
    });
    await repo.setRequestChannel(ctx, String(row.id), 'Portal');
    return { number: String(row.number) };
  });
}
