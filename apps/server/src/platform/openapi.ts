import type { RegisteredRoute } from './router';

type Json = Record<string, unknown>;
type Operation = Json & { responses?: Record<string, Json>; parameters?: Json[]; requestBody?: Json };

const PROBLEM = 'application/problem+json';
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  304: 'Not modified: the ETag in If-None-Match is current',
  400: 'Bad request: the problem names each field and rule',
  401: 'No valid access token',
  403: 'Not a member, or missing a permission or plan',
  404: 'Not found (a record of another workspace answers the same)',
  409: 'Conflict with the stored state',
  412: 'If-Match does not name the current version',
  413: 'Body too large',
  415: 'Unsupported media type',
  422: 'Idempotency-Key reused with another body',
  428: 'If-Match required',
  429: 'Too many requests',
};

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');
const etagHeader = { ETag: { description: 'Strong validator of the version returned', schema: { type: 'string' } } };

// Completes what @fastify/swagger generates from the routes' zod schemas with what the
// router knows: problem+json errors, conditional and idempotency headers, multipart bodies,
// file answers' media types, ETag, 304, the server's own address. Routes added later are
// covered the same way.
export function completeOpenApi(doc: Json, routes: readonly RegisteredRoute[], publicUrl: string): Json {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const route of routes) {
    const op = paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()];
    if (!op) continue;
    const responses = op.responses ?? {};
    for (const [code, response] of Object.entries(responses)) {
      const status = Number(code);
      const content = response.content as Record<string, Json> | undefined;
      if (status >= 400 && content) {
        const schema = Object.values(content)[0]?.schema;
        response.content = { [PROBLEM]: { schema } };
      }
      if (status === 204) delete response.content;
      if (status === route.status && route.produces)
        response.content = Object.fromEntries(route.produces.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
      response.description = STATUS_TEXT[status] ?? String(response.description ?? code);
      if (route.etag && status === route.status) response.headers = { ...(response.headers as Json | undefined), ...etagHeader };
    }
    if (route.etag && route.method === 'GET') {
      responses['304'] = { description: STATUS_TEXT[304], headers: etagHeader };
    }
    op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
    const parameters = [...(op.parameters ?? [])];
    if (route.ifMatch) {
      parameters.push({
        in: 'header',
        name: 'If-Match',
        required: route.ifMatch === 'required',
        description: 'ETag of the version being changed (strong comparison)',
        schema: { type: 'string' },
      });
    }
    if (route.etag && route.method === 'GET') {
      parameters.push({
        in: 'header',
        name: 'If-None-Match',
        required: false,
        description: 'ETags the client holds; a current one answers 304',
        schema: { type: 'string' },
      });
    }
    if (route.idempotencyKey) {
      parameters.push({
        in: 'header',
        name: 'Idempotency-Key',
        required: false,
        description: 'Repeating the request with the same key and body replays the first answer',
        schema: { type: 'string', pattern: '^[\\w\\-.:]{1,200}$' },
      });
    }
    if (parameters.length > 0) op.parameters = parameters;
    if (route.multipartFields) {
      const properties: Record<string, Json> = {};
      const required: string[] = [];
      for (const [name, field] of Object.entries(route.multipartFields)) {
        properties[name] =
          field.type === 'file'
            ? { type: 'string', format: 'binary', description: field.description }
            : { type: 'string', description: field.description };
        if (field.required) required.push(name);
      }
      op.requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', properties, ...(required.length ? { required } : {}) } } },
      };
    }
  }
  return { ...doc, servers: [{ url: publicUrl, description: 'This Atrium' }] };
}
