import { fork } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../src/platform/free-port';
import { MAIL_POOL, pooledSmtpUrl } from '../src/platform/mail/mailer';
import { benchRun, must, stopApi } from './api-process';
import { load1 } from './measure';
import { writeBenchSection } from './report';
import { seedTenant } from './seed';

// npm run bench, part 6 (issue 24, decision 095): a campaign to 100,000 recipients into a local
// SMTP sink, against raw nodemailer sending as many messages of the same size to the same sink
// in the same run. The API runs in its own process with SMTP_URL at the sink (the outbox is not
// captured: every mail goes over SMTP); raw nodemailer runs in its own process too (this file,
// forked), with the pooled transport and the number of connections the server's mailer uses.
// Both are timed the same way: from the start (the campaign's `PUT …/send`, the raw sender's
// first message) until the sink has accepted every message. Writes the campaign sending section
// of docs/benchmarks.md.
const RECIPIENTS = Number(process.env.BENCH_SEND_RECIPIENTS ?? 100_000);

const log = (line: string) => process.stdout.write(`${line}\n`);

// The raw sender: a child process that sends `count` messages of `size` characters of text
// through one transport pooled as the server mailer's is, at most `connections` in flight.
async function rawSender() {
  const { url, count, size, connections } = JSON.parse(process.env.BENCH_RAW_SENDER ?? '{}') as {
    url: string;
    count: number;
    size: number;
    connections: number;
  };
  const transport = nodemailer.createTransport(pooledSmtpUrl(url));
  const line = 'Hello there, this is the spring campaign of the bench with a tracked link to follow.\n';
  const text = line.repeat(Math.max(1, Math.ceil(size / line.length))).slice(0, size);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await transport.sendMail({
        from: 'Atrium <no-reply@atrium.local>',
        to: `contact${i}@raw.bench.example`,
        subject: `Spring news for contact ${i}`,
        text,
        messageId: `<raw.${i}@atrium.local>`,
      });
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  transport.close();
  process.send?.('done');
}

