import type { Config } from '../config';
import { AppError } from '../errors';

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };
type AiConfig = NonNullable<Config['ai']>;

// The endpoint of an OpenAI-compatible server: AI_BASE_URL + /chat/completions, keeping a
// query string (Azure OpenAI's ?api-version=…) where it belongs.
export function completionsUrl(baseUrl: string): string {
  const u = new URL(baseUrl);
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/chat/completions`;
  return u.toString();
}

const upstreamFailed = (status: number, message: string) => new AppError(status, 'aiResponseFailed', message);

// Text pieces of an OpenAI-style stream: `data: {json}` lines, `data: [DONE]` at the end.
async function* deltas(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        throw new Error('the AI service sent something that is not JSON');
      }
      const p = parsed as { choices?: { delta?: { content?: unknown } }[]; error?: { message?: unknown } };
      if (p.error) throw new Error(typeof p.error.message === 'string' ? p.error.message : 'the AI service reported an error');
      const text = p.choices?.[0]?.delta?.content;
      if (typeof text === 'string' && text) yield text;
    }
  }
}

// Opens a streamed completion. Resolves once the server has answered with 2xx (the caller can
// still refuse the request with a problem then); `signal` aborts the upstream call at any time,
// and no byte from upstream for `timeoutMs` aborts it too.
export async function openCompletion(
  ai: AiConfig,
  messages: readonly ChatMessage[],
  signal: AbortSignal,
): Promise<{ stream: AsyncGenerator<string>; timedOut: () => boolean }> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort, { once: true });
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, ai.timeoutMs);
  };
  const done = () => {
    clearTimeout(timer);
    signal.removeEventListener('abort', abort);
  };
  arm();
  let res: Response;
  try {
    res = await fetch(completionsUrl(ai.baseUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(ai.apiKey ? { authorization: `Bearer ${ai.apiKey}`, 'api-key': ai.apiKey } : {}),
      },
      body: JSON.stringify({ model: ai.model, messages, stream: true }),
      signal: controller.signal,
    });
  } catch {
    done();
    if (timedOut) throw upstreamFailed(504, `The AI service did not answer within ${Math.round(ai.timeoutMs / 1000)} s`);
    if (signal.aborted) throw upstreamFailed(499, 'The request was cancelled');
    throw upstreamFailed(502, 'The AI service cannot be reached');
  }
  if (!res.ok || !res.body) {
    done();
    const detail = (await res.text().catch(() => '')).slice(0, 300);
    throw upstreamFailed(502, `The AI service answered ${res.status}${detail ? `: ${detail}` : ''}`);
  }
  const body = res.body;
  async function* stream(): AsyncGenerator<string> {
    try {
      for await (const piece of deltas(body)) {
        arm();
        yield piece;
      }
    } catch (err) {
      if (timedOut) throw new Error(`The AI service stopped answering for ${Math.round(ai.timeoutMs / 1000)} s`);
      throw err;
    } finally {
      done();
      controller.abort();
    }
  }
  return { stream: stream(), timedOut: () => timedOut };
}
