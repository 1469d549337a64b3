// @vitest-environment happy-dom
import { act, Profiler, StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { DeferredRender } from './deferred-render';

// A store like TanStack Query's: useSyncExternalStore, whose updates React renders at once.
function createStore(initial: number) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: number) {
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

describe('DeferredRender', () => {
  it('leaves a store update\'s blocking render to the subscriber, and renders the new content after it', async () => {
    const store = createStore(1);
    const rendersOf: string[] = [];
    function Heavy({ value }: { value: number }) {
      rendersOf.push(`heavy ${value}`);
      return <p data-testid="value">{value}</p>;
    }
    function Page() {
      const value = useSyncExternalStore(store.subscribe, store.get);
      rendersOf.push(`page ${value}`);
      return (
        <DeferredRender>
          <Heavy value={value} />
        </DeferredRender>
      );
    }
    const container = document.createElement('div');
    const root = createRoot(container);
    const commits: string[] = [];
    await act(async () =>
      root.render(
        <StrictMode>
          <Profiler id="page" onRender={(_, phase) => commits.push(phase)}>
            <Page />
          </Profiler>
        </StrictMode>,
      ),
    );
    expect(container.textContent).toBe('1');
    rendersOf.length = 0;

    await act(async () => store.set(2));
    // First the blocking render: the page, while the heavy part keeps what it showed; then the heavy part with the new value.
    expect(rendersOf.filter((entry) => entry.startsWith('heavy')).every((entry) => entry === 'heavy 2')).toBe(true);
    expect(rendersOf.indexOf('page 2')).toBeLessThan(rendersOf.indexOf('heavy 2'));
    const pageRendersBeforeHeavy = rendersOf.slice(0, rendersOf.indexOf('heavy 2')).filter((entry) => entry === 'page 2').length;
    expect(pageRendersBeforeHeavy).toBeGreaterThan(0);
    expect(commits.filter((phase) => phase === 'update').length).toBeGreaterThanOrEqual(2);
    expect(container.textContent).toBe('2');
    act(() => root.unmount());
  });
});
