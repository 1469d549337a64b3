import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { FRAME_ROUTE_MODULES } from './src/app/frame-route-modules.ts';
import { EARLY_REQUEST_ATTRIBUTE } from './vite-early-requests.ts';
import { SESSION_START_ATTRIBUTE } from './vite-session-start.ts';

// After the client build: render /login to dist/login.html (and login.<language>.html for
// the other languages), which the web host sends for /login and the app hydrates (decision
// 026), the public /Sell page the same way to dist/sell.html (sell.<language>.html), and write
// into index.html the phone sections' frames with their script (decisions 042 and 076). A
// server-side build of src/app/prerender-login.tsx renders the app's own tree; this file only
// assembles the pages.

const ENTRY = 'src/app/prerender-login.tsx';
/** The server build's folder in dist (one folder of the build's inside) and its entry file: apps/api/src/web-host/start-page.ts names the same to load it. */
const SERVER_DIR = '.server';
const SERVER_ENTRY_FILE = 'prerender-login.js';
// The route modules each prerendered page matches (as in scripts/check-bundle-size.mjs): the
// page's script preloads their chunks with the entry's, so the app arrives in one round of
// requests less.
const PAGE_ROUTE_MODULES: Record<string, readonly string[]> = {
  login: ['src/app/routes/auth/layout.tsx', 'src/app/routes/auth/login.tsx'],
  sell: ['src/app/routes/public/sell.tsx'],
};
// A language's pack (app/language-packs.ts), which the app loads before it takes the page over.
const LANGUAGE_PACK_MODULES: Record<string, string> = { hi: 'src/app/hindi-pack.ts' };

type Manifest = Record<string, { file: string; name?: string; imports?: string[] }>;

/** The chunks of `modules` with their static imports, as URLs. */
function chunksOf(manifest: Manifest, modules: readonly string[], page: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of modules) {
    if (!manifest[key]) throw new Error(`Prerendering ${page}: the manifest has no chunk for ${key}`);
    visit(key);
  }
  return [...files].map((file) => `/${file}`);
}

/** The modules a page in `language` needs beside its routes': the language's pack. */
const withLanguagePack = (modules: readonly string[], language: string): string[] => {
  const pack = LANGUAGE_PACK_MODULES[language];
  return pack ? [...modules, pack] : [...modules];
};

/** The chunks of the routes a prerendered page matches (and of `language`'s pack), with their static imports, as URLs. */
function pageRouteChunks(manifest: Manifest, name: string, language: string): string[] {
  const modules = PAGE_ROUTE_MODULES[name];
  if (!modules) throw new Error(`Prerendering ${name}: vite-prerender-login.ts names no route modules for it`);
  return chunksOf(manifest, withLanguagePack(modules, language), `the ${name} page`);
}

/** The chunks a phone section's frame asks for with the app: its start page's routes and its language's pack. */
function frameRouteChunks(manifest: Manifest, frame: SectionFrame): string[] {
  const modules: readonly string[] | undefined = (FRAME_ROUTE_MODULES as Record<string, readonly string[]>)[frame.role];
  if (!modules) throw new Error(`Prerendering the ${frame.role} frame: app/frame-route-modules.ts names no route modules for it`);
  return chunksOf(manifest, withLanguagePack(modules, frame.language), `the ${frame.role} frame`);
}

interface PrerenderedLogin {
  name: string;
  waitForUse: boolean;
  html: string;
  styleTags: string;
  bootScript: string;
  title: string;
  language: string;
}

interface SectionFrame {
  role: string;
  language: string;
  html: string;
}

interface PrerenderModule {
  LANGUAGES: readonly string[];
  PRERENDERED_PAGES: Record<string, unknown>;
  prerenderPage(name: string, language: string): Promise<PrerenderedLogin>;
  prerenderSectionFrames(): Promise<SectionFrame[]>;
  frameBootScript(): string;
  frameHeadStyles(): string;
}

/** login.html (sell.html) is English; the web host picks login.<language>.html for the others. */
const pageFileOf = (name: string, language: string) => (language === 'en' ? `${name}.html` : `${name}.${language}.html`);

/** The brotli and gzip copies the web host serves, like vite-plugin-compression2's. */
function writeWithCopies(file: string, content: string): void {
  fs.writeFileSync(file, content);
  const buffer = Buffer.from(content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(buffer, { level: 9 }));
}

function take(html: string, pattern: RegExp, what: string): RegExpExecArray {
  const match = pattern.exec(html);
  if (!match) throw new Error(`Prerendering /login: index.html has no ${what}`);
  return match;
}

