// An encrypted backup file (docs/backups.md, docs/decisions/064): a readable first line, a
// header with the scrypt parameters and salt, then the gzipped archive in chunks of
// AES-256-GCM. This is the STREAM construction: each chunk's nonce is its number and a
// flag marking the last chunk, so a chunk moved, dropped or cut off fails its tag, and a
// file cut at a chunk boundary lacks its last chunk. Chunks rather than one GCM over the
// whole file: a backup is gigabytes of photos, and a restore must not act on bytes whose
// tag it has not checked yet.
import { createCipheriv, createDecipheriv, randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import fs from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';

export const ENCRYPTED_MAGIC = Buffer.from('KABADI-ORDERS-ENCRYPTED-BACKUP\n');
const VERSION = 1;
const KDF_SCRYPT = 1;
// OWASP's scrypt minimum (N=2^17, r=8, p=1): 128 MB and about half a second per file.
const SCRYPT_DEFAULTS = { log2N: 17, r: 8, p: 1 };
const SALT_BYTES = 16;
const TAG_BYTES = 16;
const CHUNK_BYTES = 64 * 1024;
// magic, version, kdf, log2N, r, p, salt, chunk size, key check tag
const HEADER_BYTES = ENCRYPTED_MAGIC.length + 5 + SALT_BYTES + 4 + TAG_BYTES;
const FLAG = { chunk: 0, last: 1, keyCheck: 2 } as const;

/** The key does not open the file: a wrong BACKUP_KEY (or a damaged header). */
export class BackupKeyError extends Error {}
/** The file's chunks fail their tags: damaged, cut short, or put together from pieces. */
export class BackupDamagedError extends Error {}

interface KdfParams {
  log2N: number;
  r: number;
  p: number;
  salt: Buffer;
}

/** BACKUP_KEY as given; keys derived from it are kept per salt, so reading a file back costs one scrypt, not one per pass. */
export class BackupKey {
  private readonly derived = new Map<string, Promise<Buffer>>();

  constructor(private readonly passphrase: string) {}

  derive({ log2N, r, p, salt }: KdfParams): Promise<Buffer> {
    const id = `${log2N}:${r}:${p}:${salt.toString('hex')}`;
    let key = this.derived.get(id);
    if (!key) {
      const N = 2 ** log2N;
      const options: ScryptOptions = { N, r, p, maxmem: 2 * 128 * N * r * p };
      key = new Promise<Buffer>((resolve, reject) => scrypt(this.passphrase.normalize('NFC'), salt, 32, options, (error, bytes) => (error ? reject(error) : resolve(bytes))));
      this.derived.set(id, key);
    }
    return key;
  }
}

function nonce(counter: number, flag: number): Buffer {
  const bytes = Buffer.alloc(12);
  bytes.writeBigUInt64BE(BigInt(counter), 3);
  bytes[11] = flag;
  return bytes;
}

function seal(key: Buffer, iv: Buffer, aad: Buffer, plain: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

/** The plaintext, or null when the tag does not match. */
function open(key: Buffer, iv: Buffer, aad: Buffer, sealed: Buffer): Buffer | null {
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(aad);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}

function headerBody({ log2N, r, p, salt }: KdfParams): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(CHUNK_BYTES);
  return Buffer.concat([ENCRYPTED_MAGIC, Buffer.from([VERSION, KDF_SCRYPT, log2N, r, p]), salt, size]);
}

/** Encrypts a stream of bytes into the format above; the header goes out before the first chunk. */
export function createEncryptor(backupKey: BackupKey): Transform {
  const kdf: KdfParams = { ...SCRYPT_DEFAULTS, salt: randomBytes(SALT_BYTES) };
  const body = headerBody(kdf);
  let header: Buffer | null = null;
  let key: Buffer | null = null;
  let pending: Buffer = Buffer.alloc(0);
  let counter = 0;
  const start = async (push: (b: Buffer) => void) => {
    if (key && header) return { key, header };
    key = await backupKey.derive(kdf);
    // An empty message under its own nonce: a wrong key is told from a damaged file by the header alone.
    header = Buffer.concat([body, seal(key, nonce(0, FLAG.keyCheck), body, Buffer.alloc(0))]);
    push(header);
    return { key, header };
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      start((b) => this.push(b))
        .then(({ key, header }) => {
          pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
          // A full chunk goes out only once a byte follows it: the last chunk is then always the one the flush seals.
          while (pending.length > CHUNK_BYTES) {
            this.push(seal(key, nonce(counter++, FLAG.chunk), header, pending.subarray(0, CHUNK_BYTES)));
            pending = pending.subarray(CHUNK_BYTES);
          }
          callback();
        })
        .catch(callback);
    },
    flush(callback: TransformCallback) {
      start((b) => this.push(b))
        .then(({ key, header }) => {
          this.push(seal(key, nonce(counter++, FLAG.last), header, pending));
          callback();
        })
        .catch(callback);
    },
  });
}

