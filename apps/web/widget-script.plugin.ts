import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { transformWithEsbuild, type Plugin } from 'vite';

const SOURCE = path.resolve(import.meta.dirname, 'src/platform/widgets/widget-script.ts');
const FILE = 'widget.js';

// Atrium's embed script (decision 098) is one small classic script under a fixed name, loaded by
// other sites: compiled on its own (no imports, an IIFE), never part of the app's bundle.
async function compile(minify: boolean): Promise<string> {
  const code = await readFile(SOURCE, 'utf8');
  return (await transformWithEsbuild(code, SOURCE, { loader: 'ts', format: 'iife', target: 'es2020', minify })).code;
}

export function widgetScriptPlugin(): Plugin {
  return {
    name: 'atrium-widget-script',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: FILE, source: await compile(true) });
    },
    configureServer(server) {
      server.middlewares.use(`/${FILE}`, (_req, res, next) => {
        compile(false).then((code) => res.setHeader('content-type', 'text/javascript').end(code), next);
      });
    },
  };
}
