import type { LiveEventType } from '@atrium/domain';
import pg from 'pg';
import { APP_ROLE } from '../database';
import { EVENTS_CHANNEL, type StoredLiveEvent } from './live-events.repository';

export type LiveEvent = StoredLiveEvent;
type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

export type EventHub = {
  start: () => Promise<void>;
  stop: () => Promise<void>;
  // every event of one tenant that any node published, as it commits
  subscribe: (tenantId: string, listener: (event: LiveEvent) => void) => () => void;
  // raw notifications on another channel (the job runtime's wake-ups)
  listen: (channel: string, listener: (payload: string) => void) => () => void;
  // after the LISTEN connection was lost and came back: notifications in between are gone,
  // so subscribers catch up from the event log
  onReconnect: (listener: () => void) => () => void;
};

const RETRY_MS = [250, 500, 1000, 2000, 5000];

function parseEvent(payload: string): LiveEvent | undefined {
  try {
    const raw = JSON.parse(payload) as { t: string; i: number; y: LiveEventType; k: string | null; r: string | null; d: unknown };
    return { tenantId: raw.t, id: Number(raw.i), type: raw.y, entityKind: raw.k, recipientId: raw.r, data: raw.d };
  } catch {
    return undefined;
  }
}

// One LISTEN connection per process (decision 040): events raised on any node reach the
// streams connected to this one. PostgreSQL is the only broker.
export function createEventHub(url: string, log: Log): EventHub {
  const byTenant = new Map<string, Set<(event: LiveEvent) => void>>();
  const channels = new Map<string, Set<(payload: string) => void>>([[EVENTS_CHANNEL, new Set()]]);
  const reconnectListeners = new Set<() => void>();
  let client: pg.Client | undefined;
  let stopped = true;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const dispatch = (msg: pg.Notification) => {
    if (msg.channel === EVENTS_CHANNEL) {
      const event = msg.payload ? parseEvent(msg.payload) : undefined;
      if (!event) return;
      for (const listener of byTenant.get(event.tenantId) ?? []) listener(event);
      return;
    }
    for (const listener of channels.get(msg.channel) ?? []) listener(msg.payload ?? '');
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, options: `-c role=${APP_ROLE}` });
    c.on('notification', dispatch);
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    await c.connect();
    for (const channel of channels.keys()) await c.query(`listen ${channel}`);
    client = c;
  };

  const lost = (c: pg.Client) => {
    if (client !== c || stopped) return;
    client = undefined;
    c.end().catch(() => {});
    log.warn({ channel: EVENTS_CHANNEL }, 'live events: LISTEN connection lost, reconnecting');
    schedule();
  };

  const schedule = () => {
    if (stopped || timer) return;
    const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 5000;
    attempt += 1;
    timer = setTimeout(() => {
      timer = undefined;
      connect()
        .then(() => {
          attempt = 0;
          log.info({ channel: EVENTS_CHANNEL }, 'live events: LISTEN connection restored');
          for (const listener of reconnectListeners) listener();
        })
        .catch(() => schedule());
    }, wait);
  };

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      await connect();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
    subscribe(tenantId, listener) {
      let set = byTenant.get(tenantId);
      if (!set) byTenant.set(tenantId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) byTenant.delete(tenantId);
      };
    },
    listen(channel, listener) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
      let set = channels.get(channel);
      if (!set) {
        channels.set(channel, (set = new Set()));
        client?.query(`listen ${channel}`).catch(() => {});
      }
      set.add(listener);
      return () => set.delete(listener);
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
  };
}
