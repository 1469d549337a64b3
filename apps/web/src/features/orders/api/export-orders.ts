import { api } from '@/lib/api-client';
import { filterQuery, type OrdersFilter } from './get-orders';

// GET /orders/export.csv: the list as CSV with the same filters, fetched with the bearer
// header as a blob and handed to the browser as a download.

export interface ExportResult {
  rows: number;
  truncated: boolean;
}

export async function exportOrdersCsv(filter: OrdersFilter): Promise<ExportResult> {
  const response = await api.request<Blob>('/orders/export.csv', { query: filterQuery(filter), responseType: 'blob', headers: { accept: 'text/csv' } });
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? `orders-${new Date().toISOString().slice(0, 10)}.csv`;
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { rows: Number(response.headers.get('x-total-count') ?? 0), truncated: response.headers.get('x-export-truncated') === 'true' };
}
