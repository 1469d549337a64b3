import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { positionIfAllowed } from '@/lib/quick-position';
import { handleConflict } from '../utils/transition-errors';
import { driverOutbox, type SubmitResult } from './driver-outbox-instance';
import type { OutboxStep, OutboxStepKind } from './outbox-types';

/** "Arrived" carries where the phone was, when it can say so at once (never a prompt, never a long wait). */
async function withPosition(step: OutboxStep): Promise<OutboxStep> {
  if (step.kind !== 'arrived' || step.position) return step;
  const position = await positionIfAllowed();
  return position ? { ...step, position } : step;
}

/**
 * A driver's step from a screen: through the outbox, so it is kept on the phone first and
 * sent in order, with the time it was taken (the tap), however late it is sent. Online it
 * is usually sent at once ("Updated successfully!"); without an answer it waits on the
 * phone (and says so). A refusal of its first try comes back to the
 * screen, which still shows what was entered; a conflict is said and the order reloaded.
 * Resolves null when a conflict was handled here, or when another step of this screen was
 * still running (nothing is sent); rejects with any other refusal.
 */
export function useDriverStep() {
  const { t } = useTranslation(['driver', 'common']);
  const [busy, setBusy] = useState<{ orderId: number; kind: OutboxStepKind } | null>(null);
  // `busy` disables the buttons only once React has drawn it; a second tap before then (a
  // quick double tap, or a board still showing its previous render) must not queue the
  // step twice: the server would refuse the copy, and offline the driver would be shown it.
  const running = useRef(false);
  const run = async (orderId: number, step: OutboxStep, reload: () => void): Promise<SubmitResult | null> => {
    if (running.current) return null;
    const takenAt = Date.now();
    running.current = true;
    setBusy({ orderId, kind: step.kind });
    try {
      // Only "Arrived" waits (for the position): the other steps are kept on the phone at once.
      const ready = step.kind === 'arrived' ? await withPosition(step) : step;
      const result = await driverOutbox.submit(orderId, ready, { takenAt });
      if (result.status === 'sent') notify.success(step.kind === 'photo' ? t('driver:photos.uploaded') : t('common:messages.updateSuccess'));
      else notify.info(t('driver:outbox.queued'));
      return result;
    } catch (error) {
      if (handleConflict(error, step.kind, reload)) return null;
      throw error;
    } finally {
      running.current = false;
      setBusy(null);
    }
  };
  return { run, busy };
}
