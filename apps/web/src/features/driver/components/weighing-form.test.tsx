// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { addTranslations } from '@/lib/i18n';
import { anOrderDetail, copper, iron } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';
import { driverEn } from '../locales/en';
import { WeighingForm } from './weighing-form';

addTranslations('driver', driverEn);

const order = anOrderDetail({ status: 'arrived', status_label: 'Arrived' });

function render(props: { hasPhotos: boolean; photoRequired: boolean; onSubmit?: () => Promise<unknown> }) {
  fakeApi({ 'GET /materials': { body: [copper, iron] }, 'GET /rates': { body: [] } });
  const onSubmit = vi.fn(props.onSubmit ?? (async () => undefined));
  renderApp(<WeighingForm order={order} busy={false} hasPhotos={props.hasPhotos} photoRequired={props.photoRequired} onSubmit={onSubmit} />);
  return onSubmit;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit weighed lines' }));

/** Answers the "Submit the weights?" question. */
async function confirm() {
  const dialog = await screen.findByRole('dialog', { name: 'Submit the weights?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Submit weighed lines' }));
}

describe('the weighing form and the photo of the load', () => {
  it('says a photo is required while the setting is on, and does not send the lines without one', async () => {
    const onSubmit = render({ hasPhotos: false, photoRequired: true });
    expect(screen.getByTestId('photo-required').textContent).toBe('Take at least one photo of the load before you submit.');
    submit();
    await waitFor(() => expect(screen.getByTestId('photo-required').textContent).toBe('A photo of the load is required: add one above, then submit.'));
    expect(screen.queryByRole('dialog', { name: 'Submit the weights?' })).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the lines once there is a photo', async () => {
    const onSubmit = render({ hasPhotos: true, photoRequired: true });
    expect(screen.queryByTestId('photo-required')).toBeNull();
    submit();
    await confirm();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it("shows the server's refusal where the photo is asked for (the setting changed since the page loaded)", async () => {
    render({
      hasPhotos: false,
      photoRequired: false,
      onSubmit: () => Promise.reject(new ApiError(400, 'Check the order', { images: ['Add at least one photo of the load before submitting the weights'] })),
    });
    submit();
    await confirm();
    await waitFor(() => expect(screen.getByTestId('photo-required').textContent).toBe('Add at least one photo of the load before submitting the weights'));
  });

  it('only suggests a photo while the setting is off', () => {
    render({ hasPhotos: false, photoRequired: false });
    expect(screen.queryByTestId('photo-required')).toBeNull();
    expect(screen.getByText('A photo of the load helps the store confirm the weights.')).toBeTruthy();
  });
});
