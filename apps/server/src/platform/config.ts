import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// The server package root, whether running from src (tsx, vitest) or the bundled dist.
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('apps/server/package.json not found');
    dir = parent;
  }
  return dir;
}

export const SERVER_ROOT = findServerRoot();
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

// Every environment variable Atrium reads; the README's configuration table mirrors this.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  EMBEDDED_PG_PASSWORD: z.string().default('atrium'),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  // the inbound SMTP listener (helpdesk mail, decision 094): off unless a port is given
  SMTP_INBOUND_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  MAIL_FROM: z.string().default('Atrium <no-reply@atrium.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ATRIUM_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  COOKIE_SECURE: bool.optional(),
  RATE_LIMIT_AUTH: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_PUBLIC: z.coerce.number().int().min(1).default(120),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(10).default(900),
  TRUST_PROXY: z.string().trim().default('false'),
  // resolvers for the DNS proof of a workspace domain (host or host:port, comma-separated); the system's when unset
  DNS_SERVERS: z.string().trim().optional(),
  // any OpenAI-compatible /chat/completions endpoint (OpenAI, Azure OpenAI, Ollama, vLLM…); the AI
  // prompt is off without a base URL and a model (decision 077)
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().trim().min(1).optional(),
  AI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  // external calendars (decision 093 round six): OAuth clients registered with Google and with
  // Microsoft (Entra ID); a provider without both its id and secret says "not configured"
  GOOGLE_CALENDAR_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CALENDAR_CLIENT_SECRET: z.string().trim().min(1).optional(),
  MICROSOFT_CALENDAR_CLIENT_ID: z.string().trim().min(1).optional(),
  MICROSOFT_CALENDAR_CLIENT_SECRET: z.string().trim().min(1).optional(),
  MICROSOFT_CALENDAR_TENANT: z.string().trim().min(1).default('common'),
  // where the code is exchanged and a connection's refresh token revoked (decision 093 round eight):
  // the providers' documented endpoints by default; set for a proxy or a test stand-in
  GOOGLE_CALENDAR_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_CALENDAR_REVOKE_URL: z.url().default('https://oauth2.googleapis.com/revoke'),
  MICROSOFT_CALENDAR_TOKEN_URL: z.url().optional(),
  MICROSOFT_CALENDAR_REVOKE_URL: z.url().optional(),
  // the most data rows one import file may have (issue 25)
  IMPORT_MAX_ROWS: z.coerce.number().int().min(1).default(1_000_000),
});

// TRUST_PROXY: off (false, 0, empty), a hop count (1, 2…) or a comma-separated list of proxy
// addresses and CIDR ranges. Anything else is refused at start rather than guessed.
export function parseTrustProxy(value: string): false | number | string[] {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === 'off' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const address = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]+(?:\.\d{1,3}){0,3}|loopback|linklocal|uniquelocal)(?:\/\d{1,3})?$/;
  const bad = list.filter((x) => !address.test(x));
  if (bad.length > 0 || list.length === 0)
    throw new Error(`Invalid configuration:\n  TRUST_PROXY: not a hop count or a list of addresses (${bad.join(', ')})`);
  return list;
}

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPg: { port: number; password: string; dir: string };
  oidc: { issuer: string; clientId: string; clientSecret: string; embedded: boolean };
  sessionSecret: string;
  smtpUrl: string | undefined;
  // the port of the inbound SMTP listener on HOST; undefined: no listener
  smtpInboundPort: number | undefined;
  mailFrom: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  role: 'all' | 'api' | 'worker';
  // how long a worker holds a slice of a job before another may claim it (decision 041)
  jobsLeaseSeconds: number;
  cookieSecure: boolean;
  rateLimit: { auth: number; public: number };
  accessTokenTtl: number;
  // which peers may set X-Forwarded-For/-Proto/-Host (Fastify's trustProxy)
  trustProxy: false | number | string[];
  dnsServers: string[] | undefined;
  // undefined: AI is not configured
  ai: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
  imports: { maxRows: number };
  // the external calendar providers whose OAuth client is set (absent: not configured)
  calendarProviders: {
    google?: CalendarProviderClient;
    microsoft?: CalendarProviderClient & { tenant: string };
  };
  webDist: string;
  migrationsDir: string;
};

