// Module-boundary rules of ARCHITECTURE §2 that a general linter cannot express:
// domain ← platform ← modules ← app; a module imports another only through its index.ts; only
// repositories, tables and the platform touch the ORM; modules reach the entity engine and the
// identity module through their doors; web modules never import the app shell.
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

  // the ORM: repositories, tables and the platform only (tests may build their own fixtures)
  check('apps/server/src', (file, _target, spec) => {
    if (spec !== 'drizzle-orm' && !spec.startsWith('drizzle-orm/')) return null;
    if (file.startsWith('apps/server/src/platform/') || TEST_FILE.test(file)) return null;
    if (/\.(repository|table)\.ts$/.test(file)) return null;
    return 'only *.repository.ts, *.table.ts and the platform use the ORM';
  });

  // the entity engine and the identity module have one door each for modules; a table may
  // reference another table directly (foreign keys)
  check('apps/server/src/modules', (file, target) => {
    const tableToTable = file.endsWith('.table.ts') && target.endsWith('.table');
    for (const folder of ['apps/server/src/platform/entity', 'apps/server/src/identity']) {
      if (target !== folder && !target.startsWith(`${folder}/`)) continue;
      if (isDoor(target, folder) || tableToTable) return null;
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