/**
 * CSS the page adds to index.html's. The shell shows only while the app draws the page itself.
 * Until the app runs, CSS does what MUI does from script: a focus ring on buttons reached by
 * keyboard, the field in focus outlined in the primary colour (kept afterwards too, for a
 * field that was focused while the app took over and so never told MUI).
 */
const PAGE_CSS = [
  '#kb-shell{display:none}',
  'html.kb-boot #root[data-prerendered]{display:none}',
  'html.kb-boot #root[data-prerendered]~#kb-shell,html.kb-boot #root:empty~#kb-shell{display:flex}',
  'html.kb-pending [type=submit]{cursor:progress;opacity:.7}',
  'html:not(.kb-app) #root button:focus-visible{outline:2px solid var(--mui-palette-primary-main);outline-offset:2px}',
  '#root[data-prerendered] [aria-labelledby=login-heading] .MuiOutlinedInput-root:not(.Mui-error):focus-within .MuiOutlinedInput-notchedOutline{border-color:var(--mui-palette-primary-main);border-width:2px}',
  '#root[data-prerendered] [aria-labelledby=login-heading] .MuiFormControl-root:focus-within>.MuiInputLabel-root:not(.Mui-error){color:var(--mui-palette-primary-main)}',
].join('');

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// Replacements are functions throughout: a "$" in the CSS or the texts must stay a "$".
/**
 * index.html without its own requests for the app, which the page's script makes instead: the
 * page, the entry's URL and the preloaded chunks' URLs, leaving out the signed-in pages' early
 * requests (vite-early-requests.ts), which the sign-in page does not need.
 */
function takeAppRequests(indexHtml: string): { html: string; entry: string; preloads: string[] } {
  const entry = take(indexHtml, /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, 'entry script');
  const preloads = [...indexHtml.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)"([^>]*)>/g)];
  let html = indexHtml.replace(entry[0], '');
  for (const preload of preloads) html = html.replace(preload[0], '');
  // Nor the session's start (vite-session-start.ts): no member to resume; the entry imports it when the page is used.
  html = html.replace(new RegExp(`\\s*<(script|link) [^>]*${SESSION_START_ATTRIBUTE}[^>]*>(</script>)?`, 'g'), '');
  return { html, entry: entry[1]!, preloads: preloads.filter((preload) => !(preload[2] ?? '').includes(EARLY_REQUEST_ATTRIBUTE)).map((preload) => preload[1]!) };
}

/**
 * index.html with the phone sections' frames (decision 042): a <template> each after #root,
 * and in <head> the script that puts the member's into #root and starts the app. The app's
 * scripts leave <head> for that script, which asks for them at once, or once a frame is on
 * screen. It is inline, so that a phone does not wait one more round trip for it; the web host
 * allows it by its hash (apps/api/src/web-host/inline-scripts.ts).
 */
function withSectionFrames(indexHtml: string, frames: SectionFrame[], bootScript: string, headStyles: string, manifest: Manifest): string {
  if (/<\/script/i.test(bootScript)) throw new Error('The frame boot script cannot be inlined: it contains "</script"');
  const entry = take(indexHtml, /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, 'entry script');
  const preloads = [...indexHtml.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)"[^>]*>/g)];
  let html = indexHtml.replace(entry[0], '');
  for (const preload of preloads) html = html.replace(preload[0], '');
  // The session's start (vite-session-start.ts): the script asks for it first, at once.
  const sessionStart = [...html.matchAll(new RegExp(`\\s*<(?:script|link) [^>]*(?:src|href)="([^"]+)"[^>]*${SESSION_START_ATTRIBUTE}[^>]*>(?:</script>)?`, 'g'))];
  for (const tag of sessionStart) html = html.replace(tag[0], '');
  const app = entry[1]!;
  const appChunks = preloads.map((preload) => preload[1]!);
  const boot = `<script data-app="${app}" data-preload="${appChunks.join(' ')}" data-session-start="${sessionStart.map((tag) => tag[1]!).join(' ')}">${bootScript}</script>`;
  const appUrls = new Set([app, ...appChunks]);
  // Each frame names the chunks its page needs beyond the app's own, which the script asks for with them.
  const templates = frames
    .map((frame) => {
      const chunks = frameRouteChunks(manifest, frame).filter((url) => !appUrls.has(url));
      return `<template id="kb-frame-${frame.role}-${frame.language}" data-preload="${chunks.join(' ')}">${frame.html}</template>`;
    })
    .join('');
  const root = take(html, /<div id="root">[\s\S]*?<!--\/shell-->\s*<\/div>/, 'root element');
  return html.replace('</head>', () => `  ${headStyles}\n    ${boot}\n  </head>`).replace(root[0], () => `${root[0]}\n    ${templates}`);
}

