// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '@/test/render';
import { anOrder, anOrderDetail } from '@/test/fixtures';
import type * as DeferredRender from '@/components/page/deferred-render';
import { OrderReviewDialog } from './order-review-dialog';

// The moment before the pop-up's body is drawn (it comes in a transition, decision 093), held
// open by a test that sets `bodyHeld`.
let bodyHeld = false;
vi.mock('@/components/page/deferred-render', async (importOriginal) => {
  const actual = await importOriginal<typeof DeferredRender>();
  return { ...actual, RenderAfterMount: ({ children }: { children: ReactNode }) => (bodyHeld ? null : <actual.RenderAfterMount>{children}</actual.RenderAfterMount>) };
});

describe("the store's Order detail pop-up", () => {
  afterEach(() => {
    bodyHeld = false;
  });

  it('has its name and its close button before its body is drawn', () => {
    bodyHeld = true;
    const onClose = vi.fn();
    renderApp(<OrderReviewDialog order={anOrder()} isAdmin={false} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: /^Order detail/ });
    expect(within(dialog).queryByText('List of categories')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the weighed lines with rate, weight and cost, and the totals', () => {
    renderApp(<OrderReviewDialog order={anOrder()} isAdmin={false} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: /^Order detail/ });
    expect(within(dialog).getByText('List of categories')).toBeTruthy();
    const copper = within(dialog).getByRole('row', { name: /Copper/ });
    expect(copper.textContent).toContain('10.5');
    expect(copper.textContent).toContain('3,940.34');
    expect(within(dialog).getByText('5,207.84 INR')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Call admin' })).toBeTruthy();
  });

  it("is MUI's own dialog: put in <body> by its portal, fading in, holding the page still while open", () => {
    const { container, unmount } = renderApp(<OrderReviewDialog order={anOrder()} isAdmin={false} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: /^Order detail/ });
    expect(container.contains(dialog)).toBe(false);
    expect(dialog.closest('.MuiDialog-root')?.parentElement).toBe(document.body);
    const backdrop = document.querySelector('.MuiBackdrop-root') as HTMLElement;
    expect([dialog.parentElement!.style.transition, backdrop.style.transition]).toEqual([expect.stringMatching(/^opacity \d+ms/), expect.stringMatching(/^opacity \d+ms/)]);
    expect(document.body.style.overflow).toBe('hidden');
    unmount();
    expect(document.body.style.overflow).toBe('');
  });

  it('approves the order (the store completes it) and asks nothing of an admin it is shown to', async () => {
    const api = fakeApi({ 'PATCH /orders/complete/42/': { body: anOrderDetail({ status: 'completed', status_label: 'Completed' }) } });
    renderApp(<OrderReviewDialog order={anOrder()} isAdmin onClose={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Call admin' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls()).toEqual(['PATCH /orders/complete/42/']));
  });

  it('asks what is wrong before it sends a disputed weighing to the admin, with the reason', async () => {
    const api = fakeApi({ 'PATCH /orders/waiting_admin/42/': { body: anOrderDetail({ status: 'waiting_admin', status_label: 'Waiting admin' }) } });
    renderApp(<OrderReviewDialog order={anOrder()} isAdmin={false} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Call admin' }));
    // The form's code (and zod) loads at the first press: on a busy machine that takes over findBy's default second.
    const ask = await screen.findByRole('dialog', { name: 'Call the admin about order #00000042' }, { timeout: 5000 });
    // A reason is required: nothing goes out without one.
    fireEvent.click(within(ask).getByRole('button', { name: 'Send to the admin' }));
    await waitFor(() => expect(within(ask).getByRole('textbox', { name: /What is wrong/ }).getAttribute('aria-invalid')).toBe('true'));
    expect(api.calls()).toEqual([]);

    fireEvent.click(within(ask).getByRole('button', { name: 'Amount is wrong' }));
    expect((within(ask).getByRole('textbox', { name: /What is wrong/ }) as HTMLTextAreaElement).value).toBe('Amount is wrong');
    fireEvent.click(within(ask).getByRole('button', { name: 'Send to the admin' }));
    await waitFor(() => expect(api.calls()).toEqual(['PATCH /orders/waiting_admin/42/']));
    expect(await api.requests[0]!.json()).toEqual({ reason: 'Amount is wrong' });
  });

  it('lets "Other" clear a quick choice for the store\'s own words', async () => {
    renderApp(<OrderReviewDialog order={anOrder()} isAdmin={false} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Call admin' }));
    const ask = await screen.findByRole('dialog', { name: /Call the admin/ }, { timeout: 5000 });
    const reason = within(ask).getByRole('textbox', { name: /What is wrong/ }) as HTMLTextAreaElement;
    fireEvent.click(within(ask).getByRole('button', { name: 'Weight is wrong' }));
    expect(within(ask).getByRole('button', { name: 'Weight is wrong' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(ask).getByRole('button', { name: 'Other' }));
    expect(reason.value).toBe('');
    fireEvent.click(within(ask).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Call the admin/ })).toBeNull());
  });
});
