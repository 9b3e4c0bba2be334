// Bundles the server into dist/main.js; npm dependencies stay external, the workspace
// package @atrium/domain (TypeScript source) is bundled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@atrium/'));

await build({
  entryPoints: ['src/main.ts', 'src/db/migrate-cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/main.js');
