// Module-boundary rules of ARCHITECTURE §2 that a general linter cannot express:
// domain ← platform ← modules ← app; a module imports another only through its index.ts; only
// repositories, tables and the platform's db code touch the ORM; modules reach the entity engine and the
// identity module through their doors; web modules never import the app shell; a route never
// imports a repository; no import cycle, type-only imports included; the web platform's folders
// are layered (no cycle between two of them); and the platform and the app shell name no entity
// kind, no kind's own field key and no module's caption (those live in the definition and the
// module folder).
// `checkBoundaries(root)` is what the test feeds forbidden imports to; run directly, it checks
// this repository and exits non-zero on any problem.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const TEST_FILE = /\.test\.tsx?$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (/\.(ts|tsx)$/.test(name)) yield p;
  }
}

// what a line says once comments are gone (a comment may name a kind)
const code = (src) => src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

// The kinds the domain defines and their own field keys, read from the definitions
// (packages/domain/src/modules/**/*.entity.ts): a camelCase key (firstName, expectedValue) is a
// kind's; one-word keys (name, email) and the engine's own (parentId of a hierarchy, isDefault of
// a workflow) are everyone's, as is the platform's timeZone (a profile's, a task schedule's).
const ENGINE_KEYS = new Set(['parentId', 'isDefault', 'ownerId', 'timeZone']);
function definitions(root) {
  const kinds = new Set();
  const keys = new Set();
  const dir = path.join(root, 'packages/domain/src/modules');
  try {
    statSync(dir);
  } catch {
    return { kinds, keys };
  }
  for (const file of files(dir)) {
    if (!file.endsWith('.entity.ts')) continue;
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(/^\s+kind: '([A-Za-z]+)'/gm)) kinds.add(m[1]);
    for (const m of src.matchAll(/^\s+([a-z]+[A-Z][A-Za-z]*): fields\./gm)) if (!ENGINE_KEYS.has(m[1])) keys.add(m[1]);
  }
  return { kinds, keys };
}

