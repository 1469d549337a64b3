// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import Button from '@mui/material/Button';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { fakeApi, renderApp } from '@/test/render';
import { FormTextField } from './form-text-field';
import { useZodForm } from './use-zod-form';
import { ZodForm } from './zod-form';

const schema = z.object({
  name: z.string().trim().min(1, 'Enter a name'),
  store: z.object({ phone: z.string() }),
  lines: z.array(z.object({ weight: z.string() })),
});

function Sample({ onSaved }: { onSaved?: () => void }) {
  const form = useZodForm(schema, { defaultValues: { name: '', store: { phone: '' }, lines: [{ weight: '1' }, { weight: '2' }] } });
  const onSubmit = form.submit(async (body) => {
    await api.post('/things/', body);
    onSaved?.();
  });
  return (
    <ZodForm form={form} onSubmit={onSubmit}>
      <FormTextField name="name" label="Name" hint="As on the sign" />
      <FormTextField name="store.phone" label="Phone" />
      <FormTextField name="lines.1.weight" label="Weight 2" />
      <Button type="submit">Save</Button>
    </ZodForm>
  );
}

const helperOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('the form kit', () => {
  it('checks with the shared schema before anything is sent, and shows hints otherwise', async () => {
    const api = fakeApi({});
    renderApp(<Sample />);
    expect(helperOf('Name')).toBe('As on the sign');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperOf('Name')).toBe('Enter a name'));
    expect(api.requests).toHaveLength(0);
  });

  it('puts the server\'s field errors under their fields, nested and array ones too, and the rest above the form', async () => {
    fakeApi({
      'POST /things/': { status: 400, body: { detail: 'Check the form', errors: { 'store.phone': ['Use 10 digits'], 'lines.1.weight': ['At most 3 decimals'], other: ['Something else'] } } },
    });
    renderApp(<Sample />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Store 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperOf('Phone')).toBe('Use 10 digits'));
    expect(helperOf('Weight 2')).toBe('At most 3 decimals');
    expect(screen.getByRole('alert').textContent).toBe('Check the form');
  });

  it('clears the form error on the next successful submit', async () => {
    let fail = true;
    fakeApi({ 'POST /things/': () => (fail ? Response.json({ detail: 'Try later' }, { status: 409 }) : Response.json({})) });
    let saved = 0;
    renderApp(<Sample onSaved={() => (saved += 1)} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Store 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Try later');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toBe(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
