import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

// The first load budget (issue 3): JavaScript the browser fetches before any lazy route,
// i.e. the entry chunk plus its static imports. Printed at the end of every build.
export const INITIAL_JS_BUDGET_BYTES = 250 * 1024;

type ChunkInfo = { code: string; imports: string[]; isEntry: boolean; modules: Record<string, { renderedLength: number }> };

export function buildSizePlugin(): Plugin {
  return {
    name: 'atrium-build-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      for (const [fileName, item] of Object.entries(bundle)) {
        if (item.type === 'chunk')
          chunks.set(fileName, { code: item.code, imports: item.imports, isEntry: item.isEntry, modules: item.modules });
      }
      const initial = new Set<string>();
      const visit = (name: string) => {
        if (initial.has(name)) return;
        const chunk = chunks.get(name);
        if (!chunk) return;
        initial.add(name);
        chunk.imports.forEach(visit);
      };
      for (const [name, chunk] of chunks) if (chunk.isEntry) visit(name);

      const gzip = (code: string) => gzipSync(code, { level: 9 }).length;
      let initialGzip = 0;
      let totalGzip = 0;
      for (const [name, chunk] of chunks) {
        const size = gzip(chunk.code);
        totalGzip += size;
        if (initial.has(name)) initialGzip += size;
      }
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      const verdict = initialGzip <= INITIAL_JS_BUDGET_BYTES ? 'within' : 'OVER';
      // Plain stdout so `npm run build` shows it whatever Vite's log level is.
      process.stdout.write(
        `\n[atrium] initial JS ${kb(initialGzip)} gzip (${initial.size} chunks, ${verdict} the ${kb(INITIAL_JS_BUDGET_BYTES)} budget); all JS ${kb(totalGzip)} gzip in ${chunks.size} chunks\n`,
      );
      if (process.env.ATRIUM_BUILD_REPORT === '1') {
        // Where the first load's bytes come from, by package (uncompressed rendered size).
        const byPackage = new Map<string, number>();
        for (const name of initial) {
          for (const [id, info] of Object.entries(chunks.get(name)?.modules ?? {})) {
            const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? (id.includes('packages/domain') ? '@atrium/domain' : 'app');
            byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + info.renderedLength);
          }
        }
        const top = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 25);
        process.stdout.write(top.map(([pkg, n]) => `  ${kb(n).padStart(10)}  ${pkg}`).join('\n') + '\n');
      }
      if (verdict === 'OVER' && process.env.ATRIUM_STRICT_BUDGET === '1') {
        this.error(`initial JS ${kb(initialGzip)} gzip exceeds the budget`);
      }
    },
  };
}
