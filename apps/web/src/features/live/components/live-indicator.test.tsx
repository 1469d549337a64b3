// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { liveStatus } from '../stream/live-status';
import { LiveIndicator } from './live-indicator';

afterEach(() => {
  act(() => liveStatus.set('idle'));
});

describe('the top bar indicator of the change feed', () => {
  it('shows nothing while the feed is live, and says "Reconnecting…" once it has been down for 2 s', async () => {
    act(() => liveStatus.set('live'));
    renderApp(<LiveIndicator />);
    expect(screen.queryByTestId('live-status')).toBeNull();
    act(() => liveStatus.set('down'));
    // A short blip is not worth a flicker.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(screen.queryByTestId('live-status')).toBeNull();
    await waitFor(() => expect(screen.getByRole('status', { name: 'Reconnecting…' })).toBeTruthy(), { timeout: 2_500 });
    act(() => liveStatus.set('live'));
    expect(screen.queryByTestId('live-status')).toBeNull();
  });
});
