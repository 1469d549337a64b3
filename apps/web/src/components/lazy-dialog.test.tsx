// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyDialog } from './lazy-dialog';

function Dialog({ title }: { title: string }) {
  return <div role="dialog" aria-label={title} />;
}

describe('lazyDialog', () => {
  it('draws the loading bar while its code is on the way, then the dialog', async () => {
    let arrive: (component: typeof Dialog) => void = () => undefined;
    const Lazy = lazyDialog(() => new Promise<typeof Dialog>((resolve) => (arrive = resolve)));
    const { container } = render(<Lazy title="Cancel order" />);
    // The bar, hidden for its first 300 ms by its own animation (a quick load does not flash it).
    const bar = container.querySelector('[aria-hidden="true"]');
    expect(bar).not.toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(async () => arrive(Dialog));
    expect(await screen.findByRole('dialog', { name: 'Cancel order' })).toBeTruthy();
    expect(container.querySelector('[aria-hidden="true"]')).toBeNull();
  });
});
