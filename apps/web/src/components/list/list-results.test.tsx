// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { setBrowserOnline } from '@/test/network';
import { renderApp } from '@/test/render';
import { ListResults, type PagedQuery } from './list-results';

// What a list shows when its data and the network disagree (decision 029).

const networkError = new ApiError(0, 'Cannot reach the server. Check your connection and try again.', {}, 'network');

function query(overrides: Partial<PagedQuery<{ id: number; name: string }>>): PagedQuery<{ id: number; name: string }> {
  return {
    data: undefined,
    isPending: false,
    isError: false,
    error: null,
    isFetching: false,
    isFetchingNextPage: false,
    hasNextPage: false,
    fetchNextPage: vi.fn(),
    refetch: vi.fn(),
    ...overrides,
  };
}

const kept = { pages: [{ items: [{ id: 1, name: 'Copper pickup' }], total: 1 }] };

function renderList(q: PagedQuery<{ id: number; name: string }>) {
  return renderApp(
    <ListResults query={q} filtered={false}>
      {(rows) => (
        <ul>
          {rows.map((row) => (
            <li key={row.id}>{row.name}</li>
          ))}
        </ul>
      )}
    </ListResults>,
  );
}

afterEach(() => setBrowserOnline(true));

describe('a list without a network', () => {
  it('keeps the rows it has on screen offline, with no error over them', () => {
    setBrowserOnline(false);
    renderList(query({ data: kept, isError: true, error: networkError }));
    expect(screen.getByText('Copper pickup')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the rows online too when a refetch found no server, and says so above them', () => {
    renderList(query({ data: kept, isError: true, error: networkError }));
    expect(screen.getByText('Copper pickup')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Cannot reach the server');
  });

  it('shows the error instead of the rows when the server refused (not a network failure)', () => {
    renderList(query({ data: kept, isError: true, error: new ApiError(403, 'Forbidden') }));
    expect(screen.queryByText('Copper pickup')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Forbidden');
  });

  it('says a list never loaded on this device will load once online, instead of loading for ever', () => {
    setBrowserOnline(false);
    renderList(query({ isPending: true, fetchStatus: 'paused' }));
    expect(screen.getByRole('status').textContent).toContain('Not on this device yet');
  });

  it('shows the offline explanation for a load that failed for want of a network while offline', () => {
    setBrowserOnline(false);
    renderList(query({ isError: true, error: networkError }));
    expect(screen.getByText('Not on this device yet')).toBeTruthy();
    expect(screen.queryByText(/Cannot reach the server/)).toBeNull();
  });
});

describe('a list whose answer arrives', () => {
  it('draws its rows after the answer’s blocking render, not in it (decision 051)', async () => {
    // The query as TanStack Query hands it to React: a store read with useSyncExternalStore.
    let current = query({ isPending: true });
    const listeners = new Set<() => void>();
    const store = {
      subscribe: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
      get: () => current,
    };
    const renders: string[] = [];
    function Page() {
      const q = useSyncExternalStore(store.subscribe, store.get);
      renders.push(q.isPending ? 'page pending' : 'page answered');
      useLayoutEffect(() => void renders.push('page committed'));
      return (
        <ListResults query={q} filtered={false}>
          {(rows) => {
            renders.push(`rows ${rows.length}`);
            return <p>{rows.map((row) => row.name).join(', ')}</p>;
          }}
        </ListResults>
      );
    }
    renderApp(<Page />);
    expect(screen.getByRole('status', { name: 'Loading the list' })).toBeTruthy();
    renders.length = 0;

    await act(async () => {
      current = query({ data: kept });
      listeners.forEach((listener) => listener());
    });
    expect(screen.getByText('Copper pickup')).toBeTruthy();
    // The page's blocking render was committed before the rows were drawn, in a render of their own.
    expect(renders.indexOf('page answered')).toBeGreaterThanOrEqual(0);
    expect(renders.indexOf('rows 1')).toBeGreaterThan(renders.indexOf('page committed'));
  });
});
