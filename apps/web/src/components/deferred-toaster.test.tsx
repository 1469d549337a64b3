// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '@/lib/notify';
import { DeferredToaster } from './deferred-toaster';

describe('DeferredToaster', () => {
  it('mounts no toaster until a toast is asked for, then shows the toast that waited', async () => {
    const { container } = render(<DeferredToaster />);
    expect(container.innerHTML).toBe('');
    expect(document.querySelector('.notistack-SnackbarContainer')).toBeNull();

    // Sooner than the 3 s after which it would load anyway: the toast itself brings it.
    notify.success('Saved the order.');
    expect(await screen.findByText('Saved the order.', undefined, { timeout: 2000 })).toBeTruthy();
  });
});
