// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '@/test/render';
import { InvoiceButton } from './invoice-button';

describe('the invoice button', () => {
  it('is not offered before the order is completed', () => {
    fakeApi({});
    renderApp(<InvoiceButton orderId={42} status="waiting_store" />);
    expect(screen.queryByRole('button', { name: 'Invoice' })).toBeNull();
  });

  it('fetches the PDF with the API client and shows it from a blob URL in the tab it opened', async () => {
    const api = fakeApi({ 'GET /orders/42/invoice.pdf': () => new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { headers: { 'content-type': 'application/pdf' } }) });
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderApp(<InvoiceButton orderId={42} status="completed" />);
    fireEvent.click(screen.getByRole('button', { name: 'Invoice' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toMatch(/^blob:/));
    expect(api.requests[0]?.headers.get('accept')).toBe('application/pdf');
    expect(tab.close).not.toHaveBeenCalled();
    open.mockRestore();
  });

  it('closes the empty tab again when the invoice cannot be had', async () => {
    fakeApi({ 'GET /orders/42/invoice.pdf': { status: 409, body: { detail: 'The order is not completed', errors: {} } } });
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderApp(<InvoiceButton orderId={42} status="completed" />);
    fireEvent.click(screen.getByRole('button', { name: 'Invoice' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.href).toBe('');
    open.mockRestore();
  });
});
