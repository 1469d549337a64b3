import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { RateCardFilters } from './get-rate-card';

// GET /rate-card/export.csv: the card (with the page's filters) as a CSV download.

export function exportRateCard(filters: RateCardFilters): Promise<Blob> {
  return api.get<Blob>('/rate-card/export.csv', { query: filters, responseType: 'blob', headers: { accept: 'text/csv' } });
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useExportRateCard() {
  return useMutation({ mutationFn: exportRateCard });
}