// an external calendar's OAuth client: where its code is exchanged, and its refresh token revoked if it can be
export type CalendarProviderClient = { clientId: string; clientSecret: string; tokenUrl: string; revokeUrl?: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const port = overrides.port ?? e.PORT;
  const publicUrl = (overrides.publicUrl ?? e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const embedded = !e.OIDC_ISSUER;
  const config: Config = {
    port,
    host: e.HOST,
    publicUrl,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    embeddedPg: { port: e.EMBEDDED_PG_PORT, password: e.EMBEDDED_PG_PASSWORD, dir: path.join(e.DATA_DIR, 'pg') },
    oidc: {
      issuer: e.OIDC_ISSUER ?? `${publicUrl}/idp`,
      clientId: e.OIDC_CLIENT_ID ?? 'atrium-web',
      clientSecret: e.OIDC_CLIENT_SECRET ?? 'atrium-web-secret',
      embedded,
    },
    sessionSecret: e.SESSION_SECRET ?? 'atrium-development-session-secret-change-me',
    smtpUrl: e.SMTP_URL,
    smtpInboundPort: e.SMTP_INBOUND_PORT,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    role: e.ATRIUM_ROLE,
    jobsLeaseSeconds: e.JOBS_LEASE_SECONDS,
    // Browsers accept Secure cookies on http://localhost, so local runs keep them secure too.
    cookieSecure: e.COOKIE_SECURE ?? /^(https:|http:\/\/(localhost|127\.0\.0\.1)[:/])/.test(`${publicUrl}/`),
    rateLimit: { auth: e.RATE_LIMIT_AUTH, public: e.RATE_LIMIT_PUBLIC },
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    dnsServers: e.DNS_SERVERS
      ? e.DNS_SERVERS.split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : undefined,
    ai:
      e.AI_BASE_URL && e.AI_MODEL
        ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY || undefined, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_SECONDS * 1000 }
        : undefined,
    imports: { maxRows: e.IMPORT_MAX_ROWS },
    calendarProviders: {
      ...(e.GOOGLE_CALENDAR_CLIENT_ID && e.GOOGLE_CALENDAR_CLIENT_SECRET
        ? {
            google: {
              clientId: e.GOOGLE_CALENDAR_CLIENT_ID,
              clientSecret: e.GOOGLE_CALENDAR_CLIENT_SECRET,
              tokenUrl: e.GOOGLE_CALENDAR_TOKEN_URL,
              revokeUrl: e.GOOGLE_CALENDAR_REVOKE_URL,
            },
          }
        : {}),
      ...(e.MICROSOFT_CALENDAR_CLIENT_ID && e.MICROSOFT_CALENDAR_CLIENT_SECRET
        ? {
            microsoft: {
              clientId: e.MICROSOFT_CALENDAR_CLIENT_ID,
              clientSecret: e.MICROSOFT_CALENDAR_CLIENT_SECRET,
              tenant: e.MICROSOFT_CALENDAR_TENANT,
              tokenUrl:
                e.MICROSOFT_CALENDAR_TOKEN_URL ??
                `https://login.microsoftonline.com/${encodeURIComponent(e.MICROSOFT_CALENDAR_TENANT)}/oauth2/v2.0/token`,
              // Microsoft's identity platform has no endpoint that revokes one refresh token
              ...(e.MICROSOFT_CALENDAR_REVOKE_URL ? { revokeUrl: e.MICROSOFT_CALENDAR_REVOKE_URL } : {}),
            },
          }
        : {}),
    },
    webDist: path.join(REPO_ROOT, 'apps/web/dist'),
    migrationsDir: path.join(SERVER_ROOT, 'src/db/migrations'),
  };
  return { ...config, ...overrides };
}
