// Reads a tar stream entry by entry without holding it in memory: ustar and pax headers
// (what tar-writer.ts writes, and what GNU tar and PGlite's dumpDataDir write for regular
// files). Directories, links and devices are skipped: a backup holds none.
import { BLOCK } from './tar-writer';

export interface TarReadEntry {
  name: string;
  size: number;
  /** The entry's bytes; read it before asking for the next entry, or they are skipped. */
  body: AsyncGenerator<Buffer>;
}

export class TarFormatError extends Error {}

/** Pulls exact byte counts out of a stream of chunks of any size. */
class ByteSource {
  private chunks: Buffer[] = [];
  private length = 0;
  private done = false;

  constructor(private readonly input: AsyncIterator<Buffer | Uint8Array>) {}

  private async fill(wanted: number): Promise<boolean> {
    while (this.length < wanted && !this.done) {
      const next = await this.input.next();
      if (next.done) {
        this.done = true;
        break;
      }
      const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
      this.chunks.push(chunk);
      this.length += chunk.length;
    }
    return this.length >= wanted;
  }

  /** Up to `max` bytes (at least one), or null at the end. */
  async some(max: number): Promise<Buffer | null> {
    if (!(await this.fill(1))) return null;
    const first = this.chunks[0]!;
    if (first.length <= max) {
      this.chunks.shift();
      this.length -= first.length;
      return first;
    }
    this.chunks[0] = first.subarray(max);
    this.length -= max;
    return first.subarray(0, max);
  }

  /** Exactly `count` bytes, or null when the stream ends first. */
  async exactly(count: number): Promise<Buffer | null> {
    if (!(await this.fill(count))) return null;
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const rest = all.subarray(count);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return all.subarray(0, count);
  }
}

const truncated = () => new TarFormatError('the archive ends in the middle of an entry: the file is incomplete (copied before it was fully written?)');

function text(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function number(block: Buffer, offset: number, length: number): number {
  const field = block.subarray(offset, offset + length);
  // GNU's base-256 form for values octal cannot hold.
  if ((field[0]! & 0x80) !== 0) {
    let value = field[0]! & 0x7f;
    for (const byte of field.subarray(1)) value = value * 256 + byte;
    return value;
  }
  const digits = text(block, offset, length).trim();
  return digits === '' ? 0 : parseInt(digits, 8);
}

function checksumOk(block: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  return sum === number(block, 148, 8);
}

function parsePax(records: Buffer): Record<string, string> {
  const values: Record<string, string> = {};
  let at = 0;
  while (at < records.length) {
    const space = records.indexOf(0x20, at);
    if (space === -1) break;
    const length = parseInt(records.subarray(at, space).toString('utf8'), 10);
    if (!Number.isInteger(length) || length <= 0) throw new TarFormatError('the archive has a damaged pax header');
    const record = records.subarray(space + 1, at + length - 1).toString('utf8');
    const equals = record.indexOf('=');
    if (equals > 0) values[record.slice(0, equals)] = record.slice(equals + 1);
    at += length;
  }
  return values;
}

const padded = (size: number) => Math.ceil(size / BLOCK) * BLOCK;

export async function* readTar(input: AsyncIterable<Buffer | Uint8Array>): AsyncGenerator<TarReadEntry> {
  const source = new ByteSource(input[Symbol.asyncIterator]());
  let pax: Record<string, string> = {};
  for (;;) {
    const block = await source.exactly(BLOCK);
    if (!block) throw truncated();
    if (block.every((byte) => byte === 0)) return;
    if (!checksumOk(block)) throw new TarFormatError('the archive is damaged (a header fails its checksum): it is not a backup of this product, or it was corrupted');
    const type = text(block, 156, 1) || '0';
    const prefix = text(block, 257, 6).startsWith('ustar') ? text(block, 345, 155) : '';
    const name = pax.path ?? (prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100));
    const size = pax.size !== undefined ? Number(pax.size) : number(block, 124, 12);
    pax = {};
    if (type === 'x' || type === 'g') {
      const records = await source.exactly(padded(size));
      if (!records) throw truncated();
      if (type === 'x') pax = parsePax(records.subarray(0, size));
      continue;
    }
    let remaining = size;
    async function* body(): AsyncGenerator<Buffer> {
      while (remaining > 0) {
        const chunk = await source.some(Math.min(remaining, 1 << 20));
        if (!chunk) throw truncated();
        remaining -= chunk.length;
        yield chunk;
      }
    }
    const entryBody = body();
    if (type === '0' || type === '7') yield { name, size, body: entryBody };
    // Whatever the caller left unread is skipped, then the padding after it.
    while (remaining > 0) {
      const chunk = await source.some(Math.min(remaining, 1 << 20));
      if (!chunk) throw truncated();
      remaining -= chunk.length;
    }
    if (padded(size) > size && !(await source.exactly(padded(size) - size))) throw truncated();
  }
}
