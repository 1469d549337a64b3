import { useTranslation } from 'react-i18next';
import { rejectMemberRequestSchema } from '@app/shared/schemas/members';
import { ReasonDialog } from '@/components/form/reason-dialog';
import { NS } from '../i18n';

/** What rejectMemberRequestSchema lets a reason be; the box stops there. */
const REASON_MAX = 500;

export interface RejectDialogProps {
  titleId: string;
  title: string;
  intro: string;
  hint?: string;
  confirmLabel: string;
  /** Sends the reason (undefined when none was given). */
  send: (reason: string | undefined) => Promise<unknown>;
  onClose: () => void;
}

/** An admin rejects a sign-up or a vendor's GSTIN change, with an optional reason the other side is told. */
export function RejectDialog({ send, ...texts }: RejectDialogProps) {
  const { t } = useTranslation(NS);
  return (
    <ReasonDialog
      {...texts}
      schema={rejectMemberRequestSchema}
      label={t('fields.reason')}
      maxLength={REASON_MAX}
      cancelLabel={t('common.cancel')}
      send={(reason) => send(reason || undefined)}
    />
  );
}
