// `npm start`: build the web app when it is missing or older than its sources, then run
// the API and the web host in this process (tsx compiles the TypeScript on the fly).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST_DIR lets a second checkout of the product (a browser-test run beside a dev
// server) build and serve its own copy without touching apps/web/dist.
const distDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(root, 'apps/web/dist');
const distIndex = path.join(distDir, 'index.html');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const mtime = fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/vite-prerender-login.ts', 'apps/web/vite-early-requests.ts', 'apps/web/vite-phone-start-chunks.ts', 'apps/web/vite-session-start.ts', 'packages/shared/src'].map((p) => path.join(root, p));

function needsBuild() {
  const builtAt = fs.existsSync(distIndex) ? fs.statSync(distIndex).mtimeMs : 0;
  const sourcesAt = Math.max(...sources.map((p) => (fs.existsSync(p) && fs.statSync(p).isFile() ? fs.statSync(p).mtimeMs : newestMtime(p))));
  return { builtAt, stale: builtAt < sourcesAt };
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

// Several processes started at once from one checkout (several API processes behind a
// balancer) must not build into one directory together: the build empties it first, so
// one would delete what the other wrote. The first takes a lock file and builds; the
// others wait for it and then find the build fresh. A lock left by a process that died is
// taken over.
async function withBuildLock(work) {
  const lockPath = `${distDir}.build-lock`;
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  let said = false;
  for (;;) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      let text;
      try {
        text = fs.readFileSync(lockPath, 'utf8');
      } catch (readError) {
        if (readError.code === 'ENOENT') continue; // released in between: try again
        throw readError;
      }
      const holder = Number(text);
      // An empty lock is one another start has just created and not yet written its pid
      // into: wait for it, unless it has stayed empty (that start died in between).
      const abandoned = text === '' ? Date.now() - (fs.statSync(lockPath, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 5_000 : !Number.isInteger(holder) || holder <= 0 || !alive(holder);
      if (abandoned) {
        fs.rmSync(lockPath, { force: true });
        continue;
      }
      if (!said) console.log(`Another start (process ${holder}) is building the web app: waiting for it…`);
      said = true;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(lockPath, { force: true });
  }
}

if (needsBuild().stale) {
  await withBuildLock(() => {
    const { builtAt, stale } = needsBuild();
    if (!stale) return;
    console.log(builtAt ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start, about a minute)…');
    const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  });
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/api/src/server.ts'));
