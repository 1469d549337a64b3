import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatOrderNumber } from '@app/shared/format';
import { CALL_ADMIN_REASON_MAX, callAdminFormSchema, type CallAdminForm } from '@app/shared/schemas/orders';
import { ReasonDialog } from '@/components/form/reason-dialog';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useTransitionOrder } from '@/data/orders';
import { ordersEn } from '../locales/en';

addTranslations('orders', ordersEn);

/** The usual complaints, one tap each; "other" leaves the words to the store. */
const QUICK_CHOICES = ['weight', 'material', 'amount'] as const;

/**
 * "Call admin" asks what is wrong before the order goes to the admin (decision 031): a
 * short required text, filled by a quick choice or typed. The text reaches the admin in
 * the notification and stays in the order's history.
 */
export function CallAdminDialog({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const { t } = useTranslation(['orders', 'common']);
  const transition = useTransitionOrder();
  const send = async (reason: string) => {
    try {
      await transition.mutateAsync({ action: 'waiting_admin', id: orderId, body: { reason } });
    } catch (error) {
      // product-spec.md section 8: a failed call to the admin says "Have an error!"; the form shows why.
      notify.error(t('common:messages.haveAnError'));
      throw error;
    }
    notify.success(t('common:messages.updateSuccess'));
  };
  return (
    <ReasonDialog
      titleId={`call-admin-${orderId}`}
      title={t('callAdmin.title', { number: formatOrderNumber(orderId) })}
      intro={t('callAdmin.intro')}
      schema={callAdminFormSchema}
      label={t('callAdmin.reason')}
      hint={t('callAdmin.reasonHint', { n: CALL_ADMIN_REASON_MAX })}
      required
      maxLength={CALL_ADMIN_REASON_MAX}
      cancelLabel={t('callAdmin.back')}
      confirmLabel={t('callAdmin.send')}
      send={send}
      onClose={onClose}
      // The store answers on a phone: nearly the screen's width, buttons that wrap.
      paperSx={{ m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: '100%' } }}
      actionsSx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}
    >
      <QuickChoices />
    </ReasonDialog>
  );
}

/** Chips that fill the reason with a usual complaint; "Other" empties a chosen one and puts the cursor in the box. */
function QuickChoices() {
  const { t } = useTranslation('orders');
  const form = useFormContext<CallAdminForm>();
  const reason = useWatch({ control: form.control, name: 'reason' });
  const choose = (text: string) => form.setValue('reason', text, { shouldValidate: true, shouldDirty: true, shouldTouch: true });
  const other = () => {
    if (QUICK_CHOICES.some((choice) => t(`callAdmin.choices.${choice}`) === reason)) form.setValue('reason', '');
    form.setFocus('reason');
  };
  return (
    <Stack direction="row" useFlexGap spacing={1} role="group" aria-label={t('callAdmin.choicesLabel')} sx={{ flexWrap: 'wrap', mb: 2 }}>
      {QUICK_CHOICES.map((choice) => {
        const text = t(`callAdmin.choices.${choice}`);
        const chosen = reason === text;
        return (
          <Chip
            key={choice}
            label={text}
            color={chosen ? 'primary' : 'default'}
            variant={chosen ? 'filled' : 'outlined'}
            onClick={() => choose(text)}
            aria-pressed={chosen}
            component="button"
            type="button"
          />
        );
      })}
      <Chip label={t('callAdmin.choices.other')} variant="outlined" onClick={other} component="button" type="button" />
    </Stack>
  );
}
