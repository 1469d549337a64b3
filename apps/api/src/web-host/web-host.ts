import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from '../config/config';
import { publicConfig } from './public-config';

/**
 * The web port: the built single-page app, its /config.json, and index.html for every
 * client-side route. Hashed assets are cached for good; index.html never, so a new build
 * is picked up at the next navigation.
 */
export async function buildWebHost(config: AppConfig): Promise<FastifyInstance> {
  const root = config.WEB_DIST_DIR;
  const indexPath = path.join(root, 'index.html');
  if (!fs.existsSync(indexPath)) throw new Error(`The web app is not built: ${indexPath} is missing. Run: npm run build`);
  // Static files need no per-request log lines; warnings and errors still show.
  const app = Fastify({ logger: config.LOG_LEVEL === 'silent' ? false : { level: 'warn' } });

  app.get('/config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return publicConfig(config);
  });
  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: false,
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const indexHtml = fs.readFileSync(indexPath);
  app.setNotFoundHandler((request, reply) => {
    // A missing asset is a real 404 (an old build's chunk); any other path is a client route.
    if (request.url.startsWith('/assets/')) return reply.status(404).send({ detail: 'Not found' });
    return reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml);
  });
  return app;
}
