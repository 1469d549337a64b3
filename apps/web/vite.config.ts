import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Stamps every build with an id: compiled into the code as import.meta.env.VITE_BUILD_ID and
 * emitted as dist/build-id.json. The running app polls that file and reloads once when a
 * newer build is deployed (src/lib/build-update.ts).
 */
function buildIdPlugin(): Plugin {
  const buildId = `${new Date().toISOString()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    name: 'kabadi-build-id',
    config: () => ({ define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build-id.json', source: `${JSON.stringify({ buildId })}\n` });
    },
  };
}

export default defineConfig({
  plugins: [react(), buildIdPlugin()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: { port: 5173 },
  // The manifest lets scripts/check-bundle-size.mjs follow what /login needs.
  build: { sourcemap: false, chunkSizeWarningLimit: 900, manifest: true },
});
