import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { addTranslations } from '@/lib/i18n';
import { setToastSink, type Toast } from '@/lib/notify';
import { driverEn } from '../locales/en';
import { handleConflict } from './transition-errors';

addTranslations('driver', driverEn);

describe('a refused step, as the driver is told', () => {
  const toasts: Toast[] = [];
  setToastSink((toast) => toasts.push(toast));
  afterEach(() => {
    toasts.length = 0;
  });

  it('says the pickup window when an accept is refused outside it, and keeps the pickup', () => {
    const reload = vi.fn();
    const error = new ApiError(409, 'Pickups are accepted between 08:00 and 20:00 (India time); it is 21:05 now');
    expect(handleConflict(error, 'accepted', reload)).toBe(true);
    expect(toasts).toEqual([{ variant: 'warning', message: 'Pickups are accepted between 08:00 and 20:00 (India time); it is 21:05 now' }]);
    expect(reload).not.toHaveBeenCalled();
  });

  it('says another driver took it when an accept is refused because the pickup moved on or is gone', () => {
    for (const error of [new ApiError(409, 'Order #00000001 is Accepted now; this step needs it to be Pending'), new ApiError(404, 'Order #00000001 was not found')]) {
      const reload = vi.fn();
      expect(handleConflict(error, 'accepted', reload)).toBe(true);
      expect(toasts.pop()).toMatchObject({ variant: 'warning', message: 'This pickup was taken by another driver' });
      expect(reload).toHaveBeenCalledOnce();
    }
  });

  it('leaves other refusals to the screen', () => {
    expect(handleConflict(new ApiError(400, 'details.0.weight: Weight must be greater than 0'), 'waiting_store', vi.fn())).toBe(false);
    expect(handleConflict(new Error('boom'), 'accepted', vi.fn())).toBe(false);
  });
});