function parseHeader(header: Buffer): { kdf: KdfParams; body: Buffer; check: Buffer } {
  let at = ENCRYPTED_MAGIC.length;
  const [version, kdfKind, log2N, r, p] = header.subarray(at, at + 5);
  at += 5;
  if (version !== VERSION || kdfKind !== KDF_SCRYPT) throw new BackupDamagedError(`it is encrypted in a format this version does not read (format ${version}): update this checkout, then restore`);
  // Bounds keep a forged header from asking for gigabytes of memory or hours of scrypt.
  if (log2N! < 14 || log2N! > 22 || r! < 1 || r! > 32 || p! < 1 || p! > 16) throw new BackupDamagedError('its encryption header is damaged');
  const salt = header.subarray(at, at + SALT_BYTES);
  at += SALT_BYTES;
  if (header.readUInt32BE(at) !== CHUNK_BYTES) throw new BackupDamagedError('its encryption header is damaged');
  at += 4;
  return { kdf: { log2N: log2N!, r: r!, p: p!, salt }, body: header.subarray(0, at), check: header.subarray(at, at + TAG_BYTES) };
}

/** Decrypts the format above; every byte it passes on has been checked by its tag. */
export function createDecryptor(backupKey: BackupKey): Transform {
  const RECORD = CHUNK_BYTES + TAG_BYTES;
  let opened: { key: Buffer; header: Buffer } | null = null;
  let pending: Buffer = Buffer.alloc(0);
  let counter = 0;
  const damaged = () => new BackupDamagedError('it is damaged or cut short (a part fails its check): copy it again from where it was kept');
  const openHeader = async (): Promise<boolean> => {
    if (opened) return true;
    if (pending.length < HEADER_BYTES) return false;
    const header = pending.subarray(0, HEADER_BYTES);
    if (!header.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC)) throw new BackupDamagedError('it is not an encrypted backup');
    const { kdf, body, check } = parseHeader(header);
    const key = await backupKey.derive(kdf);
    if (!open(key, nonce(0, FLAG.keyCheck), body, check)) throw new BackupKeyError('the backup key does not open this file: BACKUP_KEY is not the key it was written with (or the file\'s first bytes are damaged)');
    opened = { key, header: Buffer.from(header) };
    pending = pending.subarray(HEADER_BYTES);
    return true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      openHeader()
        .then((ready) => {
          // A full record is known not to be the last once a byte follows it.
          while (ready && opened && pending.length > RECORD) {
            const plain = open(opened.key, nonce(counter++, FLAG.chunk), opened.header, pending.subarray(0, RECORD));
            if (!plain) throw damaged();
            this.push(plain);
            pending = pending.subarray(RECORD);
          }
          callback();
        })
        .catch(callback);
    },
    flush(callback: TransformCallback) {
      openHeader()
        .then((ready) => {
          if (!ready || !opened) throw damaged();
          const plain = pending.length >= TAG_BYTES ? open(opened.key, nonce(counter++, FLAG.last), opened.header, pending) : null;
          if (!plain) throw damaged();
          if (plain.length > 0) this.push(plain);
          callback();
        })
        .catch(callback);
    },
  });
}

/** True when the file starts as an encrypted backup does; older backups are plain gzip. */
export async function isEncryptedFile(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const start = Buffer.alloc(ENCRYPTED_MAGIC.length);
    const { bytesRead } = await handle.read(start, 0, start.length, 0);
    return bytesRead === start.length && start.equals(ENCRYPTED_MAGIC);
  } finally {
    await handle.close();
  }
}
