import { RESET_EVENT } from '@atrium/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../database';
import { AppError } from '../errors';
import { enterTenant, type Membership } from '../tenancy';
import type { EventHub, LiveEvent } from './event-hub';
import { latestLiveEventId, liveEventsAfter, recentLiveEvents } from './live-events.repository';

export type StreamOptions = {
  hub: EventHub;
  database: Database;
  // whether this member may hear that a record changed (the entity engine's rules: the kind's
  // view permission and its row visibility)
  mayReceiveRecord: (viewer: Viewer, event: { kind: string; id: string; action: string }) => boolean | Promise<boolean>;
  heartbeatMs?: number;
  // how often the member's permissions are read again besides the notifications of db/security.sql
  // (a safety net: a removal, a suspension or a role change reaches the streams at once)
  recheckMs?: number;
};

// sessionId: the session of the credential that opened the stream (decision 002)
export type StreamIdentity = { userId: string; tenantId: string; lifetimeMs: number; sessionId?: string };

// Notifications of db/security.sql: "tenant user" or "tenant" whose memberships changed (a member
// removed, suspended, given another role; a role's, team's or plan's permissions), and the sid of
// a session that ended. Raised by the database, they reach every node through its event hub.
export const MEMBERSHIP_CHANNEL = 'atrium_membership';
export const SESSION_ENDED_CHANNEL = 'atrium_session_ended';

type OpenStream = { tenantId: string; userId: string; sessionId: string | undefined; recheck: () => void; close: () => void };

// The streams open on this node, to close or narrow them when the database says so.
export class LiveStreams {
  private readonly streams = new Set<OpenStream>();

  add(stream: OpenStream): void {
    this.streams.add(stream);
  }

  delete(stream: OpenStream): void {
    this.streams.delete(stream);
  }

  // "tenant user" or "tenant": those members' streams read their membership again
  membershipChanged(payload: string): void {
    const [tenantId, userId] = payload.split(' ');
    if (!tenantId) return;
    for (const s of this.streams) if (s.tenantId === tenantId && (!userId || s.userId === userId)) s.recheck();
  }

  sessionEnded(sessionId: string): void {
    for (const s of this.streams) if (s.sessionId === sessionId) s.close();
  }

  // after notifications may have been lost (the hub reconnected)
  recheckAll(): void {
    for (const s of this.streams) s.recheck();
  }

  closeAll(): void {
    for (const s of this.streams) s.close();
  }
}
export type Viewer = { tenantId: string; userId: string; member: Membership };

// Events replayed per reconnect; a client further behind is told to refetch everything.
const REPLAY_LIMIT = 1000;
// A new stream starts with the last half minute: a page that loaded its data just before its
// stream opened misses nothing (a repeat only makes it refetch).
const FRESH_REPLAY_SECONDS = 30;
const RECENT = 2000;
// a client that does not read its stream is cut off rather than buffered without end
const MAX_BUFFERED_BYTES = 1_000_000;

// Who may receive an event: record events whom the entity engine lets see the record,
// notification and job events only the member they are for.
async function mayReceive(event: LiveEvent, viewer: Viewer, opts: StreamOptions): Promise<boolean> {
  if (event.type === 'record') {
    const data = event.data as { id?: unknown; action?: unknown };
    if (!event.entityKind || typeof data.id !== 'string') return false;
    return opts.mayReceiveRecord(viewer, { kind: event.entityKind, id: data.id, action: String(data.action) });
  }
  return event.recipientId !== null && event.recipientId === viewer.member.tenantUserId;
}

async function loadMembership(database: Database, who: StreamIdentity): Promise<Membership | undefined> {
  return database.db.transaction((tx) => enterTenant(tx, who.tenantId, who.userId, who.sessionId));
}

const isUnauthorized = (e: unknown) => e instanceof AppError && e.status === 401;

export function parseLastEventId(value: unknown): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== 'string' || !/^\d{1,18}$/.test(raw)) return undefined;
  return Number(raw);
}

