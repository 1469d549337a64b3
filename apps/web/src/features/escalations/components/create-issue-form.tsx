import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { MENU_MAX_HEIGHT_PX } from '@app/shared/constants';
import { formatDateTime, formatOrderNumber } from '@app/shared/format';
import { createEscalationRequestSchema, ESCALATION_SUBJECT_MAX, ESCALATION_TEXT_MAX, type CreateEscalationRequest, type Escalation } from '@app/shared/schemas/escalations';
import type { Order } from '@app/shared/schemas/orders';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useCreateEscalation } from '../api/create-escalation';
import { useOrderChoices } from '../api/get-order-choices';
import { NS } from '../i18n';

const FIELDS = ['subject', 'description', 'order_id'] as const;

/** Raise an issue (store or vendor), optionally about one of the caller's orders. */
export function CreateIssueForm({ onCreated, onCancel, initialOrderId }: { onCreated: (issue: Escalation) => void; onCancel: () => void; initialOrderId?: number }) {
  const { t } = useTranslation(NS);
  const create = useCreateEscalation();
  const [formError, setFormError] = useState<string | null>(null);
  const [orderSearch, setOrderSearch] = useState('');
  const [pickedOrder, setPickedOrder] = useState<Order | null>(null);
  const orders = useOrderChoices(orderSearch.trim());
  const { register, control, handleSubmit, setError, formState } = useForm<CreateEscalationRequest>({
    resolver: zodResolver(createEscalationRequestSchema),
    mode: 'onTouched',
    defaultValues: { subject: '', description: '', order_id: initialOrderId ?? null },
  });
  const { errors } = formState;
  const options = orders.data?.items ?? [];
  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    create.mutate(values, {
      onSuccess: (issue) => {
        notify.success(t('create.created'));
        onCreated(issue);
      },
      onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS)),
    });
  });
  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5}>
        {formError && (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        )}
        <TextField
          {...register('subject')}
          label={t('fields.subject')}
          required
          fullWidth
          slotProps={{ htmlInput: { maxLength: ESCALATION_SUBJECT_MAX } }}
          error={!!errors.subject}
          helperText={errors.subject?.message ?? t('hints.subject')}
        />
        <Controller
          control={control}
          name="order_id"
          render={({ field, fieldState }) => (
            <Autocomplete
              options={pickedOrder && !options.some((o) => o.id === pickedOrder.id) ? [pickedOrder, ...options] : options}
              value={pickedOrder}
              filterOptions={(x) => x}
              getOptionLabel={(order) => `${formatOrderNumber(order.id)} · ${order.store.name} · ${order.status_label}`}
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
                <TextField {...params} inputRef={field.ref} label={t('fields.order')} error={!!fieldState.error} helperText={fieldState.error?.message ?? t('hints.order')} />
              )}
            />
          )}
        />
        <TextField
          {...register('description')}
          label={t('fields.description')}
          required
          fullWidth
          multiline
          minRows={5}
          slotProps={{ htmlInput: { maxLength: ESCALATION_TEXT_MAX } }}
          error={!!errors.description}
          helperText={errors.description?.message ?? t('hints.description')}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>{t('create.cancel')}</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('create.submit')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
