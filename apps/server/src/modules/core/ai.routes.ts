import { aiPromptSchema, aiStatusSchema } from '@atrium/domain';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { Router } from '../../platform/router';
import * as aiService from './ai.service';
import { aiStatus } from './ai.service';
import { EXAMPLE_ENTITY, type SharedRecordDeps } from './shared-records.access';

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

// The AI prompt (spec §7, decision 077). The answer streams as server-sent events; closing the
// request aborts the upstream call. The record context is built in the request's transaction,
// which ends before the stream does.
export function registerAiRoutes(router: Router, deps: SharedRecordDeps): void {
  const tags = ['ai'];
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/ai',
    summary: 'Whether AI is configured, and its model',
    tags,
    permission: null,
    readOnly: true,
    schemas: { response: aiStatusSchema },
    handler: async () => aiStatus(deps.config),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/ai/prompt',
    summary:
      'Ask the AI about a record (draft an e-mail or a note, summarise its activity); streamed as text/event-stream, cancelled by closing the request',
    tags,
    permission: null,
    readOnly: true,
    errors: [502, 503, 504],
    record: { feature: 'ai', capability: 'ai', of: ({ body }) => ({ kind: body.entityKind, id: body.entityId }) },
    example: { ...EXAMPLE_ENTITY, task: 'summarise' },
    schemas: {
      body: aiPromptSchema,
      response: z.string().describe('text/event-stream: `delta` events ({ text }), then `done`, or `error` ({ code, message })'),
    },
    handler: async (ctx, { body, request, reply }) => {
      const messages = await aiService.messages(ctx, deps, body);
      const cancel = new AbortController();
      const closed = () => {
        if (!reply.raw.writableFinished) cancel.abort();
      };
      reply.raw.on('close', closed);
      // a refusal from upstream (or no answer in time) is still a problem document
      const { stream } = await aiService.open(deps.config, messages, cancel.signal);
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      void (async () => {
        try {
          for await (const text of stream) {
            if (cancel.signal.aborted) break;
            reply.raw.write(sse('delta', { text }));
          }
          if (!cancel.signal.aborted) reply.raw.write(sse('done', {}));
        } catch (err) {
          if (!cancel.signal.aborted) {
            const message = err instanceof AppError || err instanceof Error ? err.message : 'The AI service failed';
            request.log.warn({ err: message }, 'AI stream failed');
            reply.raw.write(sse('error', { code: 'aiResponseFailed', message }));
          }
        } finally {
          reply.raw.end();
        }
      })();
      return '';
    },
  });
}
