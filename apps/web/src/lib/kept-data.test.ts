import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { holdsKeptData, keptDataOnScreen, markKept } from './kept-data';

/** A query shown on a screen whose answer comes when the test says. */
function shown(client: QueryClient, key: string) {
  let answer!: (value: string) => void;
  let fail!: (error: Error) => void;
  const observer = new QueryObserver(client, {
    queryKey: [key],
    queryFn: () =>
      new Promise<string>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      }),
    staleTime: Infinity,
    retry: false,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { answer: (value: string) => answer(value), fail: (error: Error) => fail(error), unsubscribe };
}

const query = (client: QueryClient, key: string) => client.getQueryCache().find({ queryKey: [key] })!;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('kept data', () => {
  it('stays kept until the query\'s data is replaced', () => {
    const client = new QueryClient();
    client.setQueryData(['orders'], ['kept'], { updatedAt: 1_000 });
    client.setQueryData(['empty'], undefined);
    markKept(client.getQueryCache().getAll());
    expect(holdsKeptData(query(client, 'orders'))).toBe(true);
    client.setQueryData(['orders'], ['fresh'], { updatedAt: 2_000 });
    expect(holdsKeptData(query(client, 'orders'))).toBe(false);
  });

  it('is on screen while a shown query holds it and waits for the server, the oldest first, and goes with the answer', async () => {
    const client = new QueryClient();
    client.setQueryData(['orders'], ['kept'], { updatedAt: 5_000 });
    client.setQueryData(['counts'], { pending: 1 }, { updatedAt: 3_000 });
    client.setQueryData(['elsewhere'], ['older'], { updatedAt: 1_000 });
    markKept(client.getQueryCache().getAll());
    // Kept but fresh by its staleTime, and not asked for again: waiting for nothing.
    const orders = shown(client, 'orders');
    const counts = shown(client, 'counts');
    expect(keptDataOnScreen(client)).toBeNull();

    void client.invalidateQueries();
    expect(keptDataOnScreen(client)).toEqual({ loadedAt: 3_000, updating: true });
    counts.answer('fresh');
    await flush();
    expect(keptDataOnScreen(client)).toEqual({ loadedAt: 5_000, updating: true });
    orders.fail(new Error('The server is down'));
    await flush();
    // The try failed: the screen still shows what was kept, and says so.
    expect(keptDataOnScreen(client)).toEqual({ loadedAt: 5_000, updating: false });
    orders.unsubscribe();
    expect(keptDataOnScreen(client)).toBeNull();
    counts.unsubscribe();
  });

  it('does not count data loaded in this tab, however old, when it is refetched', async () => {
    const client = new QueryClient();
    client.setQueryData(['orders'], ['loaded here'], { updatedAt: 1_000 });
    const orders = shown(client, 'orders');
    void client.invalidateQueries();
    expect(query(client, 'orders').state.fetchStatus).toBe('fetching');
    expect(keptDataOnScreen(client)).toBeNull();
    orders.answer('fresh');
    orders.unsubscribe();
  });
});
