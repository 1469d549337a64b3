// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '@app/shared/format';
import { setBrowserOnline } from '@/test/network';
import '@/lib/i18n';
import { OfflineNotice, oldestLoadedAt } from './offline-notice';

// 03:35 UTC is 09:05 in India.
const LOADED_AT = Date.UTC(2026, 10, 26, 3, 35);

function Showing({ queryKey }: { queryKey: string }) {
  useQuery({ queryKey: [queryKey], queryFn: () => new Promise<string>(() => undefined), staleTime: Infinity });
  return null;
}

function renderNotice(client: QueryClient, shown: string[] = []) {
  return render(
    <QueryClientProvider client={client}>
      {shown.map((key) => (
        <Showing key={key} queryKey={key} />
      ))}
      <p>The page</p>
      <OfflineNotice />
    </QueryClientProvider>,
  );
}

afterEach(() => setBrowserOnline(true));

describe('the offline notice', () => {
  it('takes no space online', () => {
    const { container } = renderNotice(new QueryClient());
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    expect(container.textContent).toBe('The page');
  });

  it('says when the data on the screen was loaded: the oldest load among the queries shown', () => {
    const client = new QueryClient();
    client.setQueryData(['orders'], ['a'], { updatedAt: LOADED_AT + 60_000 });
    client.setQueryData(['counts'], { pending: 1 }, { updatedAt: LOADED_AT });
    // Kept, but not on this screen: not counted.
    client.setQueryData(['elsewhere'], ['b'], { updatedAt: LOADED_AT - 3_600_000 });
    renderNotice(client, ['orders', 'counts']);
    act(() => setBrowserOnline(false));
    const notice = screen.getByTestId('offline-notice');
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toBe(`You are offline. Showing what was loaded at ${formatDateTime(LOADED_AT)}.`);
    expect(formatDateTime(LOADED_AT)).toBe('09:05 26/11/2026');
    expect(oldestLoadedAt(client)).toBe(LOADED_AT);
  });

  it('says only that the device is offline when nothing on the screen was loaded', () => {
    setBrowserOnline(false);
    renderNotice(new QueryClient(), ['orders']);
    expect(screen.getByTestId('offline-notice').textContent).toBe('You are offline.');
  });

  it('goes when the device is back online', () => {
    setBrowserOnline(false);
    renderNotice(new QueryClient());
    expect(screen.getByTestId('offline-notice')).toBeTruthy();
    act(() => setBrowserOnline(true));
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });
});
