import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';

// helmet's headers for a configuration without nonces are the same on every answer. The Fastify
// plugin rebuilds helmet's middleware on every request (about 5% of a GET's CPU, decision 050);
// here helmet runs once against a response that is never sent, and every reply gets its headers.
export function securityHeaders(options: HelmetOptions): OutgoingHttpHeaders {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  let failure: unknown;
  helmet(options)(req, res, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return res.getHeaders();
}
