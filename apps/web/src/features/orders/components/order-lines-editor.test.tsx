// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import Button from '@mui/material/Button';
import { describe, expect, it } from 'vitest';
import { adminLinesBodySchema } from '@app/shared/schemas/orders';
import { useZodForm } from '@/components/form/use-zod-form';
import { ZodForm } from '@/components/form/zod-form';
import { useTransitionOrder } from '@/data/orders';
import { fakeApi, renderApp } from '@/test/render';
import { anOrder, copper, iron } from '@/test/fixtures';
import { OrderLinesEditor, toFormLines } from './order-lines-editor';

const order = anOrder({ status: 'waiting_admin', status_label: 'Waiting admin' });

function Review() {
  const transition = useTransitionOrder();
  const form = useZodForm(adminLinesBodySchema, { defaultValues: toFormLines(order.details) });
  const onSubmit = form.submit((body) => transition.mutateAsync({ action: 'waiting_driver', id: order.id, body }));
  return (
    <ZodForm form={form} onSubmit={onSubmit}>
      <OrderLinesEditor original={order.details} materials={[copper, iron]} rateOf={(m) => m.vendor_rate} />
      <Button type="submit">Approve</Button>
    </ZodForm>
  );
}

const helperOf = (label: string) => {
  const id = screen.getByRole('textbox', { name: label }).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('the admin line editor', () => {
  it('keeps the priced rates and prices a changed weight at once', () => {
    renderApp(<Review />);
    expect(screen.getAllByRole('textbox', { name: 'Rate per kg' })[0]).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Weight (kg) 1' }), { target: { value: '2' } });
    expect(screen.getByText(/Total cost/).textContent).toContain('2,018.04');
  });

  it('refuses a bad weight with the shared schema\'s message and sends nothing', async () => {
    const api = fakeApi({});
    renderApp(<Review />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Weight (kg) 2' }), { target: { value: '1.2345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(helperOf('Weight (kg) 2')).toMatch(/3 decimals/));
    expect(api.requests).toHaveLength(0);
  });

  it('adds and removes lines; a line without a material is refused', async () => {
    fakeApi({});
    renderApp(<Review />);
    expect(screen.getByRole('button', { name: 'Add material' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove line 2' }));
    expect(screen.queryByRole('textbox', { name: 'Weight (kg) 2' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add material' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Weight (kg) 2' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Choose a material')).toBeTruthy();
  });

  it("shows the server's per-line errors at their line", async () => {
    const api = fakeApi({ 'PATCH /orders/waiting_driver/42/': { status: 400, body: { detail: 'Check the lines', errors: { 'details.1.weight': ['Too heavy for this truck'] } } } });
    renderApp(<Review />);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(helperOf('Weight (kg) 2')).toBe('Too heavy for this truck'));
    const body = (await api.requests[0]!.clone().json()) as { details: unknown[] };
    expect(body.details).toEqual([
      { id: 101, material_id: 1, weight: '10.5' },
      { id: 102, material_id: 2, weight: '42.25' },
    ]);
  });
});
