import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import helmet from '@fastify/helmet';
import { LANGUAGES, type Language } from '@app/shared/constants';
import { drawsFrame, withoutFrames } from '@app/shared/rendered-start';
import type { AppConfig } from '../config/config';
import { cacheControlFor, isServiceWorker, looksLikeFile, PRERENDERED_PAGES, prerenderedPageOf, type PrerenderedPage } from './cache-policy';
import { indexHtmlSender } from './index-html';
import { inlineScriptHashes } from './inline-scripts';
import { loginLanguage } from './login-language';
import { publicConfig } from './public-config';
import { serverTimeouts, webHelmetOptions } from '../http/security';
import type { SigningKeySet } from '../auth/signing-keys';
import type { DbOrTx } from '../db/database';
import { registerStartCookieRoutes } from './start-cookie';
import { startPageSender } from './start-page';

/** What the web host needs to render the phone start pages with the member's data (decision 089); without it, it serves the build's files only. */
export interface WebHostStartDeps {
  db: DbOrTx;
  keys: SigningKeySet;
  /** Where this process reaches its own API, once it listens. */
  apiBaseUrl: () => string | null;
}

/**
 * The web port: the built single-page app, its /config.json, and index.html for every
 * client-side route. Hashed assets are cached for good; index.html and /sw.js never: the
 * browser looks for a new service worker at every start, and that worker brings a new build
 * (decision 029).
 */
export async function buildWebHost(config: AppConfig, start?: WebHostStartDeps): Promise<FastifyInstance> {
  const root = config.WEB_DIST_DIR;
  const indexPath = path.join(root, 'index.html');
  if (!fs.existsSync(indexPath)) throw new Error(`The web app is not built: ${indexPath} is missing. Run: npm run build`);
  // Static files need no per-request log lines; warnings and errors still show.
  const app = Fastify({ logger: config.LOG_LEVEL === 'silent' ? false : { level: 'warn' }, ...serverTimeouts(config) });
  // Every answer, index.html and assets alike, carries the CSP and the other security headers.
  await app.register(helmet, webHelmetOptions(config, inlineScriptHashes(fs.readFileSync(indexPath, 'utf8'))));

  app.get('/config.json', async (_request, reply) => {
    // Read at every start-up; revalidated, never kept.
    reply.header('cache-control', 'no-cache');
    return publicConfig(config);
  });
  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: false,
    // The build writes .br and .gz beside every text file; the browser gets the best it takes.
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header('cache-control', cacheControlFor(root, filePath));
      // The service worker controls the whole app (decision 029).
      if (isServiceWorker(root, filePath)) reply.header('service-worker-allowed', '/');
    },
  });
  // The page's first requests after its scripts go to the API (the session's refresh, the
  // page's data), on another origin: the phone opens that connection while the scripts load,
  // in both of the browser's pools (the refresh sends the cookie, the data requests do not).
  const apiOrigin = new URL(config.API_BASE_URL).origin;
  const link = `<${apiOrigin}>; rel=preconnect, <${apiOrigin}>; rel=preconnect; crossorigin`;
  const sendIndexHtml = indexHtmlSender(indexPath, { link });
  // Every other client route gets it without the frames, a phone start page's alone: on the
  // admin's pages they were most of the page (280 KB of 290) for the browser to parse.
  const sendPlainIndexHtml = indexHtmlSender(indexPath, { link, edit: withoutFrames });

  // The prerendered pages (/login, /Sell) as HTML in each language the build wrote (decision
  // 026): login.html is English, login.<language>.html the others; index.html when there is none.
  const pageSenders = new Map<string, ReturnType<typeof indexHtmlSender>>();
  for (const page of Object.values(PRERENDERED_PAGES)) {
    for (const language of LANGUAGES) {
      const file = path.join(root, language === 'en' ? `${page}.html` : `${page}.${language}.html`);
      if (fs.existsSync(file)) pageSenders.set(`${page}.${language}`, indexHtmlSender(file, { vary: 'accept-encoding, cookie, accept-language', link }));
    }
  }
  const sendPrerendered = (page: PrerenderedPage, request: FastifyRequest, reply: FastifyReply) => {
    const language: Language = loginLanguage(request.headers.cookie, request.headers['accept-language']);
    const send = pageSenders.get(`${page}.${language}`) ?? pageSenders.get(`${page}.en`) ?? sendPlainIndexHtml;
    return send(request, reply);
  };
  let sendStartPage: ReturnType<typeof startPageSender> | null = null;
  if (start) {
    registerStartCookieRoutes(app, { config, db: start.db, keys: start.keys });
    sendStartPage = startPageSender(root, fs.readFileSync(indexPath, 'utf8'), { ...start, log: app.log });
  }
  app.setNotFoundHandler(async (request, reply) => {
    // A missing file is a real 404 (an old build's chunk, a favicon that is not there); any other path is a client route.
    if (looksLikeFile(request.url)) return reply.status(404).send({ detail: 'Not found' });
    const page = prerenderedPageOf(request.url);
    if (page) return sendPrerendered(page, request, reply);
    if (request.method === 'GET' && sendStartPage && (await sendStartPage(request, reply))) return reply;
    return drawsFrame(request.url.split('?')[0] ?? '') ? sendIndexHtml(request, reply) : sendPlainIndexHtml(request, reply);
  });
  return app;
}
