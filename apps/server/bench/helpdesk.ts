import os from 'node:os';
import type pg from 'pg';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { benchRun, must } from './api-process';
import { timed, type Latency } from './measure';
import { writeBenchSection } from './report';
import { seedTenant } from './seed';
import { explainListStatements } from './raw-list';
import {
  contactEntity,
  entityListQuerySchema,
  helpdeskEntity,
  projectEntity,
  projectTemplateEntity,
  taskEntity,
  requestEntity,
  topicEntity,
  type EntityKind,
  type EntityListQueryInput,
} from '@atrium/domain';
import type { TenantContext } from '../src/platform/context';
import { bindEntity, type RegisteredEntity } from '../src/platform/entity/entity-registry';
import { compileListQuery } from '../src/platform/entity/list-query';
import { helpdesks, requests, topics } from '../src/modules/helpdesk/helpdesk.table';
import { contacts } from '../src/modules/crm/contacts.table';
import {
  projectContacts,
  projectOpportunities,
  projectOrganizations,
  projects,
  projectTemplates,
  tasks,
} from '../src/modules/projects/projects.table';

// npm run bench, part 6 (issue 23, decision 094): the helpdesk. The knowledge base's full-text
// search over 50,000 published articles in four languages (the app's call and the public
// portal's), and the request list's first page over 100,000 requests (sorted as the app sorts
// it, and one stage's). One embedded PostgreSQL in a temporary directory; writes the helpdesk
// section of docs/benchmarks.md.
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 50_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;
const TARGET = { searchP95: 50, listP95: 25 };

