import { ApiError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';

/**
 * A step someone else made impossible meanwhile: 409 (the status moved on), or on accept a
 * 404 too (another driver took it, so this driver no longer sees it). Says so, reloads,
 * and answers true; answers false for any other error (the caller shows it).
 */
export function handleConflict(error: unknown, action: string, reload: () => void): boolean {
  const taken = action === 'accepted' && error instanceof ApiError && (error.status === 409 || error.status === 404);
  if (taken || (error instanceof ApiError && error.status === 409)) {
    notify.warning(taken ? i18n.t('driver:conflict.taken') : i18n.t('driver:conflict.changed'));
    reload();
    return true;
  }
  return false;
}

/** Any other failed step: the server's message, else the spec's "Have an error!". */
export function notifyStepError(error: unknown): void {
  notify.error(error instanceof ApiError ? error.detail : i18n.t('common:messages.haveAnError'));
}
