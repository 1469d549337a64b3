import fs from 'node:fs';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRECOMPRESSED, pickEncoding, type Precompressed } from './encoding';

/**
 * index.html answers every client route (/login, /Store/Home...), so @fastify/static never
 * serves it: this does, with the build's brotli or gzip copy when the browser takes one.
 * It is never cached without asking, so a new build is picked up at the next navigation.
 * `link`: a Link header sent with it (the API's preconnect, web-host.ts). `edit`: the page
 * sent is the file changed so, compressed once here instead of the build's copies.
 */
export function indexHtmlSender(indexPath: string, { vary = 'accept-encoding', link, edit }: { vary?: string; link?: string; edit?: (html: string) => string } = {}) {
  const identity = edit ? Buffer.from(edit(fs.readFileSync(indexPath, 'utf8'))) : fs.readFileSync(indexPath);
  const copies = new Map<Precompressed, Buffer>();
  for (const { encoding, extension } of PRECOMPRESSED) {
    if (edit) copies.set(encoding, encoding === 'br' ? zlib.brotliCompressSync(identity) : zlib.gzipSync(identity, { level: 9 }));
    else if (fs.existsSync(indexPath + extension)) copies.set(encoding, fs.readFileSync(indexPath + extension));
  }
  const available = [...copies.keys()];

  return function sendIndexHtml(request: FastifyRequest, reply: FastifyReply) {
    const encoding = pickEncoding(request.headers['accept-encoding'], available);
    reply.header('cache-control', 'no-cache').header('vary', vary).type('text/html; charset=utf-8');
    if (link) reply.header('link', link);
    if (!encoding) return reply.send(identity);
    return reply.header('content-encoding', encoding).send(copies.get(encoding));
  };
}
