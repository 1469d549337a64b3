// `npm -w @app/web run size [-- --dist <dir>]`: two budgets for /login.
// 1. What the page itself downloads (decision 026): dist/login.html (and login.<language>.html),
//    the prerendered page, with one small classic script and no module of the app.
// 2. What the app needs to take that page over at its first use (and to start on any other
//    page): the entry chunk, its static imports, and the chunks of the routes that /login
//    matches (the auth layout and the login page) with their static imports.
// Sizes are those of the .br and .gz files the build writes and the web host sends (brotli
// to every current browser, gzip to the rest). Fails above the budgets, and when a library
// that belongs in a lazy chunk reaches these files. See docs/decisions/022 and 026.
// 3. What a phone start (/Store/Home, /Driver/Home, /Vendor/Home, /login, /Sell) loads, held to the
//    rules that keep it fast (decision 076): no map code (Leaflet and its CSS come only with a
//    page that draws a map, decision 071); none of the components that measure the page or
//    set state from a ref while it starts (Tooltip, Tabs, ToggleButtonGroup, Autocomplete) nor
//    zod, the charts or the toasts' library; at most its budget of chunks (a slow phone
//    network fetches a few at a time) and of brotli KB.
// 4. /Sell (design.md section 21), prerendered like /login by the same build step: its page
//    (dist/sell.html, sell.<language>.html) carries one small script and no module, and the app
//    that takes it over (entry + static imports + its route) stays within 170 KB brotli, free
//    of the heavy libraries /login keeps out too (TanStack Query, zod, notistack, ...).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';

// Measured in decision 022: 175 KB brotli, 201 KB gzip. The libraries the stack cannot
// start without (react-dom, the react-router data router, i18next, MUI's theme and
// inputs, emotion) are about 140 KB brotli on their own. Lower these as /login loses
// weight; a few KB above the measure so that unrelated small changes do not fail the
// build, while real growth does. (179/206 until the households' pages: their routes and paths
// in the entry, and the chunk the sign-in page now shares with /Sell, measured 179.4/206.2;
// 180/207 until the session's start became a chunk of its own, decision 087: 180.3/207.1;
// 181/208 until the session's start kept the web host's start cookie, decision 089: 181.1/207.3;
// 182 until the lazy parts waited for the network, decision 095: 181.7-181.9 over seven builds;
// 182.5 until the pages did too, decision 096: 181.9-182.1 brotli, 208.4 gzip over seven;
// 209 gzip until the sign-in page's frame shared its parts with the sections' in a chunk of its
// own, decision 098: one more file, 182.3-182.4 brotli, 208.7-208.8 gzip over four builds.)
// Until decision 099 each build's random id changed every chunk's hash, and brotli's sizes moved
// 0.2-0.3 KB from one build of the same code to the next (CI failed on the draw once, at 253.1
// against 253). Builds are now the same file for file, but every budget here keeps at least
// 0.5 KB above what it measures, so that a small unrelated change does not fail the check.
const BUDGET_BROTLI_KB = 183;
const BUDGET_GZIP_KB = 209.5;
// The prerendered page's own script (MUI's colour-scheme set-up and the loader): about 1 KB.
const BUDGET_PAGE_SCRIPT_BROTLI_KB = 2;