/** A build file named for its content, with the copies the web host serves. */
function writeHashed(outDir: string, name: string, content: string): string {
  const hash = crypto.createHash('sha256').update(content).digest('base64url').slice(0, 8);
  const file = `assets/${name}-${hash}.js`;
  writeWithCopies(path.join(outDir, file), content);
  return file;
}

function assemblePage(indexHtml: string, page: PrerenderedLogin, bootFile: string, routeChunks: string[]): string {
  const shell = take(indexHtml, /<!--shell-->([\s\S]*?)<!--\/shell-->/, 'shell between <!--shell--> and <!--/shell-->');
  const { entry, preloads, html: withoutApp } = takeAppRequests(indexHtml);
  // The app's configuration too, when the page's app starts at its first use, maybe minutes
  // later; a page whose app starts at once (/Sell) keeps asking for it with the page.
  const withoutConfig = page.waitForUse ? withoutApp.replace(/\s*<!--[^>]*-->\s*<link rel="preload" href="\/config.json"[^>]*>/, '') : withoutApp;
  const preloadUrls = [...new Set([...preloads, ...routeChunks])].filter((url) => url !== entry);
  const boot = `<script src="/${bootFile}" data-app="${entry}" data-preload="${preloadUrls.join(' ')}"></script>`;
  const html = withoutConfig
    .replace(/<html lang="[^"]*">/, () => `<html lang="${page.language}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', () => `  <style>${PAGE_CSS}</style>\n    ${page.styleTags}\n    ${boot}\n  </head>`);
  const root = take(html, /<div id="root">[\s\S]*?<!--\/shell-->\s*<\/div>/, 'root element');
  const shellMarkup = (shell[1] ?? '').trim().replace('<div class="shell">', '<div class="shell" id="kb-shell">');
  return html.replace(root[0], () => `<div id="root" data-prerendered="${page.name}" lang="${page.language}">${page.html}</div>\n    ${shellMarkup}`);
}

export function prerenderLoginPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'kabadi-prerender-login',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      // The server build stays beside the client's (dist/.server/, which the web host never
      // serves): the web host renders the phone start pages with it (decision 089). Whole,
      // libraries included, so it runs wherever the build is copied. In a folder named for the
      // build, so that a process that builds twice (a test) never gets the first one's module
      // from Node's module cache: the web host takes the one folder there is.
      fs.rmSync(path.join(outDir, SERVER_DIR), { recursive: true, force: true });
      const ssrDir = path.join(outDir, SERVER_DIR, `${Date.now()}-${process.pid}`);
      await build({
        root: config.root,
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        ssr: { noExternal: true },
        // The libraries' own production branches, as in the client build: a web host started
        // without NODE_ENV otherwise rendered with React's development build and MUI's labelled
        // class names, which the app's never matched, so it inserted every rule again (decision 093).
        define: { 'process.env.NODE_ENV': JSON.stringify(config.isProduction ? 'production' : 'development') },
        build: { ssr: ENTRY, outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
      });
      // ES modules wherever the build is copied (a folder without a package.json reads .js as CommonJS).
      fs.writeFileSync(path.join(ssrDir, 'package.json'), '{ "type": "module" }\n');
      // A new build directory's file: no earlier build's module is reused.
      const module = (await import(pathToFileURL(path.join(ssrDir, SERVER_ENTRY_FILE)).href)) as PrerenderModule;
      const pages: PrerenderedLogin[] = [];
      for (const name of Object.keys(module.PRERENDERED_PAGES)) for (const language of module.LANGUAGES) pages.push(await module.prerenderPage(name, language));
      const frames = await module.prerenderSectionFrames();
      const frameBoot = module.frameBootScript();
      const headStyles = module.frameHeadStyles();
      const indexHtml = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      for (const page of pages) {
        // The same script for every language of a page: one file.
        const bootFile = writeHashed(outDir, `${page.name}-boot`, page.bootScript);
        writeWithCopies(path.join(outDir, pageFileOf(page.name, page.language)), assemblePage(indexHtml, page, bootFile, pageRouteChunks(manifest, page.name, page.language)));
      }
      // The frames go into index.html only: login.html and sell.html have their page's own markup and styles.
      writeWithCopies(path.join(outDir, 'index.html'), withSectionFrames(indexHtml, frames, frameBoot, headStyles, manifest));
    },
  };
}
