import { execFile, fork, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  contactEntity,
  entityListQuerySchema,
  organizationEntity,
  type EntityField,
  type EntityListQueryInput,
  type EntityKind,
} from '@atrium/domain';
import pg from 'pg';
import { SERVER_ROOT } from '../src/platform/config';
import { migrateDatabase } from '../src/platform/database';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres';
import { freePort } from '../src/platform/free-port';
import type { TenantContext } from '../src/platform/context';
import { bindEntity, type RegisteredEntity } from '../src/platform/entity/entity-registry';
import { provideTagSql } from '../src/platform/entity/row-tags';
import { compileListQuery } from '../src/platform/entity/list-query';
import { contacts } from '../src/modules/crm/contacts.table';
import { organizations } from '../src/modules/crm/organizations.table';
import { organizationContacts } from '../src/modules/crm/organization-contacts.table';
import { rowTags, taggedWith } from '../src/modules/core/tags.repository';
import { getRequest, httpLoad } from './http-load';
import { cpuSplit, load1, ppidOf, timed } from './measure';
import { adminToken } from './api-process';
import { explainListStatements, rawListStatements } from './raw-list';
import { writeBenchSection } from './report';
import { seedTenant, SEGMENTS, type SeededTenant } from './seed';

// npm run bench: contacts on the entity engine against raw SQL and pgbench, on one embedded
// PostgreSQL in a temporary directory. Writes the contacts section of docs/benchmarks.md.
const run = promisify(execFile);
const LATENCY_RUNS = Number(process.env.BENCH_RUNS ?? 400);
const WARMUP = 50;
const THROUGHPUT_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = 8;
// each throughput measurement starts after this long under the same load (the JIT compiles the
// hot path in the first second or two: a running server has done that long ago)
const WARM_SECONDS = Number(process.env.BENCH_WARM ?? 3);
// idempotency keys unique across runs on a kept database (BENCH_PG_DIR)
const RUN = Date.now().toString(36);

// The targets of issue 10, each a ratio to a baseline measured in the same run (or a bound).
// (issue 28: GET by id and a tenant call's fixed cost as shares of the bare stack's throughput)
const TARGET = { searchRatio: 1.5, filterRatio: 1.5, filterP95: 25, getOfBare: 0.35, tenantCallOfBare: 0.4, createP95: 15 };

