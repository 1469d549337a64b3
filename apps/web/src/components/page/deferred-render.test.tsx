// @vitest-environment happy-dom
import { act, Profiler, StrictMode, useSyncExternalStore, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { DeferredRender, RenderAfterMount } from './deferred-render';

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

/** Mounts `ui` under a Profiler that records each commit as "<phase> <the text shown then>". */
async function mount(ui: ReactNode) {
  const container = document.createElement('div');
  const root = createRoot(container);
  const commits: string[] = [];
  await act(async () =>
    root.render(
      <Profiler id="under-test" onRender={(_, phase) => commits.push(`${phase} ${container.textContent}`)}>
        {ui}
      </Profiler>,
    ),
  );
  return { container, commits, unmount: () => act(() => root.unmount()) };
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
    const { container, commits, unmount } = await mount(
      <StrictMode>
        <Page />
      </StrictMode>,
    );
    expect(container.textContent).toBe('1');
    rendersOf.length = 0;

    await act(async () => store.set(2));
    // First the blocking render: the page, while the heavy part keeps what it showed (it is
    // not rendered again with the old value); then the heavy part with the new value, in a
    // commit of its own.
    const heavy = rendersOf.filter((entry) => entry.startsWith('heavy'));
    expect(heavy.length).toBeGreaterThan(0);
    expect(heavy.every((entry) => entry === 'heavy 2')).toBe(true);
    expect(rendersOf.indexOf('page 2')).toBeGreaterThanOrEqual(0);
    expect(rendersOf.indexOf('page 2')).toBeLessThan(rendersOf.indexOf('heavy 2'));
    expect(commits.filter((commit) => commit.startsWith('update')).length).toBeGreaterThanOrEqual(2);
    expect(container.textContent).toBe('2');
    unmount();
  });
});

describe('RenderAfterMount', () => {
  it('mounts its children in a render of their own after the blocking one that mounted it', async () => {
    const rendersOf: string[] = [];
    function Heavy() {
      rendersOf.push('heavy');
      return <p>body</p>;
    }
    function Shell() {
      rendersOf.push('shell');
      return (
        <RenderAfterMount>
          <Heavy />
        </RenderAfterMount>
      );
    }
    // A blocking mount, as MUI's Portal gives its children; act() then lets the deferred render run.
    const { container, commits, unmount } = await mount(<Shell />);
    expect(commits[0]).toBe('mount ');
    expect(commits.at(-1)).toBe('update body');
    expect(rendersOf.indexOf('heavy')).toBeGreaterThan(rendersOf.indexOf('shell'));
    expect(container.textContent).toBe('body');
    unmount();
  });
});
