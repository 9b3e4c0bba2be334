import { fork } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVER_ROOT } from '../src/platform/config';
import { migrateDatabase } from '../src/platform/database';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres';
import { freePort } from '../src/platform/free-port';
import { load1 } from './measure';
import { adminToken } from './api-process';
import { writeBenchSection } from './report';
import { seedTenant } from './seed';

// npm run bench, part 2 (issue 14): import 100,000 contacts from a CSV end to end over HTTP
// (upload → validate → job done) against PostgreSQL's COPY of the same rows, and export them
// (job done) against COPY TO; the worker's peak memory while it imports. Writes the
// import/export section of docs/benchmarks.md.
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const EXPORT_ROUNDS = 3;
const TARGET = { importShare: 0.25, exportShare: 0.5 };
const log = (line: string) => process.stdout.write(`${line}\n`);
const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');

// Resident memory of a process (kB): now, and the highest it has been.
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

async function writeCsv(file: string): Promise<void> {
  const out = createWriteStream(file);
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  await write('First name,Last name,E-mail,Phone,Job title,Customer number,Seats\n');
  for (let i = 1; i <= ROWS; i += 1) {
    await write(`Person${i},"Family, ${i % 997}",person${i}@import.example,+49 30 ${String(i).padStart(7, '0')},Buyer,N-${i},${i % 50}\n`);
  }
  await new Promise<void>((resolve) => out.end(resolve));
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-transfer-'));
  const password = 'bench';
  const pgServer = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: await freePort(), password });
  let child: ReturnType<typeof fork> | undefined;
  try {
    const admin = new pg.Client(pgServer.url('postgres'));
    await admin.connect();
    await admin.query('create database atrium');
    await admin.end();
    const url = pgServer.url('atrium');
    await migrateDatabase(url, path.join(SERVER_ROOT, 'src/db/migrations'));
    const db = new pg.Client(url);
    db.on('error', () => {});
    await db.connect();
    const pgVersion = (await db.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? '?';
    const target = await seedTenant(db, 'Import Target', 0);
    const baseline = await seedTenant(db, 'Copy Baseline', 0);
    const csv = path.join(dir, 'contacts.csv');
    await writeCsv(csv);
    const size = statSync(csv).size;
    log(`${ROWS} rows, ${(size / 1e6).toFixed(1)} MB of CSV`);

    // baseline: COPY of the same rows into the same table (another workspace), custom fields as JSON
    const member = (await db.query<{ id: string }>(`select id from tenant_users where tenant_id = $1`, [baseline.id])).rows[0]?.id;
    await db.query(`create temporary table copy_in (f text, l text, e text, p text, j text, n text, s int)`);
    const c0 = process.hrtime.bigint();
    await db.query(`copy copy_in from '${csv}' with (format csv, header true)`);
    await db.query(
      `insert into contacts (tenant_id, first_name, last_name, email, phone, job_title, custom_fields, created_by, updated_by)
       select $1, f, l, e, p, j, jsonb_build_object('customerNo', n, 'seats', s), $2, $2 from copy_in`,
      [baseline.id, member],
    );
    const copySeconds = Number(process.hrtime.bigint() - c0) / 1e9;
    const copyRate = ROWS / copySeconds;
    const copyLoad = load1();
    log(`COPY + insert: ${copySeconds.toFixed(2)} s, ${copyRate.toFixed(0)} rows/s; load ${copyLoad.toFixed(1)}`);

    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    child = fork(path.join(SERVER_ROOT, 'bench/server.ts'), [], {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: publicUrl,
        DATA_DIR: dir,
        LOG_LEVEL: 'warn',
        ATRIUM_ROLE: 'all',
      },
      stdio: ['ignore', openSync(path.join(dir, 'server.log'), 'a'), 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve, reject) => {
      child?.once('message', () => resolve());
      child?.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const serverPid = child.pid ?? 0;
    const token = await adminToken(db, publicUrl, target.userId);
    const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': target.id };
    const request = (method: string, url: string, body?: unknown) =>
      new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
        const req = http.request(
          `${publicUrl}${url}`,
          { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString() || '{}') }));
          },
        );
        req.on('error', reject);
        req.end(body ? JSON.stringify(body) : undefined);
      });
    // the file streams from disk into the request, as a browser sends it
    const upload = () =>
      new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
        const boundary = 'atriumbenchboundary';
        const head = Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contacts.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        );
        const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
        const req = http.request(
          `${publicUrl}/api/v1/core/imports/upload?entityKind=Contact`,
          {
            method: 'POST',
            headers: {
              ...headers,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': String(head.length + size + tail.length),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString() || '{}') }));
          },
        );
        req.on('error', reject);
        req.write(head);
        const file = createReadStream(csv);
        file.pipe(req, { end: false });
        file.on('end', () => req.end(tail));
      });
    // polled every 50 ms; every 10 ms for the export, whose half second a 50 ms step would blur
    const waitJob = async (
      get: () => Promise<{ json: Record<string, unknown> }>,
      done: (j: Record<string, unknown>) => boolean,
      every = 50,
    ) => {
      for (;;) {
        const { json } = await get();
        if (done(json)) return json;
        const job = json.job as { status?: string; error?: string } | null;
        if (job?.status === 'failed') throw new Error(`job failed: ${job.error}`);
        await new Promise((r) => setTimeout(r, every));
      }
    };

    // the worker's memory: sampled every 50 ms while the import runs
    // and its live heap (after a full collection) every 2 s, with the rows done at that moment:
    // flat when the file is streamed, whatever the resident set's high-water mark
    const liveHeap = () =>
      new Promise<number>((resolve) => {
        const on = (m: { heap?: { heapUsed: number } }) => {
          if (!m.heap) return;
          child?.off('message', on);
          resolve(m.heap.heapUsed / 1024 / 1024);
        };
        child?.on('message', on);
        child?.send({ heap: true });
      });
    const heapBefore = await liveHeap();
    const heapSamples: { done: number; heap: number }[] = [];
    let rowsDone = 0;
    let sampling = false;
    const heapSampler = setInterval(() => {
      if (sampling || rowsDone === 0) return;
      sampling = true;
      const done = rowsDone;
      void liveHeap().then((heap) => {
        heapSamples.push({ done, heap });
        sampling = false;
      });
    }, 2000);
    const before = memoryOf(serverPid);
    let peak = before.rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(serverPid).rss);
    }, 50);
    const i0 = process.hrtime.bigint();
    const up = await upload();
    if (up.status !== 201) throw new Error(`upload answered ${up.status}: ${JSON.stringify(up.json)}`);
    const importId = String(up.json.id);
    const mapping = up.json.mapping as Record<string, string | null>;
    const put = await request('PUT', `/api/v1/core/imports/${importId}/mappings`, {
      mapping,
      dedupeKey: null,
      createMissing: false,
      dateFormat: 'YYYY-MM-DD',
    });
    if (put.status !== 200) throw new Error(`mappings answered ${put.status}: ${JSON.stringify(put.json)}`);
    const t1 = process.hrtime.bigint();
    const check = await request('POST', '/api/v1/contacts/import-validate', { importId });
    if (check.status !== 200 || check.json.rejected !== 0)
      throw new Error(`validate: ${check.status} ${JSON.stringify(check.json).slice(0, 500)}`);
    const t2 = process.hrtime.bigint();
    await request('POST', `/api/v1/core/imports/${importId}/run`);
    const finished = await waitJob(
      async () => {
        const res = await request('GET', `/api/v1/core/imports/${importId}`);
        rowsDone = (res.json.job as { progress?: { done?: number } } | null)?.progress?.done ?? rowsDone;
        return res;
      },
      (j) => (j.job as { status?: string } | null)?.status === 'succeeded',
    );
    const importSeconds = Number(process.hrtime.bigint() - i0) / 1e9;
    clearInterval(sampler);
    clearInterval(heapSampler);
    while (sampling) await new Promise((r) => setTimeout(r, 20));
    const heapAfter = await liveHeap();
    const heapLine = [
      `before ${heapBefore.toFixed(0)} MB`,
      ...heapSamples.map((h) => `${h.heap.toFixed(0)} MB at ${Math.round(h.done / 1000)}k rows`),
      `after ${heapAfter.toFixed(0)} MB`,
    ].join(', ');
    log(`worker live heap (after a full GC): ${heapLine}`);
    // flat: no sample more than 32 MB above the heap before the upload (one batch of 2,000 rows
    // in flight is a few MB; the whole 100,000-row file parsed would be hundreds)
    const heapMax = Math.max(heapAfter, ...heapSamples.map((h) => h.heap));
    const heapFlat = heapMax - heapBefore <= 32;
    const after = memoryOf(serverPid);
    const importLoad = load1();
    const [counted] = (await db.query<{ n: number }>(`select count(*)::int as n from contacts where tenant_id = $1`, [target.id])).rows;
    if (counted?.n !== ROWS || finished.created !== ROWS) throw new Error(`imported ${counted?.n} rows, expected ${ROWS}`);
    const importRate = ROWS / importSeconds;
    const jobTimes = (j: Record<string, unknown>) => {
      const job = j.job as { createdAt: string; startedAt: string; finishedAt: string };
      const at = (v: string) => new Date(v).getTime();
      return `queued ${((at(job.startedAt) - at(job.createdAt)) / 1000).toFixed(2)} s, ran ${((at(job.finishedAt) - at(job.startedAt)) / 1000).toFixed(2)} s`;
    };
    log(`import job: ${jobTimes(finished)}`);
    const importShare = importRate / copyRate;
    const phases = `upload ${(Number(t1 - i0) / 1e9).toFixed(1)} s, validate ${(Number(t2 - t1) / 1e9).toFixed(1)} s, job ${(Number(process.hrtime.bigint() - t2) / 1e9 - 0).toFixed(1)} s`;
    log(
      `import: ${importSeconds.toFixed(2)} s end to end (${phases}), ${importRate.toFixed(0)} rows/s = ${(importShare * 100).toFixed(1)}% of COPY; worker RSS ${Math.round(before.rss / 1024)} MB before, peak ${Math.round(peak / 1024)} MB; load ${importLoad.toFixed(1)}`,
    );

    // export: COPY TO of the same rows and columns, then the API's export job
    await db.query('vacuum analyze contacts');
    // the server process writes it: into its own data directory
    const out = path.join(dir, 'pg', 'copy-out.csv');
    // three rounds, each COPY TO then the API's export, and the median of each: the machine's
    // load moves between two measurements a second apart
    const copyTimes: number[] = [];
    const exportTimes: number[] = [];
    let exported: Record<string, unknown> = {};
    for (let round = 0; round < EXPORT_ROUNDS; round += 1) {
      const e0 = process.hrtime.bigint();
      await db.query(
        `copy (select id, first_name, last_name, email, phone, job_title, custom_fields ->> 'customerNo', custom_fields ->> 'seats', created_at, updated_at
               from contacts where tenant_id = '${target.id}' order by last_name, first_name, id) to '${out}' with (format csv, header true)`,
      );
      copyTimes.push(Number(process.hrtime.bigint() - e0) / 1e9);
      const x0 = process.hrtime.bigint();
      const started = await request('POST', '/api/v1/contacts/export', {
        format: 'csv',
        columns: ['title', 'email', 'phone', 'jobTitle', 'customFields.customerNo', 'customFields.seats', 'createdAt', 'updatedAt'],
      });
      if (started.status !== 201) throw new Error(`export answered ${started.status}: ${JSON.stringify(started.json)}`);
      exported = await waitJob(
        () => request('GET', `/api/v1/core/exports/${String(started.json.id)}`),
        (j) => j.status === 'succeeded',
        10,
      );
      exportTimes.push(Number(process.hrtime.bigint() - x0) / 1e9);
      if (exported.rowCount !== ROWS) throw new Error(`exported ${String(exported.rowCount)} rows`);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
    const copyOutSeconds = median(copyTimes);
    const copyOutRate = ROWS / copyOutSeconds;
    const exportSeconds = median(exportTimes);
    const exportRate = ROWS / exportSeconds;
    log(`export job: ${jobTimes(exported)}`);
    const exportShare = exportRate / copyOutRate;
    const exportLoad = load1();
    log(
      `export: ${exportSeconds.toFixed(2)} s, ${exportRate.toFixed(0)} rows/s; COPY TO ${copyOutSeconds.toFixed(2)} s, ${copyOutRate.toFixed(0)} rows/s → ${(exportShare * 100).toFixed(1)}%; load ${exportLoad.toFixed(1)}`,
    );
    const importOk = importShare >= TARGET.importShare;
    const exportOk = exportShare >= TARGET.exportShare;

    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const section = [
      '<!-- transfer-bench:start -->',
      '## Import and export of contacts (`npm run bench`, issue 14)',
      '',
      `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu}, ${os.cpus().length} cores, Node ${process.version}, embedded PostgreSQL ${pgVersion} (default settings); the server in its own process (\`ATRIUM_ROLE=all\`: API and worker), requests over HTTP from this process. A CSV of ${ROWS.toLocaleString('en')} contacts (${(size / 1e6).toFixed(1)} MB: first and last name with a quoted comma, e-mail, phone, job title and two custom fields) into an empty workspace with the bench's 5 custom fields.`,
      '',
      '| what | API | baseline | API / baseline | load | target |',
      '|---|---|---|---|---|---|',
      `| import, end to end: upload (streamed) → mappings → validate (dry run over the whole file) → job done | ${importSeconds.toFixed(2)} s, ${importRate.toFixed(0)} rows/s (${phases}) | \`COPY\` of the same file into a staging table + one \`INSERT … SELECT\` into contacts (another workspace): ${copySeconds.toFixed(2)} s, ${copyRate.toFixed(0)} rows/s | ${(importShare * 100).toFixed(1)}% | ${importLoad.toFixed(1)} | ≥ ${TARGET.importShare * 100}% of COPY: ${verdict(importOk)} |`,
      `| export of the same rows to CSV (8 columns, as a job), until done (median of 3 rounds) | ${exportSeconds.toFixed(2)} s, ${exportRate.toFixed(0)} rows/s | \`COPY (SELECT …) TO\` a file, same columns and order (median of 3, each round just before the export): ${copyOutSeconds.toFixed(2)} s, ${copyOutRate.toFixed(0)} rows/s | ${(exportShare * 100).toFixed(1)}% | ${exportLoad.toFixed(1)} | ≥ ${TARGET.exportShare * 100}% of COPY TO: ${verdict(exportOk)} |`,
      '',
      `Worker memory while importing: live heap after a full collection (sampled every 2 s with the rows done) ${heapLine} — ${heapFlat ? 'flat' : '**not flat**'} (largest sample ${heapMax.toFixed(0)} MB, ${(heapMax - heapBefore).toFixed(0)} MB above the start); resident set (sampled every 50 ms, includes what V8 keeps between collections) ${Math.round(before.rss / 1024)} MB before the upload, peak ${Math.round(peak / 1024)} MB, ${Math.round(after.rss / 1024)} MB after, for a ${(size / 1e6).toFixed(1)} MB file: the file is streamed (upload to the blob store, then read batch by batch), never held whole.`,
      '',
      'Commands: `npm run bench` runs this after the contacts bench; `npx tsx bench/transfer.ts` in apps/server runs it alone; `BENCH_IMPORT_ROWS` changes the row count.',
      '<!-- transfer-bench:end -->',
    ].join('\n');
    await writeBenchSection('transfer-bench', section, log);
    log(`import/export targets ${importOk && exportOk && heapFlat ? 'met' : 'NOT met'}`);
    await db.end();
  } catch (e) {
    process.exitCode = 1;
    console.error(e);
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child?.once('exit', r));
    }
    await pgServer.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
