// A server-sent events client for tests: reads GET /events over real HTTP and keeps what
// arrives, parsed the way EventSource parses it.
export type SseEvent = { id: string | undefined; event: string; data: string };

export class SseClient {
  readonly events: SseEvent[] = [];
  private waiters: (() => void)[] = [];
  private constructor(
    readonly status: number,
    readonly contentType: string | null,
    private readonly controller: AbortController,
    readonly body: string,
  ) {}

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const controller = new AbortController();
    const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
    if (res.status !== 200 || !res.body) {
      const text = await res.text();
      return new SseClient(res.status, res.headers.get('content-type'), controller, text);
    }
    const client = new SseClient(res.status, res.headers.get('content-type'), controller, '');
    void client.read(res.body);
    return client;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | undefined;
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'id') id = value;
            else if (field === 'event') event = value;
            else if (field === 'data') data.push(value);
          }
          if (data.length > 0) this.events.push({ id, event, data: data.join('\n') });
          for (const w of this.waiters.splice(0)) w();
        }
      }
    } catch {
      // aborted
    }
  }

  // resolves with the first event (already received or still to come) that matches
  async waitFor(match: (e: SseEvent) => boolean, timeoutMs = 5000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  parsed<T = Record<string, unknown>>(type: string): T[] {
    return this.events.filter((e) => e.event === type).map((e) => JSON.parse(e.data) as T);
  }

  close(): void {
    this.controller.abort();
  }
}
