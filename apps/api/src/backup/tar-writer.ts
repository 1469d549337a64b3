// A tar (POSIX ustar, with pax headers for what ustar cannot hold) written as a stream of
// buffers. A backup holds a few large entries and many small photos; a dependency for that
// would be more code to trust than these few lines.

export interface TarEntry {
  /** A relative path with `/` separators. */
  name: string;
  size: number;
  /** Exactly `size` bytes; more or fewer is an error (the header already promised the size). */
  body: Buffer | AsyncIterable<Buffer | Uint8Array>;
  /** Seconds since the epoch; default now. */
  mtime?: number;
}

export const BLOCK = 512;
// Octal in 11 digits: anything at or above this needs a pax `size` record.
const USTAR_MAX_SIZE = 0o77777777777;

function writeText(block: Buffer, offset: number, length: number, text: string): void {
  block.write(text, offset, length, 'utf8');
}

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  writeText(block, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

function header(name: string, size: number, mtime: number, type: '0' | 'x'): Buffer {
  const block = Buffer.alloc(BLOCK);
  writeText(block, 0, 100, name);
  // Owner-only once unpacked: the entries are a database with password hashes, and photos.
  writeOctal(block, 100, 8, 0o600);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, Math.floor(mtime));
  block.fill(' ', 148, 156);
  writeText(block, 156, 1, type);
  writeText(block, 257, 6, 'ustar\0');
  writeText(block, 263, 2, '00');
  let sum = 0;
  for (const byte of block) sum += byte;
  writeText(block, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

/** A pax record is `<length> <key>=<value>\n`, the length counting itself. */
function paxRecord(key: string, value: string): string {
  const rest = ` ${key}=${value}\n`;
  const restLength = Buffer.byteLength(rest);
  let length = restLength + 1;
  while (String(length).length + restLength !== length) length = String(length).length + restLength;
  return `${length}${rest}`;
}

function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

export function tarHeaders(entry: TarEntry): Buffer[] {
  const mtime = entry.mtime ?? Date.now() / 1000;
  const nameFits = Buffer.byteLength(entry.name) <= 100 && /^[\x20-\x7e]+$/.test(entry.name);
  const sizeFits = entry.size <= USTAR_MAX_SIZE;
  const blocks: Buffer[] = [];
  if (!nameFits || !sizeFits) {
    const records = Buffer.from((nameFits ? '' : paxRecord('path', entry.name)) + (sizeFits ? '' : paxRecord('size', String(entry.size))));
    blocks.push(header('PaxHeader', records.length, mtime, 'x'), records, padding(records.length));
  }
  // With a pax header the ustar fields are only a fallback for old readers.
  const shortName = nameFits ? entry.name : Buffer.from(entry.name).subarray(0, 100).toString('latin1').replace(/[^\x20-\x7e]/g, '_');
  blocks.push(header(shortName, sizeFits ? entry.size : 0, mtime, '0'));
  return blocks;
}

/** The archive's bytes, entry after entry, then the two empty blocks that end a tar. */
export async function* tarStream(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    yield* tarHeaders(entry);
    let written = 0;
    if (Buffer.isBuffer(entry.body)) {
      written = entry.body.length;
      yield entry.body;
    } else {
      for await (const chunk of entry.body) {
        written += chunk.length;
        if (written > entry.size) throw new Error(`${entry.name} grew while it was being archived (more than ${entry.size} bytes)`);
        yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
      }
    }
    if (written !== entry.size) throw new Error(`${entry.name} changed while it was being archived (${written} bytes instead of ${entry.size})`);
    yield padding(entry.size);
  }
  yield Buffer.alloc(BLOCK * 2);
}
