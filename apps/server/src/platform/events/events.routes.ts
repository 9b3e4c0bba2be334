import { eventTicketSchema } from '@atrium/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bearerToken } from '../auth';
import { AppError } from '../errors';
import type { Router } from '../router';
import { forgetAllUsers, forgetSession } from '../tenancy';
import { issueEventTicket, ticketKey, verifyEventTicket } from './event-ticket';
import {
  LiveStreams,
  MEMBERSHIP_CHANNEL,
  openLiveStream,
  parseLastEventId,
  SESSION_ENDED_CHANNEL,
  type StreamIdentity,
  type StreamOptions,
} from './live-stream';

export type EventRoutesDeps = StreamOptions & { sessionSecret: string; accessTokenTtl: number };

const UUID = z.uuid();
const first = (v: unknown) => (Array.isArray(v) ? (v[0] as unknown) : v);

// GET /events (server-sent events) and the ticket that opens it from a browser (decision 040).
export function registerEventRoutes(app: FastifyInstance, router: Router, deps: EventRoutesDeps): { closeAll: () => void } {
  const key = ticketKey(deps.sessionSecret);
  const open = new LiveStreams();
  // What the database says about memberships and sessions, whichever node changed them: open
  // streams close or narrow at once, and an ended session's tokens stop passing on this node's
  // user-level routes too (its tenant entries refuse them by themselves; decision 002).
  deps.hub.listen(MEMBERSHIP_CHANNEL, (payload) => open.membershipChanged(payload));
  deps.hub.listen(SESSION_ENDED_CHANNEL, (sessionId) => {
    if (!sessionId) return;
    forgetSession(sessionId);
    open.sessionEnded(sessionId);
  });
  deps.hub.onReconnect(() => {
    forgetAllUsers();
    open.recheckAll();
  });

  router.tenant({
    method: 'POST',
    url: '/api/v1/core/events/ticket',
    summary: 'A ticket for GET /events?ticket=… (valid 60 s; EventSource cannot send headers)',
    tags: ['Live events'],
    permission: null,
    schemas: { response: eventTicketSchema },
    handler: async (ctx) => {
      const { ticket, expiresAt } = issueEventTicket(key, ctx.user.id, ctx.tenantId, Date.now(), ctx.user.sessionId);
      return { ticket, expiresAt: expiresAt.toISOString() };
    },
  });

  // With a ticket (browsers), or with Authorization and X-Tenant-Id like any API call.
  const identify = async (request: FastifyRequest): Promise<StreamIdentity> => {
    const query = request.query as Record<string, unknown>;
    const ticket = first(query.ticket);
    if (typeof ticket === 'string' && ticket) {
      const claims = verifyEventTicket(key, ticket);
      if (!claims) throw new AppError(401, 'unauthorized', 'The event ticket is invalid or has expired');
      return {
        userId: claims.userId,
        tenantId: claims.tenantId,
        lifetimeMs: deps.accessTokenTtl * 1000,
        ...(claims.sessionId ? { sessionId: claims.sessionId } : {}),
      };
    }
    if (!bearerToken(request.headers.authorization)) throw new AppError(401, 'unauthorized', 'Sign in to continue');
    const user = await router.authenticate(request);
    const tenantId = first(request.headers['x-tenant-id']) ?? first(query.tenant);
    if (typeof tenantId !== 'string' || !UUID.safeParse(tenantId).success) {
      throw new AppError(400, 'tenantRequired', 'The X-Tenant-Id header must name a workspace', [
        { field: 'X-Tenant-Id', code: 'tenantRequired', message: 'X-Tenant-Id must be a workspace id' },
      ]);
    }
    return { userId: user.id, tenantId, lifetimeMs: deps.accessTokenTtl * 1000, ...(user.sessionId ? { sessionId: user.sessionId } : {}) };
  };

  app.get('/events', { schema: { hide: true }, config: { access: { kind: 'user' } } }, async (request, reply) => {
    const who = await identify(request);
    const query = request.query as Record<string, unknown>;
    // EventSource sends Last-Event-ID itself when it reconnects; a client that opens a new
    // stream (with a new ticket) passes it as a query parameter instead
    const lastEventId = parseLastEventId(request.headers['last-event-id']) ?? parseLastEventId(first(query.lastEventId));
    const member = await openLiveStream(request, reply, who, lastEventId, deps, open);
    if (!member) throw new AppError(403, 'accessDenied', 'You are not a member of this workspace');
    return reply;
  });

  return {
    closeAll: () => open.closeAll(),
  };
}
