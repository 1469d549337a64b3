import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { createStoreRequestSchema, type CreateStoreRequest, type StoreDetail } from '@app/shared/schemas/partners';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useCreateStore } from '../api/create-store';
import { NS } from '../i18n';
import { AccountFields } from './account-fields';
import { CityPicker } from './list-parts';
import { VendorPicker } from './vendor-picker';

const FIELDS = ['login_id', 'password', 'name', 'contact_name', 'phone', 'city_id', 'address', 'vendor_id'] as const;

/**
 * POST /stores/: an admin (optionally choosing the vendor) or a vendor (its own store)
 * adds a store with its sign-in account, approved at once.
 */
export function StoreForm({ chooseVendor, onCreated, onCancel }: { chooseVendor: boolean; onCreated: (store: StoreDetail) => void; onCancel: () => void }) {
  const { t } = useTranslation(NS);
  const create = useCreateStore();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<CreateStoreRequest>({
    resolver: zodResolver(createStoreRequestSchema),
    mode: 'onTouched',
    defaultValues: { login_id: '', password: '', name: '', contact_name: '', phone: '', city_id: undefined, address: '', vendor_id: undefined },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    create.mutate(chooseVendor ? values : { ...values, vendor_id: undefined }, {
      onSuccess: (store) => {
        notify.success(t('storeForm.created', { name: store.name }));
        onCreated(store);
      },
      onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS)),
    });
  });
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={3}>
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      <Typography variant="h2">{t('storeForm.storeSection')}</Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...register('name')} label={t('fields.storeName')} required fullWidth error={!!errors.name} helperText={errors.name?.message} autoComplete="organization" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="city_id"
            render={({ field, fieldState }) => (
              <CityPicker value={field.value} onChange={(id) => field.onChange(id ?? undefined)} onBlur={field.onBlur} inputRef={field.ref} error={fieldState.error?.message} required />
            )}
          />
        </Grid>
        <Grid size={12}>
          <TextField {...register('address')} label={t('fields.address')} required fullWidth multiline minRows={2} error={!!errors.address} helperText={errors.address?.message} autoComplete="street-address" />
        </Grid>
        {chooseVendor && (
          <Grid size={12}>
            <Controller
              control={control}
              name="vendor_id"
              render={({ field, fieldState }) => (
                <VendorPicker value={field.value} onChange={(id) => field.onChange(id ?? undefined)} error={fieldState.error?.message} helperText={t('hints.vendorOptional')} />
              )}
            />
          </Grid>
        )}
      </Grid>
      <Typography variant="h2">{t('storeForm.accountSection')}</Typography>
      <AccountFields
        contactName={{ field: register('contact_name'), error: errors.contact_name }}
        phone={{ field: register('phone'), error: errors.phone }}
        loginId={{ field: register('login_id'), error: errors.login_id }}
        password={{ field: register('password'), error: errors.password }}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" loading={create.isPending}>
          {t('storeForm.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
