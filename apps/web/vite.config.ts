import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { buildSizePlugin } from './build-size.plugin';
import { namedIconsPlugin } from './named-icons.plugin';
import { widgetScriptPlugin } from './widget-script.plugin';

// @atrium/domain is pure declarations (schemas, constants), but its package does not say so;
// without this every unused zod schema would land in the first load.
function pureDomainPlugin(): Plugin {
  return {
    name: 'atrium-pure-domain',
    transform(code, id) {
      if (id.includes('/packages/domain/src/')) return { code, map: null, moduleSideEffects: false };
      return null;
    },
  };
}

const backend = process.env.ATRIUM_DEV_BACKEND ?? 'http://localhost:3000';
const proxied = ['/api', '/auth', '/idp', '/mailbox', '/events'];

export default defineConfig({
  // plugin-react's types resolve against the workspace root's newer Vite (from Vitest); the
  // plugin itself supports Vite 7, so only the type needs bridging.
  plugins: [react() as unknown as Plugin, pureDomainPlugin(), namedIconsPlugin(), buildSizePlugin(), widgetScriptPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // Shared chunks under 20 kB are merged into the chunks that use them: a record page
      // otherwise fetched ~90 chunks of 0–3 kB, and over HTTP/1.1's six connections per host
      // its API calls queued behind them (issue 20: the Gantt from navigation).
      output: { experimentalMinChunkSize: 20_000 },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: false }])),
  },
});
