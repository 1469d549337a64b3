import http from 'node:http';
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import type { AddressInfo } from 'node:net';

// Test helpers of Web Push (not a test file itself): a push service on 127.0.0.1 that
// records what it is sent, and a browser's side of RFC 8291 (its key pair, its auth
// secret, and decrypting a message), so a test reads what a phone would show.

export interface RecordedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

export interface PushService {
  /** `http://127.0.0.1:port`; an endpoint is this plus any path. */
  url: string;
  requests: RecordedPush[];
  /** Resolves with the requests `match` accepts once there are `count`, or fails after `timeoutMs`. */
  waitFor(match: (request: RecordedPush) => boolean, options?: { count?: number; timeoutMs?: number }): Promise<RecordedPush[]>;
  close(): Promise<void>;
}

/**
 * Answers every POST with the status `statusFor(path)` gives (201 unless told), after
 * `delayMs`, as FCM or Mozilla's autopush would: 201 delivered, 410 gone, 5xx try later.
 */
export async function startPushService(options: { statusFor?: (path: string) => number; delayMs?: number } = {}): Promise<PushService> {
  const requests: RecordedPush[] = [];
  const answers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      requests.push({ path, headers: req.headers, body: Buffer.concat(chunks), at: Date.now() });
      const answer = setTimeout(() => {
        answers.delete(answer);
        res.statusCode = options.statusFor?.(path) ?? 201;
        res.end();
      }, options.delayMs ?? 0);
      answers.add(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async waitFor(match, { count = 1, timeoutMs = 5_000 } = {}) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = requests.filter(match);
        if (found.length >= count) return found;
        if (Date.now() > until) throw new Error(`the push service got ${found.length} of ${count} expected requests in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const answer of answers) clearTimeout(answer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's subscription keys: a P-256 key pair and 16 random bytes of auth secret. */
export interface BrowserKeys {
  ecdh: ECDH;
  authSecret: Buffer;
  /** As PushSubscription.toJSON() gives them. */
  keys: { p256dh: string; auth: string };
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return { ecdh, authSecret, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: authSecret.toString('base64url') } };
}

/**
 * Decrypts an `aes128gcm` message body (RFC 8188 framing, RFC 8291 keys) as the browser
 * does: the header carries the salt, the record size and the sender's one-time public key;
 * ECDH with it and the auth secret derive the key and nonce; the one record ends with the
 * 0x02 delimiter and zero padding.
 */
export function decryptPush(body: Buffer, browser: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65 || record.length > recordSize) throw new Error(`unexpected header: keyid ${keyIdLength} bytes, record ${record.length} of ${recordSize}`);

  const ecdhSecret = browser.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, browser.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 0x02) throw new Error('the record does not end with the last-record delimiter 0x02');
  return padded.subarray(0, end).toString('utf8');
}
