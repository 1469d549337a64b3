import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { App } from '../app';
import type { Database } from '../db/database';
import { AUTH_CHANNEL } from '../features/events/live-listener';

/**
 * `npm run test:api-through-nginx` sets this: every PostgreSQL test app then runs as two API
 * processes behind nginx (deploy/nginx.conf.template, the example deployment), and its
 * `app.inject()` goes over real HTTP through nginx, so consecutive requests land on either
 * process. What the suite asserts then holds for several machines, not just one.
 */
export const THROUGH_NGINX = process.env.API_TESTS_THROUGH_NGINX === '1';

const NGINX = '/usr/sbin/nginx';
const TEMPLATE = path.resolve(import.meta.dirname, '../../../../deploy/nginx.conf.template');

export interface Balancer {
  /** nginx's address: what a client of the deployment calls. */
  url: string;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function listening(app: App): Promise<number> {
  const address = app.server.address();
  if (address && typeof address === 'object') return address.port;
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as net.AddressInfo).port;
}

/**
 * Until nginx has bound its ports: it writes its pid file only after that. A port that
 * merely answers is not enough: between freePort() and nginx's bind, another process of the
 * suite may take the same port, and nginx then ends with "address in use" (answers false).
 */
async function nginxStarted(nginx: ChildProcess, runDir: string): Promise<boolean> {
  const until = Date.now() + 10_000;
  for (;;) {
    if (nginx.exitCode !== null) return false;
    if (fs.existsSync(path.join(runDir, 'nginx.pid'))) return true;
    if (Date.now() > until) throw new Error(`nginx did not start: ${readLog(runDir)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const readLog = (runDir: string) => {
  const errorLog = path.join(runDir, 'error.log');
  return fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '';
};

/** nginx, configured as the example deployment, in front of `first` and `second`. */
export async function startBalancer(first: App, second: App): Promise<Balancer> {
  if (!fs.existsSync(NGINX)) throw new Error(`nginx is missing at ${NGINX}: apt-get install -y nginx-light`);
  const [one, two] = await Promise.all([listening(first), listening(second)]);
  for (let attempt = 1; ; attempt += 1) {
    const [apiPort, webPort] = await Promise.all([freePort(), freePort()]);
    const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-nginx-'));
    // As in deploy/start.sh: root's nginx workers write big bodies under runDir as another user.
    fs.chmodSync(runDir, 0o755);
    const values: Record<string, string> = {
      RUN_DIR: runDir,
      API_PORT_1: String(one),
      API_PORT_2: String(two),
      // The web upstream is not under test here; it needs some address to parse.
      WEB_PORT_1: String(one),
      WEB_PORT_2: String(two),
      PUBLIC_API_PORT: `127.0.0.1:${apiPort}`,
      PUBLIC_WEB_PORT: `127.0.0.1:${webPort}`,
    };
    const conf = fs.readFileSync(TEMPLATE, 'utf8').replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
      const value = values[key];
      if (value === undefined) throw new Error(`deploy/nginx.conf.template uses {{${key}}}, which the test balancer does not fill`);
      return value;
    });
    const confPath = path.join(runDir, 'nginx.conf');
    fs.writeFileSync(confPath, conf);
    const nginx = spawn(NGINX, ['-p', runDir, '-c', confPath, '-e', path.join(runDir, 'error.log')], { stdio: 'ignore' });
    if (!(await nginxStarted(nginx, runDir))) {
      // Another process took a port first: new ports, a few times.
      const log = readLog(runDir);
      fs.rmSync(runDir, { recursive: true, force: true });
      if (attempt < 5 && /in use/i.test(log)) continue;
      throw new Error(`nginx ended (${nginx.exitCode}): ${log}`);
    }
    return {
      url: `http://127.0.0.1:${apiPort}`,
      async close() {
        if (nginx.exitCode === null) {
          const ended = new Promise((resolve) => nginx.once('exit', resolve));
          nginx.kill('SIGQUIT');
          await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 3000))]);
          if (nginx.exitCode === null) nginx.kill('SIGKILL');
        }
        fs.rmSync(runDir, { recursive: true, force: true });
      },
    };
  }
}

