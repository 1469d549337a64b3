import { useMemo } from 'react';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { formatCurrency } from '@app/shared/format';
import { approvePayoutBodySchema, PAYOUT_REFERENCE_MAX, PAYOUT_TEXT_MAX, rejectPayoutBodySchema, type Payout } from '@app/shared/schemas/money';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormErrorAlert, ZodForm } from '@/components/form/zod-form';
import { useDecidePayout, type PayoutDecision } from '@/data/payouts';
import { ApiError } from '@/lib/api-error';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { payoutsEn } from '../locales/en';

addTranslations('payouts', payoutsEn);

export type DecisionKind = 'approve' | 'reject' | 'cancel';

export interface DecidePayoutDialogProps {
  payout: Payout;
  kind: DecisionKind;
  /** The payee as the admin reads it ("Vendor: Green Metals"). */
  payee?: string;
  onClose: () => void;
}

const FIELD = { approve: 'reference', reject: 'reason' } as const;

/** The body of each decision as the API checks it; an empty field is "This field is required." here. */
function decisionSchemas(required: z.ZodString) {
  return {
    approve: approvePayoutBodySchema.extend({ reference: required.pipe(approvePayoutBodySchema.shape.reference) }),
    reject: rejectPayoutBodySchema.extend({ reason: required.pipe(rejectPayoutBodySchema.shape.reason) }),
    cancel: z.strictObject({}),
  };
}
type DecisionSchema = ReturnType<typeof decisionSchemas>[DecisionKind];

function useDecisionSchema(kind: DecisionKind): DecisionSchema {
  const { t } = useTranslation('payouts');
  return useMemo(() => decisionSchemas(z.string().trim().min(1, t('errors.required')))[kind], [kind, t]);
}

/**
 * Confirms a decision: approve asks for the bank reference, reject for a reason, cancel
 * only for a yes. A 409 means someone decided first: the dialog says so and the list,
 * already refetched, shows the winner's status.
 */
export function DecidePayoutDialog({ payout, kind, payee, onClose }: DecidePayoutDialogProps) {
  const { t } = useTranslation('payouts');
  const decide = useDecidePayout();
  const field = kind === 'cancel' ? null : FIELD[kind];
  const form = useZodForm(useDecisionSchema(kind), { defaultValues: kind === 'approve' ? { reference: '' } : kind === 'reject' ? { reason: '' } : {} });
  const conflict = decide.error instanceof ApiError && decide.error.status === 409;

  const onSubmit = form.submit(async (values) => {
    try {
      // The schema is the one of `kind`: its values are that decision's body.
      await decide.mutateAsync({ ...values, action: kind, id: payout.id } as PayoutDecision);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return; // said below, with no form to fill any more
      throw error instanceof ApiError ? error : new Error(t('errors.generic'));
    }
    notify.success(t(`${kind}.done`, { id: payout.id }));
    onClose();
  });

  const titleId = `decide-${kind}-${payout.id}`;
  return (
    <Dialog open onClose={decide.isPending ? undefined : onClose} fullWidth aria-labelledby={titleId} slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }}>
      <ZodForm form={form} onSubmit={onSubmit} formErrorOnTop={false}>
        <DialogTitle id={titleId}>{t(`${kind}.title`, { id: payout.id })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {kind === 'approve' ? t('approve.body', { amount: formatCurrency(payout.amount), payee: payee ?? '' }) : t(`${kind}.body`)}
          </DialogContentText>
          {conflict ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('errors.decidedMeanwhile')}
            </Alert>
          ) : (
            <FormErrorAlert form={form} sx={{ mb: 2 }} />
          )}
          {field && !conflict && (
            <FormTextField
              name={field}
              label={t(`fields.${field}`)}
              required
              autoFocus
              multiline={field === 'reason'}
              minRows={field === 'reason' ? 2 : undefined}
              slotProps={{ htmlInput: { maxLength: field === 'reference' ? PAYOUT_REFERENCE_MAX : PAYOUT_TEXT_MAX } }}
            />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={decide.isPending}>
            {conflict ? t('actions.close') : t('actions.keep')}
          </Button>
          {!conflict && (
            <Button type="submit" variant="contained" color={kind === 'approve' ? 'success' : 'error'} loading={decide.isPending}>
              {t(`${kind}.confirm`)}
            </Button>
          )}
        </DialogActions>
      </ZodForm>
    </Dialog>
  );
}
