import type { ErrorCode, Problem, ProblemField } from '@atrium/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@atrium/domain';
import { registerCaptions } from './captions';
import { constraintFieldOf, dbErrorOf } from './db-errors';
import { ERROR_CAPTIONS } from './errors.captions';

const TITLES: Partial<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export class AppError extends Error {
  // what went wrong underneath (a library's or the database's error), for the log only: the
  // answer carries the message above, never this
  internal?: unknown;
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message?: string,
    readonly errors?: ProblemField[],
    readonly extra?: Partial<Problem>,
  ) {
    super(message ?? code);
  }
}

export const notFound = (what = 'Record') => new AppError(404, 'notFound', `${what} not found`);
export const accessDenied = (detail = 'You do not have permission for this action') => new AppError(403, 'accessDenied', detail);
export const fieldError = (field: string, code: ErrorCode, message: string, status = 400) =>
  new AppError(status, code, message, [{ field, code, message }]);

const HUMAN: Partial<Record<ErrorCode, string>> = {
  required: 'is required',
  invalidEmail: 'must be a valid e-mail address',
  invalidUrl: 'must be a valid http or https URL',
  invalidOrigin: 'must be an origin: http or https, a host, an optional port and no path (https://example.com)',
  invalidColor: 'must be a colour as # and six hex digits (#1677ff)',
  maxLength: 'is too long',
  minLength: 'is too short',
  tooBig: 'is too large',
  tooSmall: 'is too small',
  slugRequired: 'is required',
  slugMaxLength: 'is too long',
  slugInvalid: 'may contain only lowercase letters, digits and hyphens',
  slugAlreadyExists: 'is already taken',
  domainRequired: 'is required when domain sign-up is on',
  domainMaxLength: 'is too long',
  domainInvalid: 'must be a domain name such as example.com',
  unknownField: 'is not a known field',
  unique: 'must be unique',
  invalidText: 'contains a NUL character or a lone UTF-16 surrogate',
  dateOutOfRange: 'must be a date between the years 1 and 9999',
  conflict: 'conflicts with the stored data',
};

const isCode = (s: string): s is ErrorCode => (ERROR_CODES as readonly string[]).includes(s);

type ZodIssueLike = {
  code: string;
  message: string;
  path: PropertyKey[];
  keys?: string[];
  input?: unknown;
  origin?: string;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  params?: Record<string, unknown>;
};

// The limit a length or size rule broke, said in words and given as a number for the client.
function limitOf(issue: ZodIssueLike, code: ErrorCode): { text: string; bound: { min: number } | { max: number } } | undefined {
  const n = (v: number | bigint | undefined) => (v === undefined ? undefined : Number(v));
  // a custom issue that re-raises a nested one carries the limit in params
  const param = (k: string) => (typeof issue.params?.[k] === 'number' ? (issue.params[k] as number) : undefined);
  const max = issue.code === 'too_big' ? n(issue.maximum) : param('maximum');
  const min = issue.code === 'too_small' ? n(issue.minimum) : param('minimum');
  const unit = code === 'maxLength' || code === 'minLength' ? (v: number) => ` ${v === 1 ? 'character' : 'characters'}` : () => '';
  if (max !== undefined && Number.isFinite(max)) return { text: `must be at most ${max}${unit(max)}`, bound: { max } };
  if (min !== undefined && Number.isFinite(min)) return { text: `must be at least ${min}${unit(min)}`, bound: { min } };
  return undefined;
}

// Turns a zod issue into a problem field error with a stable code.
export function issueToField(issue: ZodIssueLike, prefix = ''): ProblemField[] {
  const base = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
  if (issue.code === 'unrecognized_keys') {
    return (issue.keys ?? []).map((k) => ({
      field: base ? `${base}.${k}` : k,
      code: 'unknownField',
      message: `${k} is not a known field`,
    }));
  }
  let code: ErrorCode = 'validation';
  if (isCode(issue.message)) code = issue.message;
  else if (issue.code === 'invalid_type' && issue.input === undefined) code = 'required';
  else if (issue.code === 'too_big' && issue.origin === 'string') code = 'maxLength';
  else if (issue.code === 'too_small' && issue.origin === 'string') code = 'minLength';
  else if (issue.code === 'invalid_format' && String(issue.message).toLowerCase().includes('email')) code = 'invalidEmail';
  const limit = limitOf(issue, code);
  const human = limit?.text ?? (isCode(issue.message) ? (HUMAN[code] ?? code) : issue.message);
  const field = base || 'body';
  return [{ field, code, message: `${field} ${human}`, ...limit?.bound }];
}

