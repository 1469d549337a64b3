// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderApp } from '@/test/render';
import { countLines, downloadCsv, type CsvDownloadOptions } from '@/data/csv-export';
import { ExportButton } from './export-button';

describe('ExportButton', () => {
  it('shows rows received out of the total while the export streams, then the count', async () => {
    let report: CsvDownloadOptions['onProgress'];
    let finish: (rows: number) => void = () => undefined;
    const download = (_path: string, options: CsvDownloadOptions) => {
      report = options.onProgress;
      return new Promise<{ rows: number }>((resolve) => (finish = (rows) => resolve({ rows })));
    };
    renderApp(<ExportButton path="/orders/export.csv" query={{ status: 'completed' }} fileStem="orders" download={download} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    act(() => report?.({ rows: 25_000, total: 100_000, estimated: false }));
    expect(screen.getByText('Exporting 25k of 100k rows…')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    await act(async () => finish(100_000));
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('streams a real answer through the line counter into a file', async () => {
    const rows = ['id,status', ...Array.from({ length: 1200 }, (_, i) => `${i},completed`)].join('\n') + '\n';
    const api = fakeApi({
      'GET /orders/export.csv': () =>
        new Response(
          new ReadableStream({
            start(controller) {
              const bytes = new TextEncoder().encode(rows);
              for (let i = 0; i < bytes.length; i += 1000) controller.enqueue(bytes.slice(i, i + 1000));
              controller.close();
            },
          }),
          { headers: { 'content-type': 'text/csv', 'x-total-count': '1200', 'content-disposition': 'attachment; filename="orders-x.csv"' } },
        ),
    });
    renderApp(<div />);
    const seen: number[] = [];
    const result = await downloadCsv('/orders/export.csv', { query: { status: 'completed', created_at__gt: undefined }, fileName: 'orders.csv', onProgress: (p) => seen.push(p.rows) });
    expect(result.rows).toBe(1200);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.at(-1)).toBe(1200);
    await waitFor(() => expect(api.calls()).toEqual(['GET /orders/export.csv?status=completed']));
  });

  it('counts lines across chunks', async () => {
    const chunks = ['a,b\n1,', '2\n3,4', '\n'];
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        chunks.forEach((chunk) => c.enqueue(new TextEncoder().encode(chunk)));
        c.close();
      },
    });
    let lines = 0;
    await new Response(countLines(body, (n) => (lines = n))).text();
    expect(lines).toBe(3);
  });
});
