import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { createVendorRequestSchema, type CreateVendorRequest, type Vendor } from '@app/shared/schemas/partners';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useCreateVendor } from '../api/create-vendor';
import { NS } from '../i18n';
import { AccountFields } from './account-fields';
import { CityPicker } from './list-parts';

const FIELDS = ['login_id', 'password', 'name', 'phone', 'company_name', 'city_id', 'address'] as const;

/** POST /vendors/: the admin adds a vendor with its sign-in account (approved at once). */
export function VendorForm({ onCreated, onCancel }: { onCreated: (vendor: Vendor) => void; onCancel: () => void }) {
  const { t } = useTranslation(NS);
  const create = useCreateVendor();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<CreateVendorRequest>({
    resolver: zodResolver(createVendorRequestSchema),
    mode: 'onTouched',
    defaultValues: { login_id: '', password: '', name: '', phone: '', company_name: '', city_id: undefined, address: '' },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    create.mutate(values, {
      onSuccess: (vendor) => {
        notify.success(t('vendorForm.created', { name: vendor.company_name }));
        onCreated(vendor);
      },
      onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS)),
    });
  });
  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={3}>
        {formError && (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        )}
        <Typography variant="h2">{t('vendorForm.companySection')}</Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...register('company_name')} label={t('fields.companyName')} required fullWidth error={!!errors.company_name} helperText={errors.company_name?.message} autoComplete="organization" />
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
        </Grid>
        <Typography variant="h2">{t('vendorForm.accountSection')}</Typography>
        <AccountFields
          contactName={{ field: register('name'), error: errors.name }}
          phone={{ field: register('phone'), error: errors.phone }}
          loginId={{ field: register('login_id'), error: errors.login_id }}
          password={{ field: register('password'), error: errors.password }}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('vendorForm.submit')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