// The sink: accepts every message and discards it, counting; the first message is kept to know
// the size the server writes.
async function startSink() {
  const port = await freePort();
  const state = { count: 0, bytes: 0, first: '' };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      const keep = !state.first;
      stream.on('data', (c: Buffer) => {
        state.bytes += c.length;
        if (keep) chunks.push(c);
      });
      stream.on('end', () => {
        state.count += 1;
        if (keep) state.first = Buffer.concat(chunks).toString('utf8');
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Sink = Awaited<ReturnType<typeof startSink>>;

// Until the sink has `target` messages (or nothing arrives for 120 s): the seconds taken.
async function until(sink: Sink, target: number, t0: bigint): Promise<number> {
  let last = sink.state.count;
  let quiet = Date.now();
  let shown = Date.now();
  while (sink.state.count < target) {
    await new Promise((r) => setTimeout(r, 20));
    if (Date.now() - shown > 10_000) {
      shown = Date.now();
      log(
        `  … ${sink.state.count - (target - RECIPIENTS)} of ${RECIPIENTS} after ${(Number(process.hrtime.bigint() - t0) / 1e9).toFixed(0)} s`,
      );
    }
    if (sink.state.count !== last) {
      last = sink.state.count;
      quiet = Date.now();
    } else if (Date.now() - quiet > 120_000) throw new Error(`the sink stopped at ${last} of ${target} messages`);
  }
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

async function main() {
  const sink = await startSink();
  const keepLog = async (dir: string) => {
    await sink.close();
    // BENCH_KEEP_LOG: the API server's log is kept there (where the time went)
    if (process.env.BENCH_KEEP_LOG) copyFileSync(path.join(dir, 'server.log'), process.env.BENCH_KEEP_LOG);
  };
  await benchRun(
    'send',
    async ({ db, pgVersion, started, api: startApi }) => {
      log(`seeding ${RECIPIENTS} contacts…`);
      const tenant = await seedTenant(db, 'Bench Campaign Send', RECIPIENTS);
      await db.query('vacuum analyze');
      process.env.SMTP_URL = sink.url;
      const server = await startApi(tenant);
      // throttles off the figure: the hourly limit at its maximum (100,000), no daily cap
      await must(server, 'PUT', '/api/v1/campaigns/settings', { hourlyLimit: 100_000, dailyLimit: null });
      const segment = await must(
        server,
        'POST',
        '/api/v1/segments',
        { name: 'Everyone', query: { filters: [{ field: 'email', op: 'contains', value: '@' }] } },
        201,
      );
      const template = await must(
        server,
        'POST',
        '/api/v1/core/email-templates',
        {
          entityKind: 'Contact',
          name: 'Spring',
          subject: 'Spring news for {{firstName}}',
          body: 'Hello {{firstName}} {{lastName}},\n\nour spring offers are here: see https://example.com/spring?x=1 for the details.\n\nKind regards, the bench team',
        },
        201,
      );
      const campaign = await must(
        server,
        'POST',
        '/api/v1/campaigns',
        { name: 'Spring', segmentIds: [segment.id], emailTemplateId: template.id, senderName: 'Bench', senderEmail: 'bench@example.com' },
        201,
      );
      const load0 = load1();
      log(`sending the campaign to ${RECIPIENTS} recipients…`);
      const t0 = process.hrtime.bigint();
      await must(server, 'PUT', `/api/v1/campaigns/${String(campaign.id)}/send`, {});
      const apiSeconds = await until(sink, RECIPIENTS, t0);
      const apiLoad = Math.max(load0, load1());
      const apiRate = RECIPIENTS / apiSeconds;
      const size = Buffer.byteLength(sink.state.first);
      const [dupes] = (
        await db.query<{ n: number; sent: number }>(
          `select count(*) filter (where state = 'sent')::int as sent, (select count(*)::int from mail_outbox where status <> 'sent') as n
         from campaign_recipients where tenant_id = $1`,
          [tenant.id],
        )
      ).rows;
      log(
        `campaign: ${RECIPIENTS} mails in ${apiSeconds.toFixed(1)} s = ${apiRate.toFixed(0)}/s (message ${size} bytes; recipients sent ${dupes?.sent}, outbox not sent ${dupes?.n}); load ${apiLoad.toFixed(1)}`,
      );
      await stopApi(server);

      // raw nodemailer: the same sink, the same size, the server mailer's connections
      const before = sink.state.count;
      const load1Raw = load1();
      const t1 = process.hrtime.bigint();
      const child = fork(fileURLToPath(import.meta.url), [], {
        execArgv: ['--import', 'tsx'],
        env: {
          ...process.env,
          BENCH_RAW_SENDER: JSON.stringify({
            url: sink.url,
            count: RECIPIENTS,
            size: Math.max(1, size - 600),
            connections: MAIL_POOL.connections,
          }),
        },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const rawSeconds = await until(sink, before + RECIPIENTS, t1);
      await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(undefined)));
      const rawLoad = Math.max(load1Raw, load1());
      const rawRate = RECIPIENTS / rawSeconds;
      const rawSize = Math.round(sink.state.bytes / sink.state.count);
      const ratio = apiRate / rawRate;
      log(
        `raw nodemailer: ${RECIPIENTS} in ${rawSeconds.toFixed(1)} s = ${rawRate.toFixed(0)}/s; ratio ${(ratio * 100).toFixed(0)}%; load ${rawLoad.toFixed(1)}`,
      );

      const runSeconds = (Date.now() - started) / 1000;
      const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
      const n = RECIPIENTS.toLocaleString('en');
      const ok = ratio >= 0.5;
      const section = [
        '<!-- campaign-send-bench:start -->',
        '## Campaign sending (`npm run bench`, issue 24)',
        '',
        `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 1e9)} GB RAM; Node ${process.version}; embedded PostgreSQL ${pgVersion} (default settings); the API server in its own process (\`bench/server.ts\`) with \`SMTP_URL\` at a local SMTP sink (\`smtp-server\` in the bench process: accepts, counts, discards); raw nodemailer in a process of its own. The load is the 1-minute load average (the higher of start and end); the machine is shared, compare within a run.`,
        '',
        `Data: one workspace with ${n} contacts (the contacts bench's seed), one dynamic segment of all of them, one template with two merge fields and a link (rewritten to a tracked one), the workspace's hourly limit at its maximum of 100,000 and no daily cap, so that the throttle does not decide the figure. Timed from \`PUT /api/v1/campaigns/{id}/send\` (which freezes the recipients) until the sink has accepted all ${n} messages: the send job's batches (claim, decide, render, outbox insert in one transaction) and the mailer's outbox delivery. Raw nodemailer: one pooled SMTP transport with the server mailer's ${MAIL_POOL.connections} connections, ${MAIL_POOL.connections} messages in flight, plain-text messages of about the same size, timed from its first message to the sink's last.`,
        '',
        '| run | messages | seconds | messages/s | bytes per message | load |',
        '|---|---|---|---|---|---|',
        `| campaign through the API (send job, outbox, mailer) | ${n} | ${apiSeconds.toFixed(1)} | ${apiRate.toFixed(0)} | ${size} | ${apiLoad.toFixed(1)} |`,
        `| raw nodemailer to the same sink | ${n} | ${rawSeconds.toFixed(1)} | ${rawRate.toFixed(0)} | ≈ ${rawSize} on average over both runs | ${rawLoad.toFixed(1)} |`,
        '',
        `**Campaign throughput ${(ratio * 100).toFixed(0)}% of raw nodemailer** (goal ≥ 50%: ${ok ? 'met' : '**not met**'}). Every recipient sent once: ${dupes?.sent ?? 0} recipients marked sent, ${dupes?.n ?? 0} outbox messages left unsent. ${runSeconds.toFixed(0)} s in all. Command: \`npm run bench\` (root), or \`npx tsx bench/campaign-send.ts\` in apps/server; \`BENCH_SEND_RECIPIENTS\` changes the number of recipients.`,
        '<!-- campaign-send-bench:end -->',
      ].join('\n');
      await writeBenchSection('campaign-send-bench', section, log);
      await db.end();
    },
    keepLog,
  );
}

if (process.env.BENCH_RAW_SENDER) await rawSender();
else await main();