const log = (line: string) => process.stdout.write(`${line}\n`);
const ms = (v: number) => `${v.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');

// Words of a support knowledge base in four languages; the first of each list are the common
// ones (picked far more often, like real text), the last ones rare.
const WORDS: Record<string, string[]> = {
  en: `account password reset login email invoice payment order delivery shipping refund return printer network connection
    settings profile security update install download browser mobile app notification calendar export import report dashboard
    subscription license upgrade billing address warehouse scanner barcode firmware battery bluetooth keyboard monitor cable
    router firewall certificate backup restore migration integration webhook token permission administrator workspace archive
    troubleshooting synchronisation encryption authenticator`.split(/\s+/),
  de: `Konto Passwort zurücksetzen Anmeldung Rechnung Zahlung Bestellung Lieferung Versand Erstattung Rücksendung Drucker
    Netzwerk Verbindung Einstellungen Profil Sicherheit Aktualisierung Installation Herunterladen Benachrichtigung Kalender
    Bericht Abonnement Lizenz Abrechnung Adresse Lager Tastatur Bildschirm Kabel Zertifikat Sicherung Wiederherstellung
    Berechtigung Arbeitsbereich Fehlerbehebung Verschlüsselung Zweifaktor Lieferschein Mahnung`.split(/\s+/),
  fr: `compte mot passe réinitialiser connexion facture paiement commande livraison expédition remboursement retour
    imprimante réseau paramètres profil sécurité mise jour installation télécharger navigateur notification calendrier
    rapport abonnement licence facturation adresse entrepôt clavier écran câble certificat sauvegarde restauration
    autorisation administrateur dépannage chiffrement`.split(/\s+/),
  es: `cuenta contraseña restablecer inicio sesión factura pago pedido entrega envío reembolso devolución impresora red
    conexión configuración perfil seguridad actualización instalación descargar navegador notificación calendario informe
    suscripción licencia facturación dirección almacén teclado pantalla cable certificado copia restauración permiso
    administrador solución cifrado`.split(/\s+/),
};
const FILLER: Record<string, string[]> = {
  en: 'the a to and of in your you can if is for with this on when not it be after before then'.split(' '),
  de: 'der die das und zu in Sie Ihr mit für wenn nicht ist auf nach vor dann ein eine'.split(' '),
  fr: 'le la les et de à vous votre avec pour si ne pas est sur après avant puis un une'.split(' '),
  es: 'el la los y de a su usted con para si no es en después antes luego un una'.split(' '),
};
const LANGUAGES = ['en', 'en', 'en', 'en', 'de', 'de', 'fr', 'fr', 'es', 'es'] as const;

// a small deterministic generator, so that every run searches the same texts
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Each language's vocabulary beyond its support words: 3,000 made-up words of its syllables,
// picked by a Zipf-like law, so that texts vary like real ones and most words are rare.
const SYLLABLES: Record<string, string[]> = {
  en: 'ad al an ar be con de di en er ex in is lo ma mo ne on or pa per pre ra re ro se sta ter ti tion un ver'.split(' '),
  de: 'an be ber ch de der ein er ge hal keit lung me mit na ne rei sch sel stein ta te ter ung ver vor wei zu'.split(' '),
  fr: 'ai au ba ce de é en eur la le ment mi ne oi on pa que ra re sé si té teur tion tre un va ve vi'.split(' '),
  es: 'a ba ca ción da de do el en es ga la lo ma men mi na ne pa que ra re ri sa ta te to un ve za'.split(' '),
};
const VOCABULARY: Record<string, string[]> = Object.fromEntries(
  Object.entries(SYLLABLES).map(([language, syllables]) => {
    const random = rng(language.charCodeAt(0) * 31 + language.charCodeAt(1));
    const words = new Set<string>();
    while (words.size < 3000) {
      const n = 2 + Math.floor(random() * 3);
      words.add(Array.from({ length: n }, () => syllables[Math.floor(random() * syllables.length)]!).join(''));
    }
    return [language, [...words]];
  }),
);

function article(i: number, random: () => number): { title: string; content: string; language: string } {
  const language = LANGUAGES[i % LANGUAGES.length]!;
  const words = WORDS[language]!;
  const filler = FILLER[language]!;
  const vocabulary = VOCABULARY[language]!;
  // the article's subject: a few support words, the first ones of the list more often
  const subject = Array.from({ length: 3 + Math.floor(random() * 4) }, () => words[Math.floor(words.length * random() ** 1.3)]!);
  const zipf = () => vocabulary[Math.min(vocabulary.length - 1, Math.floor(Math.exp(random() * Math.log(vocabulary.length + 1)) - 1))]!;
  const sentence = () => {
    const n = 6 + Math.floor(random() * 10);
    const out: string[] = [];
    for (let k = 0; k < n; k++) {
      const r = random();
      out.push(
        r < 0.45 ? filler[Math.floor(random() * filler.length)]! : r < 0.65 ? subject[Math.floor(random() * subject.length)]! : zipf(),
      );
    }
    const s = out.join(' ');
    return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
  };
  const title = `${subject[0]} ${subject[1]} ${subject[2]} ${i}`;
  const paragraphs: string[] = [];
  const np = 2 + Math.floor(random() * 4);
  for (let p = 0; p < np; p++) paragraphs.push(`<p>${Array.from({ length: 2 + Math.floor(random() * 4) }, sentence).join(' ')}</p>`);
  return { title: title.charAt(0).toUpperCase() + title.slice(1), content: paragraphs.join('\n'), language };
}

async function seedArticles(db: pg.Client, tenantId: string, helpdeskId: string): Promise<void> {
  const random = rng(23);
  const batch = 2000;
  for (let from = 0; from < ARTICLES; from += batch) {
    const rows = Array.from({ length: Math.min(batch, ARTICLES - from) }, (_, k) => article(from + k, random));
    await db.query(
      `insert into articles (tenant_id, helpdesk_id, title, slug, language, visibility, status, published_at, content)
       select $1, $2, t.title, 'article-' || (t.n + $6), t.language, 'Public', 'Published', now() - (t.n || ' minutes')::interval, t.content
       from unnest($3::text[], $4::text[], $5::text[]) with ordinality t(title, content, language, n)`,
      [tenantId, helpdeskId, rows.map((r) => r.title), rows.map((r) => r.content), rows.map((r) => r.language), from],
    );
  }
}

// The searches a reader types: a common word, a rarer one, two words, a phrase, an exclusion,
// in each language.
const QUERIES = [
  'password',
  'reset password',
  'firmware battery',
  '"printer network"',
  'invoice -refund',
  'Rechnung',
  'Passwort zurücksetzen',
  'Zertifikat',
  'facture',
  'mot de passe',
  'contraseña',
  'impresora red',
];

async function main() {
  await benchRun('helpdesk', async ({ db, pgVersion, started, api: startApi }) => {
    const tenant = await seedTenant(db, 'Bench Helpdesk', 0);
    // the portal's calls are public and rate-limited per address; the bench is one address
    process.env.RATE_LIMIT_PUBLIC = '1000000';
    const api = await startApi(tenant);
    const t0 = Date.now();
    // a workspace made by SQL has no request workflow yet (one made through the API does)
    await must(api, 'POST', '/api/v1/core/workflows', { entity: 'Request', name: 'Requests', isDefault: true }, 201);
    const helpdesk = await must(
      api,
      'POST',
      '/api/v1/helpdesks',
      { name: 'Support', code: 'HELP', portalSlug: 'support', portalEnabled: true },
      201,
    );
    const helpdeskId = String(helpdesk.id);
    const first = await must(
      api,
      'POST',
      '/api/v1/requests',
      { subject: 'First request', helpdeskId, requesterEmail: 'first@example.com' },
      201,
    );
    const stages = (
      await db.query<{ id: string }>(
        `select s.id from workflow_stages s join requests r on r.tenant_id = s.tenant_id and r.id = $2
         join workflow_stages f on f.tenant_id = r.tenant_id and f.id = r.workflow_stage_id
         where s.tenant_id = $1 and s.workflow_id = f.workflow_id order by s.sort_order`,
        [tenant.id, String(first.id)],
      )
    ).rows.map((r) => r.id);
    if (stages.length < 2) throw new Error(`the request workflow has ${stages.length} stages`);
    const workspace = (await db.query<{ slug: string }>(`select slug from tenants where id = $1`, [tenant.id])).rows[0]?.slug ?? '';

    await seedArticles(db, tenant.id, helpdeskId);
    const articleSeconds = (Date.now() - t0) / 1000;
    log(`seeded ${ARTICLES.toLocaleString('en')} articles in ${articleSeconds.toFixed(1)} s`);

    // requests: a requester contact each of 2,000, the stages round-robin, the newer ones more
    // often open, priorities, a topic-less helpdesk's numbering (HELP-2 …)
    const t1 = Date.now();
    await db.query(
      `insert into contacts (tenant_id, first_name, last_name, email)
       select $1, 'Requester', 'No. ' || n, 'requester' || n || '@example.com' from generate_series(1, 2000) n`,
      [tenant.id],
    );
    const contactIds = (await db.query<{ id: string }>(`select id from contacts where tenant_id = $1`, [tenant.id])).rows.map((r) => r.id);
    await db.query(
      `insert into requests (tenant_id, number, subject, helpdesk_id, requester_id, requester_email, priority, channel,
         description, workflow_stage_id, board_rank, created_at, updated_at)
       select $1, 'HELP-' || (n + 1), 'Request ' || n || ': ' || (array['cannot sign in', 'invoice missing', 'printer offline',
           'Rechnung fehlt', 'mot de passe oublié', 'pedido retrasado'])[1 + n % 6],
         $2, ($3::uuid[])[1 + n % array_length($3::uuid[], 1)], 'requester' || (1 + n % 2000) || '@example.com',
         (array['Low', 'Normal', 'High', 'Urgent'])[1 + n % 4], (array['Email', 'Portal', 'Agent'])[1 + n % 3],
         'Reported by mail.', ($4::uuid[])[1 + n % array_length($4::uuid[], 1)], n, now() - (n || ' minutes')::interval,
         now() - (n || ' minutes')::interval
       from generate_series(1, $5) n`,
      [tenant.id, helpdeskId, contactIds, stages, REQUESTS],
    );
    await db.query('vacuum analyze');
    const requestSeconds = (Date.now() - t1) / 1000;
    log(`seeded ${REQUESTS.toLocaleString('en')} requests in ${requestSeconds.toFixed(1)} s`);
    const sizes = (
      await db.query<{ a: string; r: string }>(
        `select pg_size_pretty(pg_total_relation_size('articles')) as a, pg_size_pretty(pg_total_relation_size('requests')) as r`,
      )
    ).rows[0];

    const call =
      (method: string, to: string, body: unknown, expect = 200) =>
      async (i: number) => {
        const b = typeof body === 'function' ? (body as (i: number) => unknown)(i) : body;
        const res = await api!.request(method, to, b);
        if (res.status !== expect) throw new Error(`${to} answered ${res.status}: ${res.text}`);
      };
    const query = (i: number) => QUERIES[Math.abs(i) % QUERIES.length]!;
    const hits: Record<string, number> = {};
    for (const q of QUERIES) {
      const res = await api.request('POST', '/api/v1/articles/search', { q });
      hits[q] = (JSON.parse(res.text) as { data: unknown[] }).data.length;
      const n = await db.query<{ n: number }>(
        `select count(*)::int as n from articles where search_vector @@ websearch_to_tsquery(
        (case language when 'de' then 'german' when 'fr' then 'french' when 'es' then 'spanish' else 'english' end)::regconfig, $1)`,
        [q],
      );
      log(`  "${q}": ${n.rows[0]?.n ?? 0} matching articles, ${hits[q]} answered`);
    }
    if (process.env.BENCH_EXPLAIN) await explainSearch(db, tenant.id);
    const appSearch = await timed(
      WARMUP,
      RUNS,
      call('POST', '/api/v1/articles/search', (i: number) => ({ q: query(i) })),
    );
    log(`app search: p50 ${ms(appSearch.p50)} p95 ${ms(appSearch.p95)}; load ${appSearch.load.toFixed(1)}`);
    const portalSearch = await timed(
      WARMUP,
      RUNS,
      call('POST', `/api/v1/public/portal/${workspace}/support/search`, (i: number) => ({ q: query(i) })),
    );
    log(`portal search: p50 ${ms(portalSearch.p50)} p95 ${ms(portalSearch.p95)}; load ${portalSearch.load.toFixed(1)}`);

    const page: EntityListQueryInput = { page: 1, pageSize: 25, sort: [{ field: 'createdAt', order: 'desc' }] };
    const listPage = await timed(WARMUP, RUNS, call('POST', '/api/v1/requests/list', page));
    log(`request list, first page: p50 ${ms(listPage.p50)} p95 ${ms(listPage.p95)}; load ${listPage.load.toFixed(1)}`);
    const stagePage: EntityListQueryInput = { ...page, filters: [{ field: 'workflowStage', op: 'eq', value: stages[1] }] };
    if (process.env.BENCH_EXPLAIN) {
      await explainList(db, tenant.id, page);
      await explainList(db, tenant.id, stagePage);
    }
    const listStage = await timed(WARMUP, RUNS, call('POST', '/api/v1/requests/list', stagePage));
    log(`request list, one stage: p50 ${ms(listStage.p50)} p95 ${ms(listStage.p95)}; load ${listStage.load.toFixed(1)}`);

    const rows: { call: string; lat: Latency; target: number }[] = [
      {
        call: `\`POST /api/v1/articles/search\` — the app's search, ${QUERIES.length} queries in turn`,
        lat: appSearch,
        target: TARGET.searchP95,
      },
      {
        call: `\`POST /api/v1/public/portal/{workspace}/{helpdesk}/search\` — the portal's, signed out`,
        lat: portalSearch,
        target: TARGET.searchP95,
      },
      { call: `\`POST /api/v1/requests/list\` — first page, newest first`, lat: listPage, target: TARGET.listP95 },
      { call: `\`POST /api/v1/requests/list\` — one stage's first page, newest first`, lat: listStage, target: TARGET.listP95 },
    ];
    const okOf = (r: (typeof rows)[number]) => (r.target === TARGET.searchP95 ? r.lat.p95 < r.target : r.lat.p95 <= r.target);
    const pass = rows.every(okOf);
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const section = [
      '<!-- helpdesk-bench:start -->',
      '## Helpdesk (`npm run bench`, issue 23)',
      '',
      `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 1e9)} GB RAM; Node ${process.version}; embedded PostgreSQL ${pgVersion} (default settings); the API in its own process (\`bench/server.ts\`), requests from this process over HTTP/1.1 keep-alive, one at a time. The load column is the 1-minute load average when the measurement ended (the machine is shared).`,
      '',
      `Data: one helpdesk with its portal on, made through the API; ${ARTICLES.toLocaleString('en')} published public articles by SQL, generated from word lists (English 40 %, German, French and Spanish 20 % each; each article's subject 3–6 of 40–60 support words of its language, the first of the list more often; its text stop words, the subject's words and 3,000 made-up words of the language's syllables picked by a Zipf-like law; titles of 3 subject words and a number, 2–5 HTML paragraphs of 2–5 sentences) in ${articleSeconds.toFixed(0)} s; ${REQUESTS.toLocaleString('en')} requests from 2,000 requester contacts, the workflow's ${stages.length} stages round-robin, one a minute, in ${requestSeconds.toFixed(0)} s; \`VACUUM ANALYZE\`. Articles ${sizes?.a ?? '?'}, requests ${sizes?.r ?? '?'} with indexes. Searches (${QUERIES.map((q) => `\`${q}\``).join(', ')}) take turns; matches per query from ${Math.min(...Object.values(hits))} to ${Math.max(...Object.values(hits))} answered (the call's 20 at most). ${WARMUP} warm-ups, then ${RUNS} runs each.`,
      '',
      '| call | p50 | p95 | load | target |',
      '|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.call} | ${ms(r.lat.p50)} | ${ms(r.lat.p95)} | ${r.lat.load.toFixed(1)} | p95 ${r.target === TARGET.searchP95 ? '<' : '≤'} ${r.target} ms: ${verdict(okOf(r))} |`,
      ),
      '',
      "Before the fixes of round four (the same bench, smaller runs on the same machine): the search took p50 29.8 ms, p95 33.3 ms over 20,000 articles — under row-level security `tsvector @@ tsquery` was no index condition (it is not leakproof), so every article of the workspace was read and the query parsed again for each (plan: 32 ms, a seq scan); migration 0061 marks it leakproof as 0005 did LIKE, and the search parses the query once per language and looks it up in the GIN index first (plan: 9 ms; p50 7.0 ms, p95 13.0 ms). The request list took p50 155 ms (first page) and 64 ms (a stage) over 40,000 requests: the list sorts `created_at desc nulls last, id`, which the engine's ascending sort index cannot serve, so every request was sorted; and its totals read the table (22–29 ms over 100,000). Migration 0062 adds that order's index, the live requests by stage (index-only stage totals, a stage's page walks its own entries) and a small live index (index-only total): over 100,000, first page p50 19.1 ms with the order's index alone, 7.2 ms with all three; a stage 42.1 ms → 7.8 ms.",
      '',
      `Targets ${pass ? 'all met' : '**not all met**'} in this run (${((Date.now() - started) / 1000).toFixed(0)} s in all). Command: \`npm run bench\` (root), or \`npx tsx bench/helpdesk.ts\` in apps/server; \`BENCH_ARTICLES\`, \`BENCH_REQUESTS\`, \`BENCH_RUNS\` change the sizes, \`BENCH_EXPLAIN=1\` prints the plans of the search and of the request list's statements.`,
      '<!-- helpdesk-bench:end -->',
    ].join('\n');
    await writeBenchSection('helpdesk-bench', section, log);
    log(`targets ${pass ? 'met' : 'NOT met'}`);
    await db.end();
  });
}