/** What the suite reads of light-my-request's response, from a real HTTP response. */
interface HttpResponse {
  statusCode: number;
  statusMessage: string;
  headers: http.IncomingHttpHeaders;
  rawPayload: Buffer;
  body: string;
  payload: string;
  json<T = unknown>(): T;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** `app.inject(options)` over HTTP to `baseUrl`: the same options, the same response fields. */
export function httpInject(baseUrl: string) {
  return async (options: InjectOptions | string): Promise<HttpResponse> => {
    const opts: InjectOptions = typeof options === 'string' ? { url: options } : options;
    const rawUrl = typeof opts.url === 'string' ? opts.url : opts.path ?? '/';
    const target = new URL(String(rawUrl), baseUrl);
    if (opts.query && typeof opts.query === 'object') {
      for (const [key, value] of Object.entries(opts.query)) {
        for (const one of Array.isArray(value) ? value : [value]) target.searchParams.append(key, String(one));
      }
    }
    const headers: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(opts.headers ?? {})) if (value !== undefined) headers[key.toLowerCase()] = value as string | string[];
    let body: Buffer | undefined;
    const payload = opts.payload ?? opts.body;
    if (payload !== undefined && payload !== null) {
      if (Buffer.isBuffer(payload)) body = payload;
      else if (typeof payload === 'string') body = Buffer.from(payload);
      else if (typeof payload === 'object' && typeof (payload as NodeJS.ReadableStream).pipe === 'function') {
        const chunks: Buffer[] = [];
        for await (const chunk of payload as AsyncIterable<Buffer | string>) chunks.push(Buffer.from(chunk));
        body = Buffer.concat(chunks);
      } else {
        body = Buffer.from(JSON.stringify(payload));
        headers['content-type'] ??= 'application/json';
      }
    }
    if (body) headers['content-length'] = String(body.length);
    // nginx replaces X-Forwarded-For with the address it sees, as a deployment's must. A
    // test that speaks from address a.b.c.d therefore really connects from 127.b.c.d (all of
    // 127/8 is this machine), so the API still sees one distinct address per caller.
    let localAddress: string | undefined;
    const forwarded = headers['x-forwarded-for'];
    if (typeof forwarded === 'string') {
      const ipv4 = /^\d+\.(\d+)\.(\d+)\.(\d+)$/.exec(forwarded.split(',')[0]!.trim());
      if (ipv4) localAddress = `127.${ipv4[1]}.${ipv4[2]}.${ipv4[3]}`;
    }
    if (opts.cookies) {
      const cookie = Object.entries(opts.cookies).map(([k, v]) => `${k}=${v}`).join('; ');
      headers.cookie = headers.cookie ? `${String(headers.cookie)}; ${cookie}` : cookie;
    }
    return new Promise<HttpResponse>((resolve, reject) => {
      const request = http.request(target, { method: opts.method ?? 'GET', headers, agent, ...(localAddress ? { localAddress } : {}) }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const rawPayload = Buffer.concat(chunks);
          const text = rawPayload.toString('utf8');
          resolve({
            statusCode: response.statusCode ?? 0,
            statusMessage: response.statusMessage ?? '',
            headers: response.headers,
            rawPayload,
            body: text,
            payload: text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
      });
      request.on('error', reject);
      request.end(body);
    });
  };
}

/**
 * Until every process has heard what was committed so far. A write answered by one process
 * reaches the other's caches through NOTIFY a millisecond later; a client of a real
 * deployment reads again after a network round trip, but the suite reads at once, and on
 * a loaded machine it would sometimes win that race. A notification sent now is heard
 * after the write's (PostgreSQL delivers them in commit order), so once every process has
 * heard it, the write has reached them all.
 */
export function feedBarrier(db: Database, apps: App[]): () => Promise<void> {
  return async () => {
    const before = apps.map((app) => app.live.versions.resets);
    await db.execute(sql`select pg_notify(${AUTH_CHANNEL}, '')`);
    const until = Date.now() + 5_000;
    while (apps.some((app, i) => app.live.versions.resets <= before[i]!)) {
      if (Date.now() > until) throw new Error('a process did not hear the change feed within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  };
}
