import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type BuildEnvironmentOptions, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { prerenderLoginPlugin } from './vite-prerender-login.ts';
import { earlyRequestsPlugin } from './vite-early-requests.ts';
import { phoneStartChunks } from './vite-phone-start-chunks.ts';
import { sessionStartChunks } from './vite-session-start.ts';

/**
 * Names the build by its entry chunk (src/lib/build-id.ts, where the app reads the same name
 * from its own URL) and writes that into dist/build-id.json. The running app polls that file
 * and reloads once when another build is deployed (src/lib/build-update.ts). Nothing random or
 * dated goes into the code: two builds of the same code write the same files, so a deployment
 * that changes nothing costs a phone nothing, and one that changes a page costs it that page's
 * files and those that import them (decision 099).
 */
function buildIdPlugin(): Plugin {
  const buildIdModule = path.resolve(import.meta.dirname, 'src/lib/build-id.ts');
  return {
    name: 'kabadi-build-id',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (!entry || entry.type !== 'chunk') throw new Error('The build has no entry chunk to name it by');
      // The id is the entry's name only if the app reads it from there.
      if (!entry.moduleIds.includes(buildIdModule)) throw new Error(`src/lib/build-id.ts is not in the entry chunk (${entry.fileName}): the app would name its build by another chunk`);
      const buildId = path.basename(entry.fileName, '.js');
      this.emitFile({ type: 'asset', fileName: 'build-id.json', source: `${JSON.stringify({ buildId })}\n` });
    },
  };
}

// What every page runs before its own code, in two chunks instead of a dozen or two, so a
// phone on a slow network opens fewer requests and brotli sees more at once (decision 022):
// the libraries (they change rarely, so a new build keeps them cached), then the rest of
// what the entry imports. `$initial` keeps out what only lazy pages use.
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@emotion[\\/][^\\/]+|stylis|@mui[\\/](system|utils|styled-engine|private-theming)|hoist-non-react-statics|react-is|@babel[\\/]runtime|clsx|prop-types)[\\/]/;

// MUI's components and styles that the entry imports: a chunk of their own, which changes less
// often than the app's code.
const MUI = /node_modules[\\/]@mui[\\/]material[\\/]/;

const MUI_FIELDS =
  /node_modules[\\/]@mui[\\/](material[\\/](InputBase|OutlinedInput|FormControl|FormLabel|InputLabel|FormHelperText|InputAdornment|IconButton|Alert|Link|TextareaAutosize|utils|internal)|utils)[\\/]/;

const SIGN_IN = /src[\\/](components[\\/]layouts[\\/]auth-layout|features[\\/]auth[\\/]components[\\/](login-form|sign-in-choice))\.tsx?$/;

// What the sign-in page's frame shares with every section's: who may see which page, the colour
// toggle, the logo's and the language menu's icons. Apart from the sign-in chunk, so that a
// signed-in start does not load the sign-in form for them (scripts/check-bundle-size.mjs fails
// when it does).
const SHARED_FRAME =
  /src[\\/](lib[\\/]access|components[\\/]layouts[\\/]color-mode-toggle)\.tsx?$|node_modules[\\/]@mui[\\/]icons-material[\\/](Recycling|Translate)\.m?js$/;

// What the prerendered pages (/login, /Sell) share beside the entry: the language switch and the
// tab's title. Apart from the sign-in chunk, which brings MUI's fields: /Sell draws none.
const PUBLIC_PAGES = /src[\\/](components[\\/]layouts[\\/]language-switch|lib[\\/]use-document-title)\.tsx?$/;

// Not data/sign-in-code.ts: only /login's form for a code by SMS uses it, which would otherwise
// load this chunk's 50 KB before it shows. Nor data/public-rates.ts: the public /Sell page's.
const SIGNED_IN =
  /src[\\/](components[\\/]layouts[\\/]section-layout\.tsx|features[\\/]live[\\/]components[\\/]live-indicator\.tsx|features[\\/]settings[\\/]components[\\/]notifications-bell\.tsx|components[\\/](page-states|status)[\\/]|data[\\/](?!sign-in-code\.|public-rates\.))|node_modules[\\/]@tanstack[\\/]/;

