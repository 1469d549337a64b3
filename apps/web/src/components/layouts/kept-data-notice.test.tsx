// @vitest-environment happy-dom
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '@app/shared/format';
import { addTranslations, i18n } from '@/lib/i18n';
import { markKept } from '@/lib/kept-data';
import { common as hindi } from '@/locales/hi/common';
import { setBrowserOnline } from '@/test/network';
import { KeptDataNotice } from './kept-data-notice';

// 03:35 UTC is 09:05 in India.
const LOADED_AT = Date.UTC(2026, 10, 26, 3, 35);

/** A screen showing the query, whose answers come when the test says. */
function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const answers: Array<{ resolve: (value: string[]) => void; reject: (error: Error) => void }> = [];
  function Showing() {
    useQuery({ queryKey: ['orders'], queryFn: () => new Promise<string[]>((resolve, reject) => answers.push({ resolve, reject })) });
    return <p>The page</p>;
  }
  client.setQueryData(['orders'], ['kept'], { updatedAt: LOADED_AT });
  render(
    <QueryClientProvider client={client}>
      <KeptDataNotice />
      <Showing />
    </QueryClientProvider>,
  );
  return { client, answers };
}

afterEach(async () => {
  setBrowserOnline(true);
  await i18n.changeLanguage('en');
});

/** What was loaded before becomes kept data, and the screen asks for it afresh (as after an offline period). */
function keepAndRefresh(client: QueryClient) {
  act(() => {
    markKept(client.getQueryCache().getAll());
    void client.invalidateQueries();
  });
}

describe('the kept data notice', () => {
  it('says how old the kept data on screen is while the server is asked, and goes when the answer comes', async () => {
    const { client, answers } = setup();
    expect(screen.queryByTestId('kept-data-notice')).toBeNull();

    keepAndRefresh(client);
    const notice = await screen.findByTestId('kept-data-notice');
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toBe(`Showing data from ${formatDateTime(LOADED_AT)}; updating…`);
    expect(formatDateTime(LOADED_AT)).toBe('09:05 26/11/2026');

    answers[0]!.resolve(['fresh']);
    await waitFor(() => expect(screen.queryByTestId('kept-data-notice')).toBeNull());
  });

  it('keeps saying it when the answer fails, and says it in Hindi', async () => {
    const { client, answers } = setup();
    addTranslations('common', hindi, 'hi');
    await act(() => i18n.changeLanguage('hi'));
    keepAndRefresh(client);
    await waitFor(() => expect(answers).toHaveLength(1));
    answers[0]!.reject(new Error('The server is down'));
    await waitFor(() => expect(screen.getByTestId('kept-data-notice').textContent).toBe(`${formatDateTime(LOADED_AT)} की जानकारी दिखाई जा रही है; अभी अपडेट नहीं हो सकी।`));
  });

  it('leaves it to the offline notice while the device is offline', async () => {
    const { client } = setup();
    act(() => setBrowserOnline(false));
    keepAndRefresh(client);
    await waitFor(() => expect(client.getQueryState(['orders'])?.isInvalidated).toBe(true));
    expect(screen.queryByTestId('kept-data-notice')).toBeNull();
  });

  it('takes no place in the page: it lies over it', async () => {
    const { client } = setup();
    keepAndRefresh(client);
    const overlay = (await screen.findByTestId('kept-data-notice')).parentElement!;
    expect(getComputedStyle(overlay).position).toBe('fixed');
  });
});