// One server-sent event stream (GET /events): replay after Last-Event-ID, then live events as
// they commit on any node, filtered by what this member may see.
export async function openLiveStream(
  request: FastifyRequest,
  reply: FastifyReply,
  who: StreamIdentity,
  lastEventId: number | undefined,
  opts: StreamOptions,
  open: LiveStreams,
): Promise<Membership | undefined> {
  let member = await loadMembership(opts.database, who);
  if (!member) return undefined;

  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // proxies such as nginx must pass events on at once
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  raw.write('retry: 2000\n: connected\n\n');

  let closed = false;
  let lastId = lastEventId ?? 0;
  // ids come from one sequence but commit out of order: remember what was sent to skip repeats
  const sent = new Set<number>();
  let pending: LiveEvent[] | null = [];

  const write = (chunk: string) => {
    if (closed) return;
    raw.write(chunk);
    if (raw.writableLength > MAX_BUFFERED_BYTES) close();
  };
  // one event after another, in order, though deciding who may see one can take a query
  let queue: Promise<void> = Promise.resolve();
  const deliver = (event: LiveEvent) => {
    queue = queue.then(() => deliverNow(event)).catch(() => {});
    return queue;
  };
  const deliverNow = async (event: LiveEvent) => {
    if (closed || sent.has(event.id) || !member) return;
    sent.add(event.id);
    if (!(await mayReceive(event, { tenantId: who.tenantId, userId: who.userId, member }, opts))) return;
    if (sent.size > RECENT) sent.delete(sent.values().next().value ?? 0);
    if (event.id > lastId) lastId = event.id;
    write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
  };
  const onEvent = (event: LiveEvent) => {
    if (pending) pending.push(event);
    else deliver(event);
  };

  const replay = async (after: number) => {
    const events = await opts.database.db.transaction(async (tx) => {
      if (!(await enterTenant(tx, who.tenantId, who.userId, who.sessionId))) return undefined;
      return liveEventsAfter(tx, who.tenantId, after, REPLAY_LIMIT + 1);
    });
    if (!events) return close();
    if (events.length > REPLAY_LIMIT) {
      write(`event: ${RESET_EVENT}\ndata: {}\n\n`);
      const newest = events[events.length - 1];
      if (newest) lastId = Math.max(lastId, newest.id);
      return;
    }
    for (const event of events) deliver(event);
  };

  // Subscribe first, replay second, then flush what arrived meanwhile: nothing falls between.
  const unsubscribe = opts.hub.subscribe(who.tenantId, onEvent);
  const catchUp = async () => {
    const buffered = pending ?? [];
    pending = [];
    try {
      await replay(lastId);
    } catch {
      return close();
    }
    const more = pending;
    pending = null;
    for (const event of [...buffered, ...more].sort((a, b) => a.id - b.id)) deliver(event);
  };
  const offReconnect = opts.hub.onReconnect(() => {
    pending ??= [];
    void catchUp();
  });

  const heartbeat = setInterval(() => write(': keep-alive\n\n'), opts.heartbeatMs ?? 25_000);
  // The membership is read again in the delivery queue: an event that commits after a removal
  // or a role change is judged by the membership as it is now, never by the one before.
  const reload = () => {
    queue = queue
      .then(async () => {
        if (closed) return;
        try {
          const m = await loadMembership(opts.database, who);
          if (!m) close();
          else member = m;
        } catch (e) {
          // the session has ended; any other failure keeps the stream until the next check
          if (isUnauthorized(e)) close();
        }
      })
      .catch(() => {});
  };
  const recheck = setInterval(reload, opts.recheckMs ?? 60_000);
  // the stream lives as long as the credential that opened it; the client reconnects with a new one
  const expiry = setTimeout(() => close(), Math.max(1000, who.lifetimeMs));

  const entry = { tenantId: who.tenantId, userId: who.userId, sessionId: who.sessionId, recheck: reload, close };

  function close() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearInterval(recheck);
    clearTimeout(expiry);
    unsubscribe();
    offReconnect();
    open.delete(entry);
    raw.end();
  }
  open.add(entry);
  raw.on('close', close);

  if (lastEventId !== undefined) await catchUp();
  else {
    try {
      const { recent, latest } = await opts.database.db.transaction(async (tx) => {
        await enterTenant(tx, who.tenantId, who.userId, who.sessionId);
        return {
          recent: await recentLiveEvents(tx, who.tenantId, FRESH_REPLAY_SECONDS, REPLAY_LIMIT),
          latest: await latestLiveEventId(tx, who.tenantId),
        };
      });
      // the newest id is where a later catch-up (lost LISTEN connection) starts from
      lastId = latest;
      for (const event of recent) deliver(event);
    } catch {
      close();
    }
    const buffered = pending ?? [];
    pending = null;
    for (const event of buffered.sort((a, b) => a.id - b.id)) deliver(event);
  }
  return member;
}
