import { RESET_EVENT, type EventTicket, type JobEvent, type NotificationEvent, type RecordEvent } from '@atrium/domain';
import { apiRequest } from '../api/api-client';

export type LiveEvents = { record: RecordEvent; notification: NotificationEvent; job: JobEvent; reset: Record<string, never> };
export type LiveEventName = keyof LiveEvents;
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'retrying';

const TICKET_PATH = '/api/v1/core/events/ticket';
const STREAM_PATH = '/events';
const NAMES: LiveEventName[] = ['record', 'notification', 'job', RESET_EVENT];
// after a failure: 1 s, 2 s, 5 s, 10 s, then every 30 s
const BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000];

type Handler<N extends LiveEventName> = (event: LiveEvents[N]) => void;

// The tab's one connection to GET /events (ARCHITECTURE §6, decision 040). EventSource cannot
// send headers, so each (re)connect first asks for a short-lived ticket; the id of the last
// event seen goes along as lastEventId, and the server replays what the tab missed.
class LiveConnection {
  private source: EventSource | null = null;
  private tenantId: string | null = null;
  private lastEventId: string | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private generation = 0;
  private statusValue: LiveStatus = 'idle';
  private readonly handlers = new Map<LiveEventName, Set<(event: unknown) => void>>();
  private readonly statusListeners = new Set<() => void>();

  get status(): LiveStatus {
    return this.statusValue;
  }

  // Connects for a workspace (null: disconnect). Switching workspaces starts a fresh stream.
  use(tenantId: string | null): void {
    if (tenantId === this.tenantId) return;
    this.close();
    this.tenantId = tenantId;
    this.lastEventId = null;
    this.attempt = 0;
    if (tenantId) void this.connect();
  }

  on<N extends LiveEventName>(name: N, handler: Handler<N>): () => void {
    let set = this.handlers.get(name);
    if (!set) this.handlers.set(name, (set = new Set()));
    const h = handler as (event: unknown) => void;
    set.add(h);
    return () => set.delete(h);
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.statusValue) return;
    this.statusValue = status;
    this.statusListeners.forEach((l) => l());
  }

  private dispatch(name: LiveEventName, data: unknown): void {
    for (const handler of this.handlers.get(name) ?? []) {
      try {
        handler(data);
      } catch {
        // one subscriber's mistake must not stop the others
      }
    }
  }

  private async connect(): Promise<void> {
    const generation = ++this.generation;
    this.setStatus(this.attempt === 0 ? 'connecting' : 'retrying');
    let ticket: EventTicket;
    try {
      ticket = await apiRequest<EventTicket>(TICKET_PATH, { method: 'POST' });
    } catch {
      if (generation === this.generation) this.retry();
      return;
    }
    if (generation !== this.generation) return;
    const query = new URLSearchParams({ ticket: ticket.ticket });
    if (this.lastEventId) query.set('lastEventId', this.lastEventId);
    const source = new EventSource(`${STREAM_PATH}?${query.toString()}`);
    this.source = source;
    source.onopen = () => {
      this.attempt = 0;
      this.setStatus('open');
    };
    for (const name of NAMES) {
      source.addEventListener(name, (e: MessageEvent<string>) => {
        if (e.lastEventId) this.lastEventId = e.lastEventId;
        let data: unknown = {};
        try {
          data = JSON.parse(e.data);
        } catch {
          return;
        }
        this.dispatch(name, data);
      });
    }
    // The browser would retry with the same (soon expired) ticket; take over instead.
    source.onerror = () => {
      if (this.source !== source) return;
      source.close();
      this.source = null;
      this.retry();
    };
  }

  private retry(): void {
    this.setStatus('retrying');
    const wait = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)] ?? 30_000;
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, wait);
  }

  private close(): void {
    this.generation += 1;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.source?.close();
    this.source = null;
    this.setStatus('idle');
  }
}

export const liveConnection = new LiveConnection();
