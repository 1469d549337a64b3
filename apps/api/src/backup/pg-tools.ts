// pg_dump and psql from PostgreSQL's client tools (Debian: postgresql-client).
import { spawn } from 'node:child_process';

/**
 * The connection without its password, which goes to the tool through PGPASSWORD:
 * a command line is visible to every user of the machine (ps), the environment is not.
 */
export function toolConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  return { dbname: url.toString(), env };
}

function hintFor(tool: string, stderr: string): string {
  if (/server version mismatch|aborting because of server version/i.test(stderr)) {
    return ` ${tool} must be at least the server's major version: install that version's client tools (Debian: apt-get install postgresql-client-<version>) and put them first on the PATH.`;
  }
  if (/password authentication failed|no password supplied|could not connect|connection refused/i.test(stderr)) {
    return ' Check DATABASE_URL (host, port, user, password) and that the server runs.';
  }
  return '';
}

/** Runs a PostgreSQL client tool; fails with its last error lines and what to do about them. */
export async function runPgTool(tool: 'pg_dump' | 'psql', args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    // The last lines say what went wrong; an endless stream of notices must not fill memory.
    stderr = (stderr + chunk).slice(-8_000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') {
      throw new Error(`${tool} was not found. Install PostgreSQL's client tools of the server's major version (Debian: apt-get install postgresql-client) and run this again.`);
    }
    throw error;
  });
  if (code !== 0) {
    const said = stderr.trim().split('\n').slice(-5).join('\n');
    throw new Error(`${tool} failed (exit ${code}): ${said}${hintFor(tool, stderr)}`);
  }
}
