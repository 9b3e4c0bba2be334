import {
  entityListQuerySchema,
  locationEntity,
  resourceEntity,
  resourceTypeEntity,
  type EntityKind,
  type EntityListQueryInput,
} from '@atrium/domain';
import type pg from 'pg';
import os from 'node:os';
import { benchRun, must, type Api } from './api-process';
import { load1, timed, type Latency } from './measure';
import { explainListStatements } from './raw-list';
import { writeBenchSection } from './report';
import { seedTenant } from './seed';
import type { TenantContext } from '../src/platform/context';
import { bindEntity, type RegisteredEntity } from '../src/platform/entity/entity-registry';
import { compileListQuery } from '../src/platform/entity/list-query';
import { locations, resources, resourceTypes } from '../src/modules/resources/resources.table';

// npm run bench, part 4 (issue 22): workplace booking. find-times across 1,000 desks over a week
// and across 200 rooms over 30 days, booking creation, and 100 requests racing for one slot.
// One embedded PostgreSQL in a temporary directory; writes the bookings section of
// docs/benchmarks.md. The targets are the bounds (Cal.com's slot computation takes
// 0.5–0.6 s for one calendar).
const DESKS = Number(process.env.BENCH_DESKS ?? 1000);
const ROOMS = Number(process.env.BENCH_ROOMS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const CREATES = Number(process.env.BENCH_CREATES ?? 300);
const RACERS = 100;
const TARGET = { deskWeekP95: 100, roomMonthP95: 300, createP95: 20, raceMs: 2000, listP95: 25 };
const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 100_000);

