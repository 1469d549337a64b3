import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { MENU_MAX_HEIGHT_PX } from '@app/shared/constants';
import { formatDateTime, formatOrderNumber } from '@app/shared/format';
import { createEscalationRequestSchema, ESCALATION_SUBJECT_MAX, ESCALATION_TEXT_MAX, type Escalation } from '@app/shared/schemas/escalations';
import type { Order } from '@app/shared/schemas/orders';
import { FormField } from '@/components/form/form-field';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { ZodForm } from '@/components/form/zod-form';
import { notify } from '@/lib/notify';
import { useCreateEscalation } from '@/data/escalations';
import { useOrderChoices } from '@/data/orders';
import { NS } from '../i18n';

/** Raise an issue (store or vendor), optionally about one of the caller's orders. */
export function CreateIssueForm({ onCreated, onCancel, initialOrderId }: { onCreated: (issue: Escalation) => void; onCancel: () => void; initialOrderId?: number }) {
  const { t } = useTranslation(NS);
  const create = useCreateEscalation();
  const [orderSearch, setOrderSearch] = useState('');
  const [pickedOrder, setPickedOrder] = useState<Order | null>(null);
  const orders = useOrderChoices(orderSearch.trim());
  const form = useZodForm(createEscalationRequestSchema, { defaultValues: { subject: '', description: '', order_id: initialOrderId ?? null } });
  const options = orders.data?.items ?? [];
  const onSubmit = form.submit(async (values) => {
    const issue = await create.mutateAsync(values);
    notify.success(t('create.created'));
    onCreated(issue);
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <ZodForm form={form} onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          <FormTextField name="subject" label={t('fields.subject')} required slotProps={{ htmlInput: { maxLength: ESCALATION_SUBJECT_MAX } }} hint={t('hints.subject')} />
          <FormField
            name="order_id"
            render={(field) => (
              <Autocomplete
                options={pickedOrder && !options.some((o) => o.id === pickedOrder.id) ? [pickedOrder, ...options] : options}
                value={pickedOrder}
                filterOptions={(x) => x}
                getOptionLabel={(order) => `${formatOrderNumber(order.id)} · ${order.store.name} · ${t(`orderStatus.${order.status}`, { ns: 'common' })}`}
                renderOption={(props, order) => (
                  <li {...props} key={order.id}>
                    <Stack>
                      <span>
                        {formatOrderNumber(order.id)} · {order.store.name}
                      </span>
                      <span style={{ opacity: 0.7, fontSize: '0.875em' }}>
                        {order.status_label} · {formatDateTime(order.created_at)}
                      </span>
                    </Stack>
                  </li>
                )}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                onChange={(_event, order) => {
                  setPickedOrder(order);
                  field.onChange(order?.id ?? null);
                }}
                onInputChange={(_event, value, reason) => {
                  if (reason === 'input') setOrderSearch(value);
                }}
                onBlur={field.onBlur}
                loading={orders.isFetching}
                loadingText={t('create.loadingOrders')}
                noOptionsText={t('create.noOrders')}
                slotProps={{ listbox: { style: { maxHeight: MENU_MAX_HEIGHT_PX } } }}
                renderInput={(params) => (
                  <TextField {...params} inputRef={field.inputRef} label={t('fields.order')} error={!!field.error} helperText={field.error ?? t('hints.order')} />
                )}
              />
            )}
          />
          <FormTextField name="description" label={t('fields.description')} required multiline minRows={5} slotProps={{ htmlInput: { maxLength: ESCALATION_TEXT_MAX } }} hint={t('hints.description')} />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={onCancel}>{t('create.cancel')}</Button>
            <Button type="submit" variant="contained" loading={create.isPending}>
              {t('create.submit')}
            </Button>
          </Stack>
        </Stack>
      </ZodForm>
    </Paper>
  );
}
