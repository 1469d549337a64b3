import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LocalUserPool } from '../apps/api/src/test/cognito-local';

// The product instance of e2e/cognito.spec.ts: AUTH_PROVIDER=cognito against the spec's own
// cognito-local pool, production mode, serving the admin role. The pool's ids exist only
// once the spec has started cognito-local, so the spec starts this instance itself (not
// playwright.config.ts's webServer). It shares the web build of the first instance, which
// playwright.config.ts starts before any test (scripts/start-after.mjs waits for it).

const root = path.resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 120_000;

export interface CognitoInstance {
  webUrl: string;
  apiUrl: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killLater = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killLater);
}

/** Starts the API and the web host with the pool's settings; `adminLoginId` is the configured first admin. */
export async function startCognitoInstance(pool: LocalUserPool, adminLoginId: string): Promise<CognitoInstance> {
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://localhost:${apiPort}`;
  const webUrl = `http://localhost:${webPort}`;
  // kabadi-e2e-*: e2e/global-setup.ts removes what a run that died left behind.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-e2e-'));
  const firstInstance = `http://localhost:${process.env.E2E_WEB_PORT ?? 8180}/config.json`;
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'scripts/start-after.mjs'), firstInstance], {
    cwd: root,
    env: {
      ...process.env,
      API_PORT: String(apiPort),
      WEB_PORT: String(webPort),
      API_BASE_URL: apiUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      APP_ENV: 'production',
      APP_ROLE: 'admin',
      AUTH_PROVIDER: 'cognito',
      COGNITO_USER_POOL_ID: pool.userPoolId,
      COGNITO_CLIENT_ID: pool.clientId,
      COGNITO_ENDPOINT: pool.endpoint,
      COGNITO_DOMAIN: '',
      // The first admin's member record; the pool holds the password that signs it in (this one is never used).
      ADMIN_LOGIN_ID: adminLoginId,
      ADMIN_PASSWORD: randomBytes(18).toString('base64url'),
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const stop = async () => {
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!((await answers(`${webUrl}/config.json`)) && (await answers(`${apiUrl}/healthz`)))) {
      if (child.exitCode !== null) throw new Error(`the cognito instance exited (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`the cognito instance did not answer within ${START_TIMEOUT_MS} ms:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { webUrl, apiUrl, stop };
}
