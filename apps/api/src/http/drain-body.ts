import type { IncomingMessage } from 'node:http';

// nginx's own limit is 12 MB (deploy/nginx.conf.template); anything it lets through is drained.
const MAX_DRAIN_BYTES = 16 * 1024 * 1024;
const MAX_DRAIN_MS = 5_000;

/**
 * Reads and drops what is left of a body the API refused unread (413). A proxy in front
 * is still sending it: answering and closing at once makes the proxy's write fail, and
 * nginx then answers 502 instead of our 413. Bodies bigger than nginx would ever pass, or
 * that trickle, are not waited for: the connection closes after the answer instead.
 * Returns whether the body was read to its end.
 */
export function drainBody(raw: IncomingMessage): Promise<boolean> {
  if (raw.complete || raw.readableEnded) return Promise.resolve(true);
  const declared = Number(raw.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_DRAIN_BYTES) return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    const done = (whole: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      raw.off('error', onClose);
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > MAX_DRAIN_BYTES) done(false);
    };
    const onEnd = () => done(true);
    const onClose = () => done(false);
    const timer = setTimeout(() => done(false), MAX_DRAIN_MS);
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('close', onClose);
    raw.on('error', onClose);
    raw.resume();
  });
}