// What a phone's start needs beyond the groups above, a chunk per set of starts needing it.
const phoneStarts = phoneStartChunks(import.meta.dirname, 0.5);
const sessionStart = sessionStartChunks(import.meta.dirname);

/** The browser's build: split as above, with a manifest for scripts/check-bundle-size.mjs. */
const clientBuild: BuildEnvironmentOptions = {
  sourcemap: false,
  chunkSizeWarningLimit: 900,
  manifest: true,
  rolldownOptions: {
    output: {
      codeSplitting: {
        groups: [
          ...sessionStart.groups,
          { name: 'framework', test: FRAMEWORK, tags: ['$initial'], priority: 6 },
          { name: 'mui', test: MUI, tags: ['$initial'], priority: 5 },
          { name: 'start', tags: ['$initial'], priority: 4 },
          // MUI's field, alert and link parts with their helpers: /login's form and most
          // pages' filters need them; one request instead of a dozen small ones.
          { name: 'mui-fields', test: MUI_FIELDS, priority: 3 },
          // What the sign-in page needs beyond those, with what it imports.
          { name: 'public-pages', test: PUBLIC_PAGES, priority: 2.5 },
          { name: 'shared-frame', test: SHARED_FRAME, priority: 2.2 },
          { name: 'sign-in', test: SIGN_IN, priority: 2 },
          // What every signed-in page needs (the section's frame, the data layer), with what
          // it imports: one chunk instead of some fifty of 1-3 KB, which a phone on a slow
          // network would fetch six at a time. scripts/check-bundle-size.mjs fails when a
          // phone start needs more chunks than its budget, so a renamed file cannot quietly
          // undo this.
          { name: 'signed-in', test: SIGNED_IN, priority: 1 },
          ...phoneStarts.groups,
        ],
      },
    },
  },
};

/**
 * /sw.js from src/sw.ts (vite-plugin-pwa, injectManifest: our own worker, which a later issue
 * extends with Web Push). It precaches what the app runs on: every script and stylesheet of
 * the build (every screen's code), index.html, the prerendered sign-in pages, fonts, icons and
 * the manifest; not the .br/.gz copies (the host negotiates those), not build-id.json or
 * /config.json (sw.ts keeps those out of the precache). The app registers it
 * (lib/service-worker.ts) and keeps the manifest in public/.
 */
function serviceWorker(): PluginOption {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,woff2,png,svg,ico,webmanifest}'],
      globIgnores: ['sw.js', '.vite/**', '.server/**', 'build-id.json'],
      // Files under assets/ carry a content hash in their name: no revision needed.
      dontCacheBustURLsMatching: /^assets\//,
      // The largest chunks (charts, the framework) are about 0.5 MB.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      // A classic worker script: module service workers are not in every browser a phone has.
      rollupFormat: 'iife',
    },
    integration: {
      // After prerenderLoginPlugin has written the sign-in pages, which the list must hold.
      closeBundleOrder: 'post',
      beforeBuildServiceWorker(options) {
        const login = path.join(options.injectManifest.globDirectory, 'login.html');
        if (!fs.existsSync(login)) throw new Error(`The service worker's precache needs ${login}: prerender /login first`);
      },
    },
  });
}

// isSsrBuild: the server-side build prerenderLoginPlugin runs (one module for Node that
// renders /login), which needs none of the browser build's extras.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        buildIdPlugin(),
        phoneStarts.plugin,
        sessionStart.plugin,
        // index.html asks for the signed-in pages' shared chunk at once (decision 040).
        earlyRequestsPlugin(),
        // Brotli and gzip copies of every text asset; the web host serves them (preCompressed).
        compression({
          algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
          include: /\.(js|mjs|css|html|json|svg|ico|webmanifest|txt)$/,
          threshold: 512,
          skipIfLargerOrEqual: true,
        }),
        // /login as HTML, from what the others wrote (decision 026).
        prerenderLoginPlugin(),
        // Last: the service worker (src/sw.ts), with the list of every file above to precache,
        // the prerendered sign-in pages included (decision 029).
        serviceWorker(),
      ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: { port: 5173 },
  build: isSsrBuild ? { sourcemap: false } : clientBuild,
}));