// Resolves a relative import to the file it names (.ts, .tsx, or the folder's index).
function resolveFile(fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

// Strongly connected components of a graph (Tarjan): each cycle's members.
function cycles(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const found = [];
  const visit = (v) => {
    meta.set(v, { index, low: index, on: true });
    index += 1;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!meta.has(w)) {
        visit(w);
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
      } else if (meta.get(w).on) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
    if (meta.get(v).low === meta.get(v).index) {
      const members = [];
      let w;
      do {
        w = stack.pop();
        meta.get(w).on = false;
        members.push(w);
      } while (w !== v);
      if (members.length > 1 || (graph.get(v) ?? new Set()).has(v)) found.push(members.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!meta.has(v)) visit(v);
  return found;
}

// The platform's db code besides *.sql.ts: the connection, the tenant entry and the statement
// machinery under it, the table helpers, and the entity engine's query builders (to be renamed
// *.sql.ts when no one has them open).
const PLATFORM_DB_CODE = new Set(
  [
    'database.ts', // connection pool, migrations
    'tenancy.ts', // the tenant transaction: app.tenant_id, the request's session
    'tenant-statements.ts', // statements of the tenant entry, compiled once
    'one-message-read.ts', // the tenant entry's single round trip
    'sql.util.ts', // helpers for repositories (in-lists, LIKE escaping)
    'table-helpers.ts', // column helpers for *.table.ts
    'entity/entity-table.ts', // entityTable / relationTable builders
    'entity/entity-registry.ts', // a registered kind's table, columns and row-visibility SQL
    'entity/entity-sql.ts', // the engine's SQL fragments (columns, titles, references)
    'entity/list-query.ts', // the list request compiled to SQL
    'entity/row-tags.ts', // the tag filter and tag column supplied by the core module
  ].map((f) => `apps/server/src/platform/${f}`),
);

const moduleOf = (p, base) => (p.startsWith(base) ? p.slice(base.length).split('/')[0] : null);
const withoutExtension = (p) => p.replace(/\.(ts|tsx)$/, '');
// a path names a folder's door: the folder itself or its index
const isDoor = (target, folder) => [folder, `${folder}/index`].includes(withoutExtension(target));

export function checkBoundaries(root) {
  const rel = (p) => path.relative(root, p).split(path.sep).join('/');
  const problems = [];

  function check(dir, rule) {
    const abs = path.join(root, dir);
    try {
      statSync(abs);
    } catch {
      return;
    }
    for (const file of files(abs)) {
      const src = readFileSync(file, 'utf8');
      for (const m of src.matchAll(IMPORT)) {
        const spec = m[1] ?? m[2];
        const target = spec.startsWith('.') ? rel(path.resolve(path.dirname(file), spec)) : spec;
        const why = rule(rel(file), target, spec);
        if (why) problems.push(`${rel(file)}: imports '${spec}' — ${why}`);
      }
    }
  }

  check('packages/domain/src', (_f, target, spec) => {
    if (spec.startsWith('.')) return target.startsWith('packages/domain/src') ? null : 'the domain package imports nothing outside itself';
    return spec === 'zod' || spec.startsWith('zod/') ? null : 'the domain package depends on zod only';
  });

  check('apps/server/src/platform', (_f, target) => {
    if (target.startsWith('apps/server/src/modules')) return 'the platform never imports a module';
    if (target.startsWith('apps/server/src/identity')) return 'the platform never imports identity';
    if (target.startsWith('apps/server/src/app')) return 'the platform never imports the app';
    return null;
  });

  // the ORM: repositories, tables and the platform's db code only (tests may build their own
  // fixtures) — docs/patterns.md, "Who touches the ORM"
  check('apps/server/src', (file, _target, spec) => {
    if (spec !== 'drizzle-orm' && !spec.startsWith('drizzle-orm/')) return null;
    if (TEST_FILE.test(file) || /\.(repository|table)\.ts$/.test(file)) return null;
    if (file.startsWith('apps/server/src/platform/') && (file.endsWith('.sql.ts') || PLATFORM_DB_CODE.has(file))) return null;
    return "only *.repository.ts, *.table.ts and the platform's db code (*.sql.ts and the listed files) use the ORM";
  });

  // the entity engine and the identity module have one door each for modules, tables included
  // (a foreign key to the users table takes it from the identity module's index)
  check('apps/server/src/modules', (file, target) => {
    for (const folder of ['apps/server/src/platform/entity', 'apps/server/src/identity']) {
      if (target !== folder && !target.startsWith(`${folder}/`)) continue;
      if (isDoor(target, folder)) return null;
      return `modules reach ${folder.replace('apps/server/src/', '')} only through its index.ts`;
    }
    return null;
  });

  for (const [base, label] of [
    ['apps/server/src/modules/', 'server'],
    ['apps/web/src/modules/', 'web'],
  ]) {
    check(base, (file, target) => {
      const from = moduleOf(file, base);
      const to = moduleOf(target, base);
      if (!to || to === from || to === 'index.ts' || to === 'index') return null;
      const inside = target.slice(base.length + to.length);
      return inside === '' || inside === '/index' || inside === '/index.ts'
        ? null
        : `another module (${label} ${to}) is reached only through its index.ts`;
    });
  }

  check('apps/web/src', (file, target, spec) => {
    if (target.startsWith('apps/server')) return 'the web app never imports the server';
    if (file.startsWith('apps/web/src/platform') && target.startsWith('apps/web/src/modules'))
      return 'the web platform never imports a module';
    if (file.startsWith('apps/web/src/modules') && target.startsWith('apps/web/src/app'))
      return 'web modules never import the app shell (app/ composes them)';
    if (file.startsWith('apps/web/src/platform') && target.startsWith('apps/web/src/app'))
      return 'the web platform never imports the app shell';
    return spec.startsWith('@atrium/server') ? 'the web app never imports the server' : null;
  });

  // a route calls its service; only services reach repositories
  check('apps/server/src', (file, target) =>
    file.endsWith('.routes.ts') && /\.repository(\.ts)?$/.test(target)
      ? 'a route never imports a repository (routes → service → repository)'
      : null,
  );

  // no import cycle among the source files, type-only imports included (the linter's no-cycle
  // does not follow `import type`)
  for (const dir of ['apps/server/src', 'apps/web/src']) {
    const abs = path.join(root, dir);
    try {
      statSync(abs);
    } catch {
      continue;
    }
    const graph = new Map();
    for (const file of files(abs)) {
      if (TEST_FILE.test(file)) continue;
      const edges = new Set();
      for (const m of code(readFileSync(file, 'utf8')).matchAll(IMPORT)) {
        const spec = m[1] ?? m[2];
        if (!spec.startsWith('.')) continue;
        const target = resolveFile(file, spec);
        if (target && !TEST_FILE.test(target)) edges.add(rel(target));
      }
      graph.set(rel(file), edges);
    }
    for (const members of cycles(graph)) problems.push(`${members[0]}: import cycle — ${members.join(' → ')}`);

    // the web platform's folders are layered: no two of them import each other, even through others
    if (dir === 'apps/web/src') {
      const base = 'apps/web/src/platform/';
      const folders = new Map();
      for (const [file, edges] of graph) {
        const from = moduleOf(file, base);
        if (!from || !file.slice(base.length).includes('/')) continue;
        for (const target of edges) {
          const to = moduleOf(target, base);
          if (!to || to === from || !target.slice(base.length).includes('/')) continue;
          if (!folders.has(from)) folders.set(from, new Set());
          folders.get(from).add(to);
        }
      }
      for (const members of cycles(folders))
        problems.push(
          `${base}${members[0]}: web platform folders import each other — ${members.join(' ↔ ')}; one must sit below the other`,
        );
    }
  }

  // the platform and the app shell know no kind: no kind's name, own field key or module caption
  const { kinds, keys } = definitions(root);
  const modules = new Set(
    ['apps/server/src/modules', 'apps/web/src/modules'].flatMap((dir) => {
      try {
        return readdirSync(path.join(root, dir)).filter((n) => statSync(path.join(root, dir, n)).isDirectory());
      } catch {
        return [];
      }
    }),
  );
  for (const dir of ['apps/server/src/platform', 'apps/server/src/app.ts', 'apps/web/src/platform', 'apps/web/src/app']) {
    const abs = path.join(root, dir);
    let list;
    try {
      list = statSync(abs).isDirectory() ? [...files(abs)] : [abs];
    } catch {
      continue;
    }
    for (const file of list) {
      if (TEST_FILE.test(file)) continue;
      const src = code(readFileSync(file, 'utf8'));
      for (const m of src.matchAll(/['"`]([A-Za-z][\w.]*)['"`]|\b([a-z]+[A-Z][A-Za-z]*)\s*:/g)) {
        const word = m[1] ?? m[2];
        if (m[1] !== undefined && kinds.has(word))
          problems.push(`${rel(file)}: names the kind '${word}' — a kind's facts live in its definition`);
        else if (keys.has(word))
          problems.push(`${rel(file)}: names '${word}', a field of a kind — it belongs on the field in the definition`);
        else if (m[1] !== undefined && modules.has(word.split('.')[0]) && word.includes('.'))
          problems.push(
            `${rel(file)}: names the caption '${word}' of the ${word.split('.')[0]} module — a module's texts live in the module`,
          );
      }
    }
  }

  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkBoundaries(root);
  if (problems.length) {
    console.error(`Module boundaries: ${problems.length} problem(s)\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log('Module boundaries: ok');
}
