import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTar, TarFormatError } from './tar-reader';
import { tarStream, type TarEntry } from './tar-writer';

async function bytesOf(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Feeds the reader in awkward pieces (7 bytes), as a slow pipe would. */
async function* inPieces(buffer: Buffer, size = 7): AsyncGenerator<Buffer> {
  for (let at = 0; at < buffer.length; at += size) yield buffer.subarray(at, at + size);
}

async function readAll(input: AsyncIterable<Buffer>): Promise<Array<{ name: string; body: Buffer }>> {
  const out: Array<{ name: string; body: Buffer }> = [];
  for await (const entry of readTar(input)) out.push({ name: entry.name, body: await bytesOf(entry.body) });
  return out;
}

const LONG_NAME = `kabadi-backup/photos/orders/42/${'a'.repeat(90)}/${'b'.repeat(60)}.jpg`;
const entries = (): TarEntry[] => [
  { name: 'kabadi-backup/manifest.json', size: 2, body: Buffer.from('{}') },
  { name: 'exactly-512', size: 512, body: Readable.from([Buffer.alloc(300, 1), Buffer.alloc(212, 2)]) },
  { name: LONG_NAME, size: 3, body: Buffer.from('abc') },
  { name: 'empty', size: 0, body: Buffer.alloc(0) },
];

describe('tar writer and reader', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-tar-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('round-trips entries of any size and names longer than ustar holds, whatever the chunking', async () => {
    const archive = await bytesOf(tarStream(entries()));
    expect(archive.length % 512).toBe(0);
    const read = await readAll(inPieces(archive));
    expect(read.map((e) => [e.name, e.body.length])).toEqual([
      ['kabadi-backup/manifest.json', 2],
      ['exactly-512', 512],
      [LONG_NAME, 3],
      ['empty', 0],
    ]);
    expect(read[1]!.body.subarray(299, 301)).toEqual(Buffer.from([1, 2]));
  });

  it('writes what GNU tar reads, and reads what GNU tar writes', async () => {
    const file = path.join(dir, 'ours.tar');
    fs.writeFileSync(file, await bytesOf(tarStream(entries())));
    expect(execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n')).toEqual(['kabadi-backup/manifest.json', 'exactly-512', LONG_NAME, 'empty']);

    fs.mkdirSync(path.join(dir, 'src', 'deep'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'src', 'deep', `${'c'.repeat(120)}.txt`), 'gnu');
    const theirs = path.join(dir, 'theirs.tar');
    execFileSync('tar', ['-cf', theirs, '--format=posix', '-C', path.join(dir, 'src'), '.']);
    const read = await readAll(Readable.from(fs.readFileSync(theirs)));
    expect(read).toEqual([{ name: `./deep/${'c'.repeat(120)}.txt`, body: Buffer.from('gnu') }]);
  });

  it('refuses an archive cut short or damaged, and an entry whose size changed while it was written', async () => {
    const archive = await bytesOf(tarStream(entries()));
    await expect(readAll(inPieces(archive.subarray(0, 1000), 100))).rejects.toThrow(TarFormatError);
    const damaged = Buffer.from(archive);
    damaged[5] = damaged[5]! ^ 0xff;
    await expect(readAll(inPieces(damaged))).rejects.toThrow(/checksum/);
    const shrunk = tarStream([{ name: 'x', size: 10, body: Readable.from([Buffer.alloc(4)]) }]);
    await expect(bytesOf(shrunk)).rejects.toThrow(/changed while it was being archived/);
  });
});
