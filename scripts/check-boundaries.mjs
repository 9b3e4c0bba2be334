// Module-boundary rules of ARCHITECTURE §2 that a general linter cannot express:
// domain ← platform ← modules ← app; a module imports another only through its index.ts.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (/\.(ts|tsx)$/.test(name)) yield p;
  }
}

const rel = (p) => path.relative(ROOT, p).split(path.sep).join('/');
const problems = [];

function check(dir, rule) {
  const abs = path.join(ROOT, dir);
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

const moduleOf = (p, base) => (p.startsWith(base) ? p.slice(base.length).split('/')[0] : null);
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
  return spec.startsWith('@atrium/server') ? 'the web app never imports the server' : null;
});

if (problems.length) {
  console.error(`Module boundaries: ${problems.length} problem(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('Module boundaries: ok');
