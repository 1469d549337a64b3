import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { LIST_HEADERS } from '@app/shared/link-header';

// The one CSV writer of every export (design.md section 13): rows come in batches from an
// async source and leave as they come, so an export of a million rows holds one batch in
// memory, never the file. The stream pulls the next batch only when the client has taken
// the last (Readable backpressure), so a slow download does not pile rows up either.

export type CsvValue = string | number | null;

export interface CsvOptions {
  /**
   * Text a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading apostrophe:
   * names are typed by users (OWASP "CSV injection"). Off for files meant to be imported
   * back unchanged (the rate card).
   */
  guardFormulas?: boolean;
  /** A UTF-8 byte order mark first, so spreadsheets read Hindi names right. */
  byteOrderMark?: boolean;
}

/** One field, RFC 4180: quoted when it holds a comma, quote or line break, quotes doubled. */
export function csvField(value: CsvValue, { guardFormulas = true }: CsvOptions = {}): string {
  let text = value === null ? '' : String(value);
  if (guardFormulas && typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CRLF-terminated line. */
export const csvLine = (values: readonly CsvValue[], options: CsvOptions = {}): string => `${values.map((v) => csvField(v, options)).join(',')}\r\n`;

/** The header line, then each batch of rows as one chunk. */
export function csvStream(header: readonly string[], batches: AsyncIterable<Iterable<readonly CsvValue[]>>, options: CsvOptions = {}): Readable {
  async function* chunks() {
    yield `${options.byteOrderMark ? '\uFEFF' : ''}${csvLine(header, options)}`;
    for await (const batch of batches) {
      let chunk = '';
      for (const row of batch) chunk += csvLine(row, options);
      if (chunk) yield chunk;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** A whole CSV of rows already at hand (a small export), as the same kind of stream. */
export function csvStreamOf(header: readonly string[], rows: Iterable<readonly CsvValue[]>, options: CsvOptions = {}): Readable {
  async function* once() {
    yield rows;
  }
  return csvStream(header, once(), options);
}

export interface CsvDownload {
  filename: string;
  stream: Readable;
  /** Rows the file will hold (X-Total-Count), so the browser can show progress while it streams. */
  total?: { count: number; estimated: boolean } | undefined;
}

/** Sends the stream as an attachment; chunked, so no Content-Length: X-Total-Count is the progress signal. */
export function sendCsv(reply: FastifyReply, { filename, stream, total }: CsvDownload): FastifyReply {
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store');
  if (total) {
    reply.header(LIST_HEADERS.totalCount, String(total.count));
    if (total.estimated) reply.header(LIST_HEADERS.totalCountEstimated, 'true');
  }
  // Browsers read custom headers of a cross-origin answer only when exposed.
  reply.header('access-control-expose-headers', [LIST_HEADERS.totalCount, LIST_HEADERS.totalCountEstimated, 'content-disposition'].join(', '));
  return reply.send(stream);
}