export function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: string,
  detail?: string,
  extra?: Partial<Problem>,
) {
  const problem: Problem = {
    type: `https://atrium.dev/problems/${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    code,
    ...(detail ? { detail } : {}),
    instance: request.url.split('?')[0],
    requestId: request.id,
    ...extra,
  };
  return reply.status(status).type('application/problem+json').send(problem);
}

// Database errors that mean bad input, never a 500. They arrive wrapped (drizzle puts the
// driver's error in `cause`), so they are read through dbErrorOf.
const PG_BAD_INPUT: Record<string, [number, ErrorCode]> = {
  '23505': [409, 'unique'],
  '23503': [409, 'conflict'],
  '23502': [400, 'required'],
  '23514': [400, 'validation'],
  '23P01': [409, 'conflict'],
  '22001': [400, 'maxLength'],
  '22003': [400, 'validation'],
  '22004': [400, 'required'],
  '22007': [400, 'dateOutOfRange'],
  '22008': [400, 'dateOutOfRange'],
  '22012': [400, 'validation'],
  '22021': [400, 'invalidText'],
  '22025': [400, 'validation'],
  '2201B': [400, 'validation'],
  '22P02': [400, 'validation'],
  '22P05': [400, 'invalidText'],
  '54000': [400, 'maxLength'],
};

export function registerErrorHandling(app: FastifyInstance) {
  registerCaptions(ERROR_CAPTIONS);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error, internal: error.internal }, error.message);
      else if (error.internal !== undefined) request.log.warn({ err: error.internal, code: error.code }, error.message);
      return sendProblem(reply, request, error.status, error.code, error.message, {
        ...(error.errors ? { errors: error.errors } : {}),
        ...error.extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.flatMap((v) =>
        issueToField(
          { ...(v.params as Record<string, unknown>), code: v.keyword, message: v.message ?? '', path: [] } as ZodIssueLike,
          v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        ),
      );
      const context = error.validationContext ?? 'body';
      const prefixed = errors.map((e) => (context === 'body' ? e : { ...e, field: `${context}.${e.field}` }));
      return sendProblem(reply, request, 400, prefixed[0]?.code ?? 'validation', prefixed.map((e) => e.message).join('; '), {
        errors: prefixed,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return sendProblem(reply, request, 500, 'internalServerError', 'Internal server error');
    }
    const db = dbErrorOf(error);
    const mapped = db && PG_BAD_INPUT[db.code];
    if (db && mapped) {
      const [status, code] = mapped;
      // the field and rule, never the constraint's name or the database's text: a key
      // constraint names its field through its columns, a not-null one its column; any other
      // is a conflict (or bad value) of the body as a whole
      const field = constraintFieldOf(db) ?? db.column ?? 'body';
      const message =
        field === 'body' && status === 409 ? 'This conflicts with the stored data' : `${field} ${HUMAN[code] ?? 'is not valid'}`;
      request.log.info({ sqlState: db.code, constraint: db.constraint }, 'bad input refused by the database');
      return sendProblem(reply, request, status, code, message, { errors: [{ field, code, message }] });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return sendProblem(reply, request, 429, 'rateLimited', 'Too many requests, try again later');
    if (status >= 400 && status < 500) {
      const code: ErrorCode =
        status === 415
          ? 'unsupportedMediaType'
          : error.code?.startsWith('FST_ERR_CTP')
            ? 'malformedBody'
            : status === 404
              ? 'notFound'
              : 'validation';
      // Fastify and its plugins (FST_…) word their refusals for the caller; any other error that
      // carries a status is a library's exception text: logged, and the answer says only the status
      if (error.code?.startsWith('FST_')) return sendProblem(reply, request, status, code, error.message);
      request.log.warn({ err: error }, 'request refused');
      return sendProblem(reply, request, status, code, TITLES[status] ?? 'Bad request');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, request, 500, 'internalServerError', 'Internal server error');
  });
}
