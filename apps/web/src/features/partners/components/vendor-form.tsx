import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { createVendorRequestSchema, type Vendor } from '@app/shared/schemas/partners';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { ZodForm } from '@/components/form/zod-form';
import { notify } from '@/lib/notify';
import { useCreateVendor } from '@/data/partners';
import { NS } from '../i18n';
import { AccountFields } from './account-fields';
import { BusinessFields } from './business-fields';

/** POST /vendors/: the admin adds a vendor with its sign-in account (approved at once). */
export function VendorForm({ onCreated, onCancel }: { onCreated: (vendor: Vendor) => void; onCancel: () => void }) {
  const { t } = useTranslation(NS);
  const create = useCreateVendor();
  const form = useZodForm(createVendorRequestSchema, {
    defaultValues: { login_id: '', password: '', name: '', phone: '', company_name: '', city_id: undefined, address: '', gstin: '' },
  });
  const onSubmit = form.submit(async (values) => {
    const vendor = await create.mutateAsync(values);
    notify.success(t('vendorForm.created', { name: vendor.company_name }));
    onCreated(vendor);
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <ZodForm form={form} onSubmit={onSubmit}>
        <Stack spacing={3}>
          <Typography variant="h2">{t('vendorForm.companySection')}</Typography>
          <Grid container spacing={2}>
            <BusinessFields nameField="company_name" nameLabel={t('fields.companyName')} />
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField name="gstin" label={t('fields.gstin')} hint={t('hints.gstin')} slotProps={{ htmlInput: { maxLength: 15, style: { textTransform: 'uppercase' } } }} />
            </Grid>
          </Grid>
          <Typography variant="h2">{t('vendorForm.accountSection')}</Typography>
          <AccountFields contactNameField="name" />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" loading={create.isPending}>
              {t('vendorForm.submit')}
            </Button>
          </Stack>
        </Stack>
      </ZodForm>
    </Paper>
  );
}
