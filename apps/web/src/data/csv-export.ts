import { LIST_HEADERS } from '@app/shared/link-header';
import { getRuntimeConfig } from '@/config/runtime-config';
import { createApiClient, type QueryValue } from '@/lib/api-client';
import { session } from '@/lib/session';
import { wireQuery } from './page';

// A CSV export streamed from the API with its progress. The API sends X-Total-Count
// before the first row and then streams every row (decision 020); the body passes through
// a counter on its way into the file, so the progress is the rows received so far. The
// request goes through an API client of its own (same session, base URL and errors) whose
// fetch wraps the body: the shared client reads it to the end as a Blob.

export interface ExportProgress {
  rows: number;
  total: number | null;
  estimated: boolean;
}

export interface CsvDownloadOptions {
  query?: Record<string, QueryValue>;
  /** The file's name when the answer names none. */
  fileName: string;
  onProgress?: (progress: ExportProgress) => void;
  signal?: AbortSignal;
}

const NEWLINE = 10;
/** A large export takes a while; the stream is given up only by the person (Stop). */
const EXPORT_TIMEOUT_MS = 30 * 60_000;

/** Counts the lines of a body as it flows (a field with a line break counts twice; the total caps it). */
export function countLines(body: ReadableStream<Uint8Array>, onLines: (lines: number) => void): ReadableStream<Uint8Array> {
  let lines = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        for (const byte of chunk) if (byte === NEWLINE) lines += 1;
        onLines(lines);
        controller.enqueue(chunk);
      },
    }),
  );
}

function progressFetch(report: (progress: ExportProgress) => void): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.ok || !response.body) return response;
    const header = response.headers.get(LIST_HEADERS.totalCount);
    const total = header === null ? null : Number(header);
    const estimated = response.headers.get(LIST_HEADERS.totalCountEstimated) === 'true';
    report({ rows: 0, total, estimated });
    // The first line is the header row.
    const body = countLines(response.body, (lines) => {
      const rows = Math.max(0, lines - 1);
      report({ rows: total !== null && !estimated ? Math.min(rows, total) : rows, total, estimated });
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/** Downloads `path` as a file; answers the rows it held. */
export async function downloadCsv(path: string, { query, fileName, onProgress, signal }: CsvDownloadOptions): Promise<{ rows: number }> {
  let last: ExportProgress = { rows: 0, total: null, estimated: false };
  const client = createApiClient({
    fetch: progressFetch((progress) => {
      last = progress;
      onProgress?.(progress);
    }),
    baseUrl: () => getRuntimeConfig().apiBaseUrl,
    session,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    random: Math.random,
  });
  const response = await client.request<Blob>(path, { query: query && wireQuery(query), responseType: 'blob', headers: { accept: 'text/csv' }, signal, retry: false, timeoutMs: EXPORT_TIMEOUT_MS });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), fileName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { rows: last.rows };
}