// BENCH_EXPLAIN=1: the plans of the statements the engine builds for a request list call
// (rendered by the engine's own code, run as the API's role with the workspace's rows).
async function explainList(db: pg.Client, tenantId: string, body: EntityListQueryInput): Promise<void> {
  const registry = new Map<EntityKind, RegisteredEntity>();
  registry.set('Helpdesk', bindEntity(helpdeskEntity, helpdesks, registry));
  registry.set('Topic', bindEntity(topicEntity, topics, registry));
  registry.set('Contact', bindEntity(contactEntity, contacts, registry));
  registry.set('ProjectTemplate', bindEntity(projectTemplateEntity, projectTemplates, registry));
  registry.set(
    'Project',
    bindEntity(projectEntity, projects, registry, {
      relations: { contacts: projectContacts, organizations: projectOrganizations, opportunities: projectOpportunities },
    }),
  );
  registry.set('Task', bindEntity(taskEntity, tasks, registry));
  const ent = bindEntity(requestEntity, requests, registry);
  registry.set('Request', ent);
  const ctx = { tenantId, permissions: new Set() } as unknown as TenantContext;
  const compiled = compileListQuery(ctx, ent, [], { viewRestricted: true, manageRestricted: true }, entityListQuerySchema.parse(body));
  await explainListStatements(db, tenantId, ent, compiled, log, 'request list');
}

// BENCH_EXPLAIN=1: the plan of the search statement for a common word, as the API runs it (its
// role, the tenant set, row-level security on).
async function explainSearch(db: pg.Client, tenantId: string): Promise<void> {
  const { searchArticles } = await import('../src/modules/helpdesk/helpdesk.repository');
  const dialect = new PgDialect();
  const wrapped = {
    execute: async (q: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(q);
      await db.query('begin');
      await db.query('set local role atrium_app');
      await db.query(`select set_config('app.tenant_id', $1, true)`, [tenantId]);
      const plan = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, params);
      await db.query('rollback');
      log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      return { rows: [] };
    },
  };
  await searchArticles({ tenantId, db: wrapped } as never, 'facture', { status: 'Published', visibilities: ['Public'], limit: 20 });
}

await main();