const DAY = 86_400_000;
const log = (line: string) => process.stdout.write(`${line}\n`);
const ms = (v: number) => `${v.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');

async function makeResources(api: Api, typeId: string, locationId: string, prefix: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= n; i++)
    ids.push(
      String((await must(api, 'POST', '/api/v1/resources', { name: `${prefix} ${i}`, resourceTypeId: typeId, locationId }, 201)).id),
    );
  return ids;
}

// BENCH_EXPLAIN=1: the plans of the statements the engine builds for a resources list call
// (rendered by the engine's own code, run as the owner with the workspace's rows).
async function explainList(db: pg.Client, tenantId: string, body: EntityListQueryInput): Promise<void> {
  const registry = new Map<EntityKind, RegisteredEntity>();
  registry.set('Location', bindEntity(locationEntity, locations, registry));
  registry.set('ResourceType', bindEntity(resourceTypeEntity, resourceTypes, registry));
  const ent = bindEntity(resourceEntity, resources, registry);
  registry.set('Resource', ent);
  const ctx = { tenantId, permissions: new Set() } as unknown as TenantContext;
  const compiled = compileListQuery(ctx, ent, [], { viewRestricted: true, manageRestricted: true }, entityListQuerySchema.parse(body));
  await explainListStatements(db, tenantId, ent, compiled, log, 'resources list');
}

async function main() {
  await benchRun('bookings', async ({ db, pgVersion, started, api: startApi }) => {
    const tenant = await seedTenant(db, 'Bench Bookings', 0);
    const api = await startApi(tenant);

    // one location open around the clock in UTC; desks and rooms of the default policy (15-minute
    // increment, no buffers), made through the API; a third of the desks and rooms already booked
    // for an hour or two a day, written by SQL
    const t0 = Date.now();
    const location = String((await must(api, 'POST', '/api/v1/locations', { name: 'Bench office', timeZone: 'UTC' }, 201)).id);
    const deskType = String((await must(api, 'POST', '/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable' }, 201)).id);
    const roomType = String(
      (await must(api, 'POST', '/api/v1/resource-types', { name: 'Room', bookableMode: 'Bookable', capacityDefault: 8 }, 201)).id,
    );
    const desks = await makeResources(api, deskType, location, 'Desk', DESKS);
    const rooms = await makeResources(api, roomType, location, 'Room', ROOMS);
    const from = Math.floor(Date.now() / DAY) * DAY + 2 * DAY;
    const booker = (await db.query<{ id: string }>(`select id from tenant_users where tenant_id = $1`, [tenant.id])).rows[0]?.id;
    await db.query(
      `insert into bookings (tenant_id, resource_id, booker_id, starts_at, ends_at, blocked_from, blocked_until)
       select $1, r.id, $2, s, s + interval '90 minutes', s, s + interval '90 minutes'
       from unnest($3::uuid[]) with ordinality r(id, n)
       cross join generate_series(0, 29) d
       cross join lateral (select to_timestamp($4 / 1000.0) + d * interval '1 day' + ((r.n + d) % 20) * interval '30 minutes' + interval '8 hours' as s) t
       where r.n % 3 = 0`,
      [tenant.id, booker, [...desks, ...rooms], from],
    );
    await db.query('vacuum analyze');
    const held = Number((await db.query<{ n: string }>(`select count(*) as n from bookings`)).rows[0]?.n);
    const seedSeconds = (Date.now() - t0) / 1000;
    log(`seeded ${DESKS} desks, ${ROOMS} rooms, ${held} bookings in ${seedSeconds.toFixed(1)} s`);

    const window = (days: number) => ({ from: new Date(from).toISOString(), to: new Date(from + days * DAY).toISOString() });
    const find = async (body: Record<string, unknown>) => {
      const res = await api!.request('POST', '/api/v1/bookings/find-times', body);
      if (res.status !== 200) throw new Error(`find-times answered ${res.status}: ${res.text}`);
      return JSON.parse(res.text) as { slots: unknown[] };
    };
    const deskWeek = { duration: 60, window: window(7), typeId: deskType };
    const roomMonth = { duration: 60, window: window(30), typeId: roomType };
    const deskSlots = (await find(deskWeek)).slots.length;
    const roomSlots = (await find(roomMonth)).slots.length;
    const deskLat = await timed(3, RUNS, async () => void (await find(deskWeek)));
    log(
      `find-times, ${DESKS} desks over 7 days: p50 ${ms(deskLat.p50)} p95 ${ms(deskLat.p95)} (${deskSlots} slots answered); load ${deskLat.load.toFixed(1)}`,
    );
    const roomLat = await timed(3, RUNS, async () => void (await find(roomMonth)));
    log(
      `find-times, ${ROOMS} rooms over 30 days: p50 ${ms(roomLat.p50)} p95 ${ms(roomLat.p95)} (${roomSlots} slots answered); load ${roomLat.load.toFixed(1)}`,
    );

    // creation: each request a free hour of a desk on a later day (never refused)
    const createAt = (i: number) => {
      const desk = desks[Math.abs(i) % desks.length]!;
      const start = from + (40 + Math.floor(Math.abs(i) / desks.length)) * DAY + 13 * 3_600_000;
      return { resourceId: desk, start: new Date(start).toISOString(), end: new Date(start + 3_600_000).toISOString(), invite: false };
    };
    let made = 0;
    const createLat: Latency = await timed(0, CREATES, async (i) => {
      const res = await api!.request('POST', '/api/v1/bookings', createAt(i));
      if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
      made += 1;
    });
    log(`create: p50 ${ms(createLat.p50)} p95 ${ms(createLat.p95)} (${made} bookings); load ${createLat.load.toFixed(1)}`);

    // the race: 100 requests at once, each on its own connection, for one desk's one hour
    const slot = {
      resourceId: desks[0],
      start: new Date(from + 60 * DAY).toISOString(),
      end: new Date(from + 60 * DAY + 3_600_000).toISOString(),
      invite: false,
    };
    const r0 = process.hrtime.bigint();
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        fetch(`${api!.publicUrl}/api/v1/bookings`, {
          method: 'POST',
          headers: { ...api!.headers, connection: 'close' },
          body: JSON.stringify(slot),
        }).then(async (r) => ({ status: r.status, code: r.status === 201 ? '' : String(((await r.json()) as { code?: string }).code) })),
      ),
    );
    const raceMs = Number(process.hrtime.bigint() - r0) / 1e6;
    const won = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter((a) => a.status === 409 && a.code === 'unavailableTimeSlot').length;
    const raceLoad = load1();
    log(`race: ${RACERS} requests in ${ms(raceMs)}: ${won} booked, ${refused} unavailableTimeSlot; load ${raceLoad.toFixed(1)}`);

    // issue 21's list target: the resources list over 100,000 resources (written by SQL like
    // the API's own, in the desks' workflow stage), one location's page by name, and a search
    const stage = (await db.query<{ s: string | null }>(`select workflow_stage_id as s from resources where id = $1`, [desks[0]])).rows[0]
      ?.s;
    await db.query(
      `insert into resources (tenant_id, name, resource_type_id, location_id, capacity, attributes, workflow_stage_id)
       select $1, 'Item ' || lpad(n::text, 6, '0'), $2, $3, 1 + n % 8, '["monitor"]'::jsonb, $4 from generate_series(1, $5) n`,
      [tenant.id, deskType, location, stage, LIST_ROWS],
    );
    await db.query('vacuum analyze resources');
    const listOf = (body: Record<string, unknown>) => async () => {
      const res = await api!.request('POST', '/api/v1/resources/list', body);
      if (res.status !== 200) throw new Error(`resources list answered ${res.status}: ${res.text}`);
    };
    const pageBody: EntityListQueryInput = {
      page: 1,
      pageSize: 25,
      filters: [{ field: 'locationId', op: 'eq', value: location }],
      sort: [{ field: 'name', order: 'asc' }],
    };
    if (process.env.BENCH_EXPLAIN) await explainList(db, tenant.id, pageBody);
    const listLat = await timed(10, RUNS * 5, listOf(pageBody));
    const searchLat = await timed(10, RUNS * 5, listOf({ ...pageBody, search: 'Item 04242' }));
    log(
      `resources list (${LIST_ROWS.toLocaleString('en')}): page p50 ${ms(listLat.p50)} p95 ${ms(listLat.p95)}; search p50 ${ms(searchLat.p50)} p95 ${ms(searchLat.p95)}; load ${searchLat.load.toFixed(1)}`,
    );

    const ok = {
      list: listLat.p95 <= TARGET.listP95 && searchLat.p95 <= TARGET.listP95,
      desk: deskLat.p95 < TARGET.deskWeekP95,
      room: roomLat.p95 < TARGET.roomMonthP95,
      create: createLat.p95 < TARGET.createP95,
      race: raceMs < TARGET.raceMs && won === 1 && refused === RACERS - 1,
    };
    const pass = Object.values(ok).every(Boolean);
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const section = [
      '<!-- bookings-bench:start -->',
      '## Workplace booking (`npm run bench`, issue 22)',
      '',
      `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 1e9)} GB RAM; Node ${process.version}; embedded PostgreSQL ${pgVersion} (default settings); the API in its own process (\`bench/server.ts\`), requests from this process over HTTP/1.1 keep-alive, one at a time except the race. The load column is the 1-minute load average when the measurement ended.`,
      '',
      `Data: one location open around the clock (UTC), ${DESKS} desks and ${ROOMS} rooms (capacity 8) of the default policy (15-minute increment, no buffers, 15 minutes minimum), made through the API; every third desk and room booked 90 minutes a day for 30 days by SQL (${held.toLocaleString('en')} bookings); ${seedSeconds.toFixed(0)} s. find-times asks for one hour, ranked slots capped at the call's 200; ${RUNS} runs after 3 warm-ups. Creation books ${CREATES} free hours of desks. The race sends ${RACERS} requests for one desk's same hour at once, each on its own connection.`,
      '',
      '| call | p50 | p95 | answered | load | target |',
      '|---|---|---|---|---|---|',
      `| \`POST /api/v1/bookings/find-times\` — ${DESKS} desks, 7 days | ${ms(deskLat.p50)} | ${ms(deskLat.p95)} | ${deskSlots} slots | ${deskLat.load.toFixed(1)} | p95 < ${TARGET.deskWeekP95} ms: ${verdict(ok.desk)} |`,
      `| \`POST /api/v1/bookings/find-times\` — ${ROOMS} rooms, 30 days | ${ms(roomLat.p50)} | ${ms(roomLat.p95)} | ${roomSlots} slots | ${roomLat.load.toFixed(1)} | p95 < ${TARGET.roomMonthP95} ms: ${verdict(ok.room)} |`,
      `| \`POST /api/v1/bookings\` | ${ms(createLat.p50)} | ${ms(createLat.p95)} | ${made} booked | ${createLat.load.toFixed(1)} | p95 < ${TARGET.createP95} ms: ${verdict(ok.create)} |`,
      `| \`POST /api/v1/resources/list\` — ${LIST_ROWS.toLocaleString('en')} resources, a location's first page by name | ${ms(listLat.p50)} | ${ms(listLat.p95)} | 25 rows | ${listLat.load.toFixed(1)} | p95 ≤ ${TARGET.listP95} ms: ${verdict(listLat.p95 <= TARGET.listP95)} |`,
      `| \`POST /api/v1/resources/list\` — the same with a search | ${ms(searchLat.p50)} | ${ms(searchLat.p95)} | | ${searchLat.load.toFixed(1)} | p95 ≤ ${TARGET.listP95} ms: ${verdict(searchLat.p95 <= TARGET.listP95)} |`,
      `| ${RACERS} × \`POST /api/v1/bookings\`, one slot, at once | total ${ms(raceMs)} | | ${won} booked, ${refused} \`unavailableTimeSlot\` | ${raceLoad.toFixed(1)} | 1 booking in < ${TARGET.raceMs} ms: ${verdict(ok.race)} |`,
      '',
      `Targets ${pass ? 'all met' : '**not all met**'} in this run (${((Date.now() - started) / 1000).toFixed(0)} s in all). Command: \`npm run bench\` (root), or \`npx tsx bench/bookings.ts\` in apps/server; \`BENCH_DESKS\`, \`BENCH_ROOMS\`, \`BENCH_RUNS\`, \`BENCH_CREATES\` change the sizes. No-shows are released by the every-minute job (decision 093), so within a minute of their grace; the API test proves it with a fixed clock.`,
      '<!-- bookings-bench:end -->',
    ].join('\n');
    await writeBenchSection('bookings-bench', section, log);
    log(`targets ${pass ? 'met' : 'NOT met'}`);
    await db.end();
  });
}

await main();