// BENCH_ONLY=search,filter,create,get runs only those measurements (for profiling one call)
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : undefined;
const runs = (what: string) => !ONLY || ONLY.has(what);
const log = (line: string) => process.stdout.write(`${line}\n`);
const ms = (v: number) => `${v.toFixed(2)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');

function findPgbench(): string {
  for (const p of [
    '/usr/lib/postgresql/17/bin/pgbench',
    '/usr/lib/postgresql/16/bin/pgbench',
    '/usr/lib/postgresql/15/bin/pgbench',
    '/usr/local/bin/pgbench',
    '/usr/bin/pgbench',
  ]) {
    if (existsSync(p)) return p;
  }
  throw new Error('pgbench not found (apt-get install postgresql-client)');
}

type Row = {
  call: string;
  api: string;
  apiP95: string;
  baseline: string;
  baseP50: string;
  baseP95: string;
  ratio: string;
  load: number;
  target: string;
};

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-'));
  const password = 'bench';
  // BENCH_PG_DIR keeps the seeded database between runs (for profiling one change after another)
  const kept = process.env.BENCH_PG_DIR ? path.resolve(process.env.BENCH_PG_DIR) : undefined;
  const reuse = kept !== undefined && existsSync(path.join(kept, 'PG_VERSION'));
  const pgServer = await startEmbeddedPostgres({ dir: kept ?? path.join(dir, 'pg'), port: await freePort(), password });
  let child: ReturnType<typeof fork> | undefined;
  let bare: ReturnType<typeof fork> | undefined;
  try {
    if (!reuse) {
      const admin = new pg.Client(pgServer.url('postgres'));
      await admin.connect();
      await admin.query('create database atrium');
      await admin.end();
    }
    const url = pgServer.url('atrium');
    await migrateDatabase(url, path.join(SERVER_ROOT, 'src/db/migrations'));
    const db = new pg.Client(url);
    // the server stops under this client at the end; that is not an error
    db.on('error', () => {});
    await db.connect();
    const pgVersion = (await db.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? '?';
    const postmaster = Number(
      (await db.query<{ pid: number }>(`select pid from pg_stat_activity where backend_type = 'checkpointer'`)).rows[0]?.pid ?? 0,
    );
    const postmasterPid = postmaster ? ppidOf(postmaster) : 0;

    const t0 = Date.now();
    let big: SeededTenant;
    if (reuse) {
      const [found] = (
        await db.query<SeededTenant>(
          `select t.id, tu.user_id as "userId", 100000 as contacts from tenants t join tenant_users tu on tu.tenant_id = t.id where t.name = 'Bench Big'`,
        )
      ).rows;
      if (!found) throw new Error(`${kept} holds no seeded database`);
      big = found;
      log('reusing the seeded database');
    } else {
      log('seeding 100,000 contacts + 10 × 10,000…');
      big = await seedTenant(db, 'Bench Big', 100_000);
      for (let i = 1; i <= 10; i++) await seedTenant(db, `Bench Small ${i}`, 10_000);
      await db.query('vacuum analyze');
    }
    const seedSeconds = (Date.now() - t0) / 1000;
    log(`seeded in ${seedSeconds.toFixed(1)} s`);

    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    // the server logs at its default level (info) into a file, as a deployed one would
    const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
    const serverLog = openSync(path.join(dir, 'server.log'), 'a');
    const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
    child = fork(path.join(SERVER_ROOT, 'bench/server.ts'), [], {
      execArgv: [
        '--import',
        'tsx',
        // (V8 then also writes a code log: to /dev/null, not into the working directory)
        ...(process.env.BENCH_PERF ? ['--perf-basic-prof', '--no-logfile-per-isolate', '--logfile=/dev/null'] : []),
        ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      ],
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: publicUrl,
        DATA_DIR: dir,
        LOG_LEVEL: logLevel,
      },
      stdio: ['ignore', serverLog, 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve, reject) => {
      child?.once('message', () => resolve());
      child?.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const serverPid = child.pid ?? 0;

    const token = await adminToken(db, publicUrl, big.userId);

    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': big.id, 'content-type': 'application/json' };
    const request = (method: string, url: string, body?: unknown, extra: Record<string, string> = {}) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = http.request(`${publicUrl}${url}`, { method, agent, headers: { ...headers, ...extra } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        });
        req.on('error', reject);
        req.end(body === undefined ? undefined : JSON.stringify(body));
      });
    // per-request breakdown of the server (BENCH_TRACE=1): stages and statements of the last calls
    const trace = async (label: string, call: () => Promise<unknown>) => {
      if (!process.env.BENCH_TRACE || !child) return;
      child.send({ trace: 'reset' });
      for (let i = 0; i < 200; i++) await call();
      const report = await new Promise<string>((resolve) => {
        child?.once('message', (m) => resolve(String((m as { report?: string }).report ?? '')));
        child?.send({ trace: 'report' });
      });
      log(`\n### ${label}\n${report}`);
    };

    // the raw side issues the engine's own statements, rendered to SQL text and parameters
    const registry = new Map<EntityKind, RegisteredEntity>();
    // rows carry their tags, as the API's do (the shared-records module provides the SQL)
    provideTagSql({
      filter: (tenantId, kind, idColumn, tagIds, match) => taggedWith({ tenantId }, kind, idColumn, tagIds, match),
      select: rowTags,
    });
    const ent = bindEntity(contactEntity, contacts, registry);
    registry.set('Contact', ent);
    registry.set(
      'Organization',
      bindEntity(organizationEntity, organizations, registry, { relations: { contacts: organizationContacts } }),
    );
    // the raw statements run as the API's would for the benchmark tenant's owner
    const ctx = { tenantId: big.id, permissions: new Set() } as unknown as TenantContext;
    const fieldRows = (
      await db.query<{ id: string; key: string; position: number; definition: Record<string, unknown> }>(
        `select id, key, position, definition from entity_fields where tenant_id = $1 order by position`,
        [big.id],
      )
    ).rows;
    const fields = fieldRows.map((r) => ({ ...r.definition, id: r.id, key: r.key, position: r.position }) as EntityField);
    const rawList = (input: EntityListQueryInput) => {
      const compiled = compileListQuery(
        ctx,
        ent,
        fields,
        { viewRestricted: true, manageRestricted: true },
        entityListQuerySchema.parse(input),
      );
      const run = rawListStatements(ent, compiled);
      return (on: pg.Client = db) =>
        () =>
          run(on);
    };
    // the same statements as the API's role sees them: atrium_app, the tenant set for the
    // session, row-level security on (the superuser connection above skips it)
    const appDb = new pg.Client({ connectionString: url, options: '-c role=atrium_app' });
    appDb.on('error', () => {});
    await appDb.connect();
    await appDb.query(`select set_config('app.tenant_id', $1, false)`, [big.id]);

    const scenarios: { id: string; name: string; body: EntityListQueryInput; ratio: number }[] = [
      {
        id: 'search',
        name: 'search + sort + page 25',
        ratio: TARGET.searchRatio,
        body: {
          page: 1,
          pageSize: 25,
          search: 'garciaford',
          sort: [
            { field: 'lastName', order: 'asc' },
            { field: 'firstName', order: 'asc' },
          ],
        },
      },
      {
        id: 'filter',
        name: 'custom-field filter + sort + page 25',
        ratio: TARGET.filterRatio,
        body: {
          page: 1,
          pageSize: 25,
          filters: [{ field: 'customFields.segment', op: 'eq', value: SEGMENTS[7] ?? 'segment-07' }],
          sort: [{ field: 'lastName', order: 'asc' }],
        },
      },
    ];
    if (process.env.BENCH_EXPLAIN) {
      for (const sc of scenarios) {
        const compiled = compileListQuery(
          ctx,
          ent,
          fields,
          { viewRestricted: true, manageRestricted: true },
          entityListQuerySchema.parse(sc.body),
        );
        await explainListStatements(db, big.id, ent, compiled, log, sc.name);
      }
    }
    // the fixed cost of the platform around a tenant call, for reading the numbers below
    const fixedCost: string[] = [];
    const sampleId = (await db.query<{ id: string }>(`select id from contacts where tenant_id = $1 limit 1`, [big.id])).rows[0]?.id ?? '';
    for (const [label, url] of [
      ['GET /api/health', '/api/health'],
      ['GET stage-types (tenant call, no query)', '/api/v1/core/workflows/stage-types'],
      ['GET /contacts/{id}', `/api/v1/contacts/${sampleId}`],
    ] as const) {
      const r = await timed(WARMUP, 100, async () => {
        await request('GET', url);
      });
      log(`${label}: p50 ${ms(r.p50)} p95 ${ms(r.p95)}`);
      fixedCost.push(`${label} p50 ${ms(r.p50)}`);
    }
    const rows: Row[] = [];
    let pass = true;
    for (const s of scenarios) {
      if (!runs(s.id)) continue;
      const check = await request('POST', '/api/v1/contacts/list', s.body);
      if (check.status !== 200) throw new Error(`list answered ${check.status}: ${check.text}`);
      const total = (JSON.parse(check.text) as { total: number }).total;
      const api = await timed(WARMUP, LATENCY_RUNS, async () => {
        const res = await request('POST', '/api/v1/contacts/list', s.body);
        if (res.status !== 200) throw new Error(`list answered ${res.status}`);
      });
      const raw = await timed(WARMUP, LATENCY_RUNS, rawList(s.body)());
      const rls = await timed(WARMUP, LATENCY_RUNS, rawList(s.body)(appDb));
      const ratio = api.p50 / raw.p50;
      const p50ok = ratio <= s.ratio;
      const p95ok = api.p95 <= TARGET.filterP95;
      const custom = s.body.filters?.length;
      pass &&= p50ok && (!custom || p95ok);
      log(
        `${s.name}: total ${total}; API p50 ${ms(api.p50)} p95 ${ms(api.p95)}; SQL p50 ${ms(raw.p50)} p95 ${ms(raw.p95)}; ${ratio.toFixed(2)}×; SQL under RLS p50 ${ms(rls.p50)} p95 ${ms(rls.p95)}, ${(api.p50 / rls.p50).toFixed(2)}×; load ${api.load.toFixed(1)}`,
      );
      rows.push({
        call: `\`POST /api/v1/contacts/list\` — ${s.name} (${total} matches)`,
        api: ms(api.p50),
        apiP95: ms(api.p95),
        baseline: 'the same SQL, direct',
        baseP50: ms(raw.p50),
        baseP95: ms(raw.p95),
        ratio: `${ratio.toFixed(2)}×`,
        load: api.load,
        target: `p50 ≤ ${s.ratio}× SQL: ${verdict(p50ok)}${custom ? `; p95 ≤ ${TARGET.filterP95} ms: ${verdict(p95ok)}` : ''}`,
      });
      await trace(`list: ${s.name}`, () => request('POST', '/api/v1/contacts/list', s.body));
    }

    // Create: POST with an Idempotency-Key (a new key each time), custom fields validated
    // against the definitions, an activity row and a live event, all in one transaction.
    const owner = (await db.query<{ id: string }>(`select id from tenant_users where tenant_id = $1`, [big.id])).rows[0]?.id ?? '';
    const createBody = (i: number) => ({
      firstName: 'Bench',
      lastName: `Create ${i}`,
      email: `create${i}@bench.example`,
      jobTitle: 'Buyer',
      customFields: { customerNo: `N-${i}`, tier: 'gold', segment: SEGMENTS[i % SEGMENTS.length], seats: 12, renewal: '2026-06-30' },
    });
    let serial = 0;
    if (runs('create')) {
      const create = await timed(WARMUP, LATENCY_RUNS, async () => {
        serial++;
        const res = await request('POST', '/api/v1/contacts', createBody(serial), { 'idempotency-key': `bench-${RUN}-${serial}` });
        if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
      });
      // baseline: the three rows a create writes (idempotency key, contact, activity), one transaction
      const rawCreate = await timed(WARMUP, LATENCY_RUNS, async () => {
        serial++;
        await db.query('begin');
        await db.query(`insert into idempotency_keys (tenant_id, actor_id, scope, key, request_hash) values ($1, $2, 'raw', $3, 'x')`, [
          big.id,
          owner,
          `raw-${RUN}-${serial}`,
        ]);
        const body = createBody(serial);
        const row = await db.query<{ id: string }>(
          `insert into contacts (tenant_id, first_name, last_name, email, job_title, custom_fields, created_by, updated_by)
         values ($1, $2, $3, $4, $5, $6::jsonb, $7, $7) returning *`,
          [big.id, body.firstName, body.lastName, body.email, body.jobTitle, JSON.stringify(body.customFields), owner],
        );
        await db.query(
          `insert into activities (tenant_id, entity_kind, entity_id, type, action, after, actor_id) values ($1, 'Contact', $2, 'Change', 'created', $3::jsonb, $4)`,
          [big.id, row.rows[0]?.id, JSON.stringify({ title: `${body.firstName} ${body.lastName}` }), owner],
        );
        await db.query('commit');
      });
      const createOk = create.p95 <= TARGET.createP95;
      pass &&= createOk;
      log(
        `create: API p50 ${ms(create.p50)} p95 ${ms(create.p95)}; raw inserts p50 ${ms(rawCreate.p50)} p95 ${ms(rawCreate.p95)}; load ${create.load.toFixed(1)}`,
      );
      rows.push({
        call: '`POST /api/v1/contacts` — Idempotency-Key, 5 custom fields, activity row',
        api: ms(create.p50),
        apiP95: ms(create.p95),
        baseline: 'its 3 inserts in a transaction, direct',
        baseP50: ms(rawCreate.p50),
        baseP95: ms(rawCreate.p95),
        ratio: `${(create.p50 / rawCreate.p50).toFixed(2)}×`,
        load: create.load,
        target: `p95 ≤ ${TARGET.createP95} ms: ${verdict(createOk)}`,
      });
      let traced = 1_000_000;
      await trace('create', () =>
        request('POST', '/api/v1/contacts', createBody(++traced), { 'idempotency-key': `trace-${RUN}-${traced}` }),
      );
    }

    // GET by id: CONCURRENCY keep-alive connections for THROUGHPUT_SECONDS, random contacts
    let cpuNote = '';
    if (runs('get')) {
      const ids = (
        await db.query<{ id: string }>(`select id from contacts where tenant_id = $1 order by random() limit 2000`, [big.id])
      ).rows.map((r) => r.id);
      const byIdProbe = await request('GET', `/api/v1/contacts/${ids[0]}`);
      if (byIdProbe.status !== 200) throw new Error(`get answered ${byIdProbe.status}: ${byIdProbe.text}`);
      for (let i = 0; i < 200; i++) await request('GET', `/api/v1/contacts/${ids[i % ids.length]}`);
      const auth = { authorization: `Bearer ${token}`, 'x-tenant-id': big.id };
      const getBytes = ids.map((id) => getRequest(`/api/v1/contacts/${id}`, auth));
      await httpLoad(port, CONCURRENCY, WARM_SECONDS, (i) => getBytes[i % getBytes.length] as Buffer);
      // BENCH_PERF=file: a system-wide `perf record` of this measurement (the server runs with
      // --perf-basic-prof, so its JavaScript has names): kernel, server and PostgreSQL in one profile
      const perf = process.env.BENCH_PERF
        ? spawn('perf', ['record', '-F', '1999', '-g', '-a', '-o', path.resolve(process.env.BENCH_PERF)], { stdio: 'ignore' })
        : undefined;
      const get = await cpuSplit({ server: serverPid, postmaster: postmasterPid }, () =>
        httpLoad(port, CONCURRENCY, THROUGHPUT_SECONDS, (i) => getBytes[i % getBytes.length] as Buffer),
      );
      if (perf) {
        perf.kill('SIGINT');
        await new Promise((r) => perf.once('exit', r));
      }
      if (get.result.errors > 0) throw new Error(`${get.result.errors} GETs did not answer 200`);
      const getLoad = load1();
      const apiRps = get.result.perSecond;
      const split = `CPU while it ran (cores): load generator ${get.client.toFixed(2)}, API server ${get.server.toFixed(2)}, PostgreSQL ${get.postgres.toFixed(2)}`;
      log(`GET /contacts/{id}: ${apiRps.toFixed(0)} req/s over HTTP (${CONCURRENCY} connections); ${split}; load ${getLoad.toFixed(1)}`);
      // the ceiling of HTTP alone on this machine: the health check touches no database
      const health = getRequest('/api/health', {});
      const ceiling = await cpuSplit({ server: serverPid, postmaster: postmasterPid }, () =>
        httpLoad(port, CONCURRENCY, Math.min(5, THROUGHPUT_SECONDS), () => health),
      );
      log(
        `GET /api/health: ${ceiling.result.perSecond.toFixed(0)} req/s (server ${ceiling.server.toFixed(2)} cores, load generator ${ceiling.client.toFixed(2)})`,
      );
      await trace('GET by id', () => request('GET', `/api/v1/contacts/${ids[Math.floor(Math.random() * ids.length)]}`));

      // a tenant call with no query: the token, the tenant entry, the transaction and the answer
      const stageTypes = getRequest('/api/v1/core/workflows/stage-types', auth);
      await httpLoad(port, CONCURRENCY, WARM_SECONDS, () => stageTypes);
      const tenantCall = await cpuSplit({ server: serverPid, postmaster: postmasterPid }, () =>
        httpLoad(port, CONCURRENCY, THROUGHPUT_SECONDS, () => stageTypes),
      );
      if (tenantCall.result.errors > 0) throw new Error(`${tenantCall.result.errors} stage-types calls did not answer 200`);
      const tenantCallLoad = load1();
      log(
        `GET stage-types: ${tenantCall.result.perSecond.toFixed(0)} req/s (server ${tenantCall.server.toFixed(2)} cores, PostgreSQL ${tenantCall.postgres.toFixed(2)}); load ${tenantCallLoad.toFixed(1)}`,
      );
      await trace('GET stage-types', () => request('GET', '/api/v1/core/workflows/stage-types'));

      // the bare stack: Fastify + pg in a process of its own, the same rows, the same load generator
      const barePort = await freePort();
      bare = fork(path.join(SERVER_ROOT, 'bench/bare-server.ts'), [], {
        execArgv: ['--import', 'tsx', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}/bare`] : [])],
        env: { ...process.env, DATABASE_URL: url, PORT: String(barePort) },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      await new Promise<void>((resolve, reject) => {
        bare?.once('message', () => resolve());
        bare?.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
      });
      const bareBytes = ids.map((id) => getRequest(`/contacts/${id}`, { 'x-tenant-id': big.id }));
      await httpLoad(barePort, CONCURRENCY, WARM_SECONDS, (i) => bareBytes[i % bareBytes.length] as Buffer);
      const bareRun = await cpuSplit({ server: bare.pid ?? 0, postmaster: postmasterPid }, () =>
        httpLoad(barePort, CONCURRENCY, THROUGHPUT_SECONDS, (i) => bareBytes[i % bareBytes.length] as Buffer),
      );
      if (bareRun.result.errors > 0) throw new Error(`${bareRun.result.errors} bare GETs did not answer 200`);
      const bareLoad = load1();
      const bareRps = bareRun.result.perSecond;
      log(
        `bare Fastify + pg GET by id: ${bareRps.toFixed(0)} req/s (server ${bareRun.server.toFixed(2)} cores, PostgreSQL ${bareRun.postgres.toFixed(2)}); load ${bareLoad.toFixed(1)}`,
      );
      bare.kill('SIGTERM');
      await new Promise((r) => bare?.once('exit', r));
      const getShare = apiRps / bareRps;
      const getOk = getShare >= TARGET.getOfBare;
      const callShare = tenantCall.result.perSecond / bareRps;
      const callOk = callShare >= TARGET.tenantCallOfBare;
      pass &&= getOk && callOk;
      const bareBaseline = `bare Fastify + pg GET by id, ${CONCURRENCY} connections`;
      rows.push(
        {
          call: `\`GET /api/v1/contacts/{id}\` throughput, ${CONCURRENCY} connections`,
          api: `${apiRps.toFixed(0)} req/s`,
          apiP95: '',
          baseline: bareBaseline,
          baseP50: `${bareRps.toFixed(0)} req/s`,
          baseP95: '',
          ratio: `${(getShare * 100).toFixed(1)}%`,
          load: Math.max(getLoad, bareLoad),
          target: `≥ ${TARGET.getOfBare * 100}% of bare: ${verdict(getOk)}`,
        },
        {
          call: `\`GET stage-types\` (tenant call, no query) throughput, ${CONCURRENCY} connections`,
          api: `${tenantCall.result.perSecond.toFixed(0)} req/s`,
          apiP95: '',
          baseline: bareBaseline,
          baseP50: `${bareRps.toFixed(0)} req/s`,
          baseP95: '',
          ratio: `${(callShare * 100).toFixed(1)}%`,
          load: Math.max(tenantCallLoad, bareLoad),
          target: `≥ ${TARGET.tenantCallOfBare * 100}% of bare: ${verdict(callOk)}`,
        },
      );

      const pgbench = findPgbench();
      const pgUrl = new URL(url);
      const pgEnv = {
        ...process.env,
        PGPASSWORD: password,
        PGHOST: pgUrl.hostname,
        PGPORT: pgUrl.port,
        PGUSER: 'postgres',
        PGDATABASE: 'atrium',
      };
      await run(pgbench, ['-i', '-q', '-s', '10'], { env: pgEnv });
      const bench = await cpuSplit({ server: serverPid, postmaster: postmasterPid }, () =>
        run(pgbench, ['-S', '-n', '-c', String(CONCURRENCY), '-j', '2', '-T', String(THROUGHPUT_SECONDS)], { env: pgEnv }),
      );
      const pgbenchLoad = load1();
      const tps = Number(/tps = ([\d.]+)/.exec(bench.result.stdout)?.[1] ?? 0);
      log(
        `pgbench -S: ${tps.toFixed(0)} tps (PostgreSQL ${bench.postgres.toFixed(2)} cores; load ${pgbenchLoad.toFixed(1)}) → API at ${((apiRps / tps) * 100).toFixed(1)}%, bare at ${((bareRps / tps) * 100).toFixed(1)}%`,
      );
      cpuNote = ` During the GET-by-id run, ${split}; during the bare stack's, its server used ${bareRun.server.toFixed(2)} cores and PostgreSQL ${bareRun.postgres.toFixed(2)}. For scale: \`pgbench -S\` (${CONCURRENCY} clients, the same database) ran ${tps.toFixed(0)} tps, PostgreSQL using ${bench.postgres.toFixed(2)} cores; with no database at all, \`GET /api/health\` answers ${ceiling.result.perSecond.toFixed(0)} req/s at ${CONCURRENCY} connections (server ${ceiling.server.toFixed(2)} cores, load generator ${ceiling.client.toFixed(2)}): the ceiling of HTTP in Node on this machine.`;
    }

    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const section = [
      '<!-- contacts-bench:start -->',
      '## Contacts on the entity engine (`npm run bench`)',
      '',
      `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 1e9)} GB RAM, ${os.type()} ${os.release()}; Node ${process.version}; embedded PostgreSQL ${pgVersion} (default settings); API server in its own process logging at \`${logLevel}\` into a file; load generated from a third process over HTTP/1.1 keep-alive (latency: Node's http client, one request at a time; throughput: \`bench/http-load.ts\`, raw sockets with prebuilt requests, as light a client as pgbench's, each measurement after ${WARM_SECONDS} s of the same load, so that the JIT has compiled the hot path as in a running server; the bare server gets the same warm-up). The load column is the 1-minute load average when that line's measurement ended — other work on the machine shares its cores, so compare ratios within one run, not across runs.`,
      '',
      `Data: 100,000 contacts with 5 custom fields in one workspace plus 10 workspaces × 10,000 (${reuse ? 'seeded by an earlier run, kept in `BENCH_PG_DIR`' : `seeded with \`INSERT … SELECT generate_series\` in ${seedSeconds.toFixed(1)} s`}), then \`VACUUM ANALYZE\`. Latency: ${WARMUP} warm-up then ${LATENCY_RUNS} sequential requests. The list baseline issues the statements the engine builds (list, and count when the engine needs one), rendered by the same code, on one direct connection as the database owner.`,
      '',
      '| call | API p50 | API p95 | baseline | baseline p50 | baseline p95 | API / baseline | load | target |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.call} | ${r.api} | ${r.apiP95} | ${r.baseline} | ${r.baseP50} | ${r.baseP95} | ${r.ratio} | ${r.load.toFixed(1)} | ${r.target} |`,
      ),
      '',
      `Fixed cost of the platform around a call, sequential over HTTP: ${fixedCost.join('; ')}.${cpuNote}`,
      '',
      "Commands: `npm run bench` (root; runs `tsx bench/run.ts` in apps/server). `BENCH_RUNS` and `BENCH_SECONDS` change the sample sizes; `BENCH_TRACE=1` prints the per-request breakdown of each call, `BENCH_CPU_PROF=dir` writes a CPU profile of the server, `BENCH_PERF=file` a system-wide `perf record` of the GET-by-id measurement, `BENCH_WARM` the seconds of load before each throughput measurement (3), `BENCH_EXPLAIN=1` the plans of the list statements, `BENCH_LOG_LEVEL` the server's log level. pgbench: `pgbench -i -q -s 10` then `pgbench -S -n -c 8 -j 2 -T 10` against the same database.",
      '<!-- contacts-bench:end -->',
    ].join('\n');
    await writeBenchSection('contacts-bench', section, log);
    log(`targets ${pass ? 'met' : 'NOT met'}`);
    agent.destroy();
    await db.end();
  } catch (e) {
    process.exitCode = 1;
    console.error(e);
  } finally {
    if (bare && bare.exitCode === null) bare.kill('SIGTERM');
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child?.once('exit', r));
    }
    await pgServer.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