const { values: args } = parseArgs({ options: { dist: { type: 'string' } } });
const dist = path.resolve(args.dist ?? process.env.WEB_DIST_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'));
const manifestPath = path.join(dist, '.vite/manifest.json');
// The route modules /login loads, as keys of the manifest (source paths).
const LOGIN_ROUTE_MODULES = ['src/app/routes/auth/layout.tsx', 'src/app/routes/auth/login.tsx'];
// The route module /Sell loads (vite-prerender-login.ts names the same).
const SELL_ROUTE_MODULES = ['src/app/routes/public/sell.tsx'];
// Libraries that must stay in lazy chunks: strings of theirs that survive minification.
const HEAVY_MARKERS = [
  { name: '@mui/x-charts', pattern: /MuiCharts|MuiChartsAxis|MuiBarChart|MuiLineChart/ },
  { name: '@mui/x-data-grid', pattern: /MuiDataGrid/ },
  { name: 'aws-amplify', pattern: /aws-amplify|AmplifyError|CognitoIdentityProvider/ },
  { name: 'zod (sign-up and the other forms use it; /login checks by hand)', pattern: /ZodError/ },
  { name: '@tanstack/react-query', pattern: /No QueryClient set/ },
  { name: 'notistack (components/deferred-toaster.tsx loads it later)', pattern: /notistack-/ },
];
// Leaflet and react-leaflet: their own error messages, and Leaflet's class names in its CSS.
const LEAFLET = { name: 'Leaflet (components/map/lazy-map.tsx loads it with a map)', pattern: /Map container not found|useLeafletContext\(\)|\.leaflet-container/ };
// What no phone start may load, beside Leaflet: MUI's components by the names their styles
// carry, and the heavy libraries above. (Tabs and ToggleButtonGroup are in no chunk at
// all: the lint rule for start pages keeps them out, eslint.config.js.)
const NOT_AT_START = [
  { name: "MUI's Tooltip", pattern: /[`"']MuiTooltip[`"']/ },
  { name: "MUI's Autocomplete", pattern: /[`"']MuiAutocomplete[`"']/ },
  ...HEAVY_MARKERS.filter((marker) => /^(@mui\/x-charts|aws-amplify|zod)/.test(marker.name)),
];
// The sign-in form, by the key of its heading: a signed-in start has no use for it (decision 098).
const SIGN_IN_FORM = { name: 'the sign-in form (features/auth/components/login-form.tsx)', pattern: /login\.heading/ };
// The route modules of each phone start beside /login (section layout and home page), as
// manifest keys, with its budgets: what this build measured (decision 076) and a little room.
const PHONE_STARTS = {
  // Decision 086 gathered each start's small shared modules into a chunk per set of starts
  // (vite-phone-start-chunks.ts): 22, 37 and 19 chunks became 13, 14 and 13. Decision 087 made
  // the session's start one more, which index.html asks for before the others: 14, 15 and 14.
  // The store's raised by 1 KB for the start's own request for the bell's count (decision 093): 240.2 KB.
  '/Store/Home': { modules: ['src/app/routes/store/layout.tsx', 'src/app/routes/store/home.tsx'], chunks: 16, brotliKb: 238, markers: [SIGN_IN_FORM] },
  // The driver's raised by 1 KB for its start page drawn with the position answer (decision 091): 252.1 KB.
  // Seven builds of decision 096's code (the lazy parts and pages wait for the network): store
  // 240.4-240.7, driver 253.0-253.3, vendor 239.9-240.2 KB. Decision 098 took the sign-in form out
  // of the three (the parts the frames share have a chunk of their own), over four builds: store
  // 237.1-237.2, driver 249.7-249.8, vendor 236.7-236.8 KB.
  '/Driver/Home': { modules: ['src/app/routes/driver/layout.tsx', 'src/app/routes/driver/home.tsx'], chunks: 17, brotliKb: 250.5, markers: [SIGN_IN_FORM] },
  '/Vendor/Home': { modules: ['src/app/routes/vendor/layout.tsx', 'src/app/routes/vendor/home/home.tsx'], chunks: 16, brotliKb: 237.5, markers: [SIGN_IN_FORM] },
  '/login': { modules: LOGIN_ROUTE_MODULES, chunks: 11, brotliKb: BUDGET_BROTLI_KB },
  // The public page's budget (design.md section 21): measured 163.7 KB in 9 chunks (10 with the session's start).
  '/Sell': { modules: SELL_ROUTE_MODULES, chunks: 11, brotliKb: 170, markers: HEAVY_MARKERS },
};

if (!fs.existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: build first (npm run build).`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('The manifest has no entry chunk.');
  process.exit(1);
}
// The app names its build by its entry chunk (src/lib/build-id.ts); /build-id.json must say the same,
// or every tab would take each poll for a new deployment.
const buildIdFile = path.join(dist, 'build-id.json');
const writtenId = fs.existsSync(buildIdFile) ? JSON.parse(fs.readFileSync(buildIdFile, 'utf8')).buildId : undefined;
if (writtenId !== path.basename(manifest[entryKey].file, '.js')) {
  console.error(`build-id.json says ${writtenId}, the entry chunk is ${manifest[entryKey].file}: they must name the same build.`);
  process.exit(1);
}
const missing = LOGIN_ROUTE_MODULES.filter((key) => !manifest[key]);
if (missing.length > 0) {
  console.error(`The manifest has no chunk for ${missing.join(', ')}: are they still lazy route modules?`);
  process.exit(1);
}

/** A chunk and everything it imports statically. */
function collect(key, seen) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) return;
  seen.add(key);
  for (const imported of chunk.imports ?? []) collect(imported, seen);
}

const keys = new Set();
collect(entryKey, keys);
for (const key of LOGIN_ROUTE_MODULES) collect(key, keys);

/** The size of the copy the build wrote beside the file, or of one made here when it wrote none (a small file). */
function compressedSize(file, source, extension, compress) {
  const copy = path.join(dist, file + extension);
  return fs.existsSync(copy) ? fs.statSync(copy).size : compress(source).length;
}

const files = [...new Set([...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js')))];
const totals = { raw: 0, gzip: 0, brotli: 0 };
const rows = [];
const offenders = [];
for (const file of files) {
  const source = fs.readFileSync(path.join(dist, file));
  const row = {
    file,
    raw: source.length,
    gzip: compressedSize(file, source, '.gz', (buffer) => zlib.gzipSync(buffer, { level: 9 })),
    brotli: compressedSize(file, source, '.br', (buffer) => zlib.brotliCompressSync(buffer)),
  };
  for (const key of Object.keys(totals)) totals[key] += row[key];
  rows.push(row);
  const text = source.toString('utf8');
  for (const marker of HEAVY_MARKERS) if (marker.pattern.test(text)) offenders.push(`${marker.name} in ${file}`);
}

rows.sort((a, b) => b.brotli - a.brotli);
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
console.log('JavaScript the app needs to take /login over (entry + static imports + auth layout + login route), KB:');
console.log('   brotli     gzip      raw');
for (const row of rows) console.log(`  ${kb(row.brotli)}  ${kb(row.gzip)}  ${kb(row.raw)}  ${row.file}`);
console.log(`  ${kb(totals.brotli)}  ${kb(totals.gzip)}  ${kb(totals.raw)}  total of ${files.length} files (budgets: ${BUDGET_BROTLI_KB} brotli, ${BUDGET_GZIP_KB} gzip)`);

let failed = false;
if (offenders.length > 0) {
  console.error(`These belong in lazy chunks, not in /login's: ${offenders.join('; ')}`);
  failed = true;
}
if (totals.brotli > BUDGET_BROTLI_KB * 1024) {
  console.error(`/login downloads ${kb(totals.brotli).trim()} KB of brotli JavaScript: over the ${BUDGET_BROTLI_KB} KB budget.`);
  failed = true;
}
if (totals.gzip > BUDGET_GZIP_KB * 1024) {
  console.error(`/login downloads ${kb(totals.gzip).trim()} KB of gzip JavaScript: over the ${BUDGET_GZIP_KB} KB budget.`);
  failed = true;
}

// 3. The phone starts carry no map code: every file a start loads (the entry, its section's
// layout and home page, their static imports, and the CSS of all of them) is free of Leaflet.
const filesOf = (chunkKeys) => [...chunkKeys].flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]);
const leafletIn = (file) => LEAFLET.pattern.test(fs.readFileSync(path.join(dist, file), 'utf8'));
// The check can fail only if the markers still find Leaflet where it is: in the build's map chunks.
if (!Object.values(manifest).some((chunk) => [chunk.file, ...(chunk.css ?? [])].some(leafletIn))) {
  console.error(`No chunk of the build contains ${LEAFLET.name}: update the LEAFLET markers of this script.`);
  failed = true;
}
// The markers can fail the check only if they still find what they name somewhere in the build.
const buildFiles = Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]);
for (const marker of [...NOT_AT_START, SIGN_IN_FORM]) {
  if (!buildFiles.some((file) => marker.pattern.test(fs.readFileSync(path.join(dist, file), 'utf8')))) {
    console.error(`No chunk of the build contains ${marker.name}: update the markers of this script.`);
    failed = true;
  }
}
for (const [start, { modules, chunks, brotliKb, markers = [] }] of Object.entries(PHONE_STARTS)) {
  const missingModules = modules.filter((key) => !manifest[key]);
  if (missingModules.length > 0) {
    console.error(`The manifest has no chunk for ${missingModules.join(', ')} (${start}): are they still lazy route modules?`);
    failed = true;
    continue;
  }
  const startKeys = new Set();
  collect(entryKey, startKeys);
  for (const key of modules) collect(key, startKeys);
  const startFiles = [...new Set(filesOf(startKeys))];
  const problems = startFiles.filter(leafletIn).map((file) => `${LEAFLET.name} in ${file}`);
  let startBrotli = 0;
  for (const file of startFiles.filter((name) => name.endsWith('.js'))) {
    const source = fs.readFileSync(path.join(dist, file));
    startBrotli += compressedSize(file, source, '.br', (buffer) => zlib.brotliCompressSync(buffer));
    const text = source.toString('utf8');
    for (const marker of new Set([...NOT_AT_START, ...markers])) if (marker.pattern.test(text)) problems.push(`${marker.name} in ${file}`);
  }
  if (startKeys.size > chunks) problems.push(`${startKeys.size} chunks, over its budget of ${chunks}`);
  if (startBrotli > brotliKb * 1024) problems.push(`${kb(startBrotli).trim()} KB brotli of JavaScript, over its budget of ${brotliKb} KB`);
  if (problems.length > 0) {
    console.error(`${start} at its start: ${problems.join('; ')}`);
    failed = true;
  } else {
    console.log(`${start}: ${startKeys.size} chunks (budget ${chunks}), ${kb(startBrotli).trim()} KB brotli (budget ${brotliKb}); no map code, none of the components and libraries it must not start with.`);
  }
}

// 1. The page itself, in each language the build wrote (login.html, login.hi.html), and /Sell's (4.
const prerenderedPages = fs.readdirSync(dist).filter((file) => /^(login|sell)(\.[a-z]+)?\.html$/.test(file));
for (const required of ['login.html', 'sell.html']) {
  if (!prerenderedPages.includes(required)) {
    console.error(`No ${required} in ${dist}: the build's prerender step (vite-prerender-login.ts) did not run.`);
    process.exit(1);
  }
}
let pageScriptBrotli = 0;
for (const page of prerenderedPages) {
  const loginHtml = fs.readFileSync(path.join(dist, page), 'utf8');
  if (/<script[^>]*type="module"|<link[^>]*modulepreload/.test(loginHtml)) {
    console.error(`${page} loads the app at once: its scripts must wait for the first use of the page.`);
    failed = true;
  }
  const pageScripts = [...loginHtml.matchAll(/<script src="\/([^"]+)"/g)].map((match) => match[1]);
  let scriptBrotli = 0;
  for (const file of pageScripts) scriptBrotli += compressedSize(file, fs.readFileSync(path.join(dist, file)), '.br', (buffer) => zlib.brotliCompressSync(buffer));
  pageScriptBrotli = Math.max(pageScriptBrotli, scriptBrotli);
  const pageBrotli = compressedSize(page, Buffer.from(loginHtml), '.br', (buffer) => zlib.brotliCompressSync(buffer));
  console.log(`/${page.startsWith('sell') ? 'Sell' : 'login'} itself: ${page} ${kb(pageBrotli).trim()} KB brotli; ${pageScripts.length} script(s), ${kb(scriptBrotli).trim()} KB brotli (budget ${BUDGET_PAGE_SCRIPT_BROTLI_KB})`);
  if (pageScripts.length !== 1 || scriptBrotli > BUDGET_PAGE_SCRIPT_BROTLI_KB * 1024) {
    console.error(`${page} must carry one script of at most ${BUDGET_PAGE_SCRIPT_BROTLI_KB} KB brotli: ${pageScripts.join(', ')}`);
    failed = true;
  }
}

if (failed) process.exit(1);
console.log(`/login: the page's script ${kb(pageScriptBrotli).trim()} KB brotli; the app that takes it over ${kb(totals.brotli).trim()} KB brotli, ${kb(totals.gzip).trim()} KB gzip of JavaScript, within the budgets.`);
