import fs from 'node:fs';
import path from 'node:path';

/**
 * The processes (other than this one) with a file under `dir` open, or null where the
 * system cannot tell (no /proc: not Linux). PGlite takes no lock on its data directory, and
 * a second process opening it while another writes would damage it: before `npm run backup`
 * opens it, this makes sure no API (an older one without the backup channel, or one still
 * starting) holds it.
 */
export function processesHolding(dir: string): number[] | null {
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const prefix = path.resolve(dir) + path.sep;
  const holders: number[] = [];
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone meanwhile, or another user's
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (target.startsWith(prefix)) {
        holders.push(Number(pid));
        break;
      }
    }
  }
  return holders;
}
