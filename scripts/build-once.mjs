// Builds the app unless the built app is already from these very sources (`npm start`,
// `npm run demo`, `npm run test:e2e`): a second `npm start` on unchanged sources starts at once,
// and CI's deployment check does not build again what its browser suite just built. The sources
// are fingerprinted by content (every file of the three packages but their builds and
// dependencies, and the root's manifests); `npm run build` always builds.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['packages/domain', 'apps/server', 'apps/web'];
const ROOT_FILES = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', '.cache', '.turbo']);
const STAMPS = ['apps/web/dist/.sources', 'apps/server/dist/.sources'];
const OUTPUTS = ['apps/web/dist/index.html', 'apps/server/dist/main.js'];

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

function fingerprint() {
  const hash = createHash('sha256');
  hash.update(process.version.split('.')[0]);
  const all = [...ROOT_FILES.map((f) => path.join(root, f)), ...SOURCES.flatMap((dir) => [...files(path.join(root, dir))])];
  for (const file of all) {
    if (!existsSync(file)) continue;
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const read = (file) => (existsSync(file) ? readFileSync(file, 'utf8').trim() : '');
const sources = fingerprint();
const built =
  process.env.ATRIUM_FORCE_BUILD !== '1' &&
  OUTPUTS.every((f) => existsSync(path.join(root, f))) &&
  STAMPS.every((f) => read(path.join(root, f)) === sources);

if (built) {
  console.log('build: the built app is from these sources (ATRIUM_FORCE_BUILD=1 builds anyway)');
} else {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  for (const stamp of STAMPS) writeFileSync(path.join(root, stamp), `${sources}\n`);
}
