import { randomBytes } from 'node:crypto';
import { Readable, type Transform } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BackupDamagedError, BackupKey, BackupKeyError, createDecryptor, createEncryptor, ENCRYPTED_MAGIC } from './backup-crypto';

const CHUNK = 64 * 1024;
const RECORD = CHUNK + 16;
const HEADER = ENCRYPTED_MAGIC.length + 5 + 16 + 4 + 16;

async function through(transform: Transform, bytes: Buffer, pieceSize = 10_000): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += pieceSize) pieces.push(bytes.subarray(at, at + pieceSize));
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(pieces).pipe(transform)) out.push(chunk as Buffer);
  return Buffer.concat(out);
}

const key = new BackupKey('correct horse battery staple, for tests');
const sealed = new Map<number, Promise<Buffer>>();
/** One encryption per size: each costs a scrypt. */
const encryptedOf = (plain: Buffer) => {
  if (!sealed.has(plain.length)) sealed.set(plain.length, through(createEncryptor(key), plain));
  return sealed.get(plain.length)!;
};
const PLAIN = randomBytes(3 * CHUNK + 123);
const flipped = (bytes: Buffer, at: number) => {
  const copy = Buffer.from(bytes);
  copy[at]! ^= 1;
  return copy;
};

describe('encrypted backup files (AES-256-GCM in chunks, scrypt)', () => {
  it.each([0, 1, CHUNK, CHUNK + 1, 3 * CHUNK + 123])('gives back %i bytes exactly, whatever the pieces they arrive in', async (size) => {
    const plain = PLAIN.subarray(0, size);
    const file = await encryptedOf(plain);
    expect(file.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC)).toBe(true);
    // One tag per chunk, and a last chunk even when nothing is left for it.
    expect(file.length).toBe(HEADER + Math.max(1, Math.ceil(size / CHUNK)) * 16 + size);
    expect((await through(createDecryptor(new BackupKey('correct horse battery staple, for tests')), file, 777)).equals(plain)).toBe(true);
  }, 30_000);

  it('hides the bytes: a repeated plaintext shows nowhere in the file, and two files of the same bytes differ', async () => {
    const plain = Buffer.from('create table public.signing_keys '.repeat(4000));
    const [a, b] = [await through(createEncryptor(key), plain), await through(createEncryptor(key), plain)];
    expect(a.includes(Buffer.from('signing_keys'))).toBe(false);
    expect(a.equals(b)).toBe(false);
  }, 30_000);

  it('refuses a wrong key from the header alone, saying so', async () => {
    const file = await encryptedOf(PLAIN);
    await expect(through(createDecryptor(new BackupKey('not the key it was written with')), file)).rejects.toThrow(BackupKeyError);
    await expect(through(createDecryptor(new BackupKey('not the key it was written with')), file)).rejects.toThrow('the backup key does not open this file');
  }, 30_000);

  it('refuses a file cut short (inside a chunk, at a chunk boundary, inside the header), reordered, or with one byte changed', async () => {
    const file = await encryptedOf(PLAIN);
    const chunks = [0, 1, 2].map((i) => file.subarray(HEADER + i * RECORD, HEADER + (i + 1) * RECORD));
    const damaged = [
      file.subarray(0, file.length - 1),
      file.subarray(0, HEADER + 2 * RECORD),
      file.subarray(0, HEADER + 2 * RECORD + 100),
      file.subarray(0, HEADER),
      Buffer.concat([file.subarray(0, HEADER), chunks[1]!, chunks[0]!, chunks[2]!, file.subarray(HEADER + 3 * RECORD)]),
      Buffer.concat([file.subarray(0, HEADER), chunks[0]!, chunks[2]!, file.subarray(HEADER + 3 * RECORD)]),
      flipped(file, HEADER + RECORD + 10),
    ];
    for (const [i, bytes] of damaged.entries()) {
      await expect(through(createDecryptor(key), bytes), `damage ${i}`).rejects.toThrow(BackupDamagedError);
    }
    await expect(through(createDecryptor(key), file.subarray(0, HEADER - 1))).rejects.toThrow(BackupDamagedError);
    // A changed salt derives another key: the header cannot tell that from a wrong key, and says both.
    await expect(through(createDecryptor(key), flipped(file, ENCRYPTED_MAGIC.length + 10))).rejects.toThrow(/does not open this file.*damaged/);
  }, 30_000);

  it('refuses a header that asks for more scrypt work than a backup ever uses', async () => {
    const file = Buffer.from(await encryptedOf(PLAIN));
    file[ENCRYPTED_MAGIC.length + 2] = 30;
    await expect(through(createDecryptor(key), file)).rejects.toThrow('its encryption header is damaged');
  }, 30_000);
});
