import { ApiError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { DeviceStorageFullError, DeviceStorageUnavailableError } from '../outbox/outbox-db';

/** The API's 409 for an accept outside Settings -> Order's pickup window (apps/api order-rules.ts). */
const PICKUP_WINDOW = /^Pickups are accepted between /;

/**
 * A step someone else made impossible meanwhile: 409 (the status moved on), or on accept a
 * 404 too (another driver took it, so this driver no longer sees it). Says so, reloads,
 * and answers true; answers false for any other error (the caller shows it). An accept
 * outside the pickup window is a 409 as well, but nobody took the pickup: the window is said.
 */
export function handleConflict(error: unknown, action: string, reload: () => void): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 409 && PICKUP_WINDOW.test(error.originalDetail)) {
    notify.warning(error.detail);
    return true;
  }
  const taken = action === 'accepted' && (error.status === 409 || error.status === 404);
  if (taken || error.status === 409) {
    notify.warning(taken ? i18n.t('driver:conflict.taken') : i18n.t('driver:conflict.changed'));
    reload();
    return true;
  }
  return false;
}

/** Any other failed step: what the device or the server said, else the spec's "Have an error!". */
export function notifyStepError(error: unknown): void {
  if (error instanceof DeviceStorageFullError || error instanceof DeviceStorageUnavailableError) notify.error(error.message);
  else notify.error(error instanceof ApiError ? error.detail : i18n.t('common:messages.haveAnError'));
}
