// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { renderApp } from '@/test/render';
import { ReasonDialog, type ReasonDialogProps } from './reason-dialog';

const optional = z.object({ reason: z.string().trim().max(20).optional() });

function open(props: Partial<ReasonDialogProps> = {}) {
  const send = vi.fn<(reason: string) => Promise<unknown>>(props.send ?? (() => Promise.resolve()));
  const onClose = vi.fn();
  renderApp(
    <ReasonDialog
      titleId="why"
      title="Reject Asha?"
      intro="The account cannot be used."
      schema={optional}
      label="Reason (optional)"
      hint="They read it when they sign in."
      maxLength={20}
      cancelLabel="Cancel"
      confirmLabel="Reject"
      {...props}
      send={send}
      onClose={onClose}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Reject Asha?' });
  const box = within(dialog).getByRole('textbox', { name: /Reason/ });
  return { dialog, box, send, onClose };
}

describe('the reason dialog', () => {
  it('says what happens, sends the reason trimmed, then closes', async () => {
    const { dialog, box, send, onClose } = open();
    expect(dialog.textContent).toContain('The account cannot be used.');
    expect(dialog.textContent).toContain('They read it when they sign in.');
    expect(box.getAttribute('maxlength')).toBe('20');
    fireEvent.change(box, { target: { value: '  Not a store ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(send).toHaveBeenCalledWith('Not a store');
  });

  it('sends an empty reason as "" when none is needed', async () => {
    const { dialog, send } = open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith(''));
  });

  it('closes on Cancel without sending', () => {
    const { dialog, send, onClose } = open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('asks for a required reason before sending anything', async () => {
    const { dialog, box, send } = open({ schema: z.object({ reason: z.string().trim().min(1, 'Say what is wrong') }), required: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.textContent).toContain('Say what is wrong');
    expect(send).not.toHaveBeenCalled();
  });

  it("stays open with the server's reason error under the box", async () => {
    const { dialog, box, onClose } = open({ send: () => Promise.reject(new ApiError(400, 'Invalid', { reason: ['Use at most 500 characters'] })) });
    fireEvent.change(box, { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.textContent).toContain('Use at most 500 characters');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("stays open with any other failure's message above the box", async () => {
    const { dialog, onClose } = open({ send: () => Promise.reject(new ApiError(409, 'The request changed meanwhile', {})) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The request changed meanwhile');
    expect(onClose).not.toHaveBeenCalled();
  });
});
