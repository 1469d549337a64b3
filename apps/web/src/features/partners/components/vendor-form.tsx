import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { createVendorRequestSchema, type Vendor } from '@app/shared/schemas/partners';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { notify } from '@/lib/notify';
import { useCreateVendor } from '@/data/partners';
import { NS } from '../i18n';
import { PartnerForm } from './partner-form';

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
  const gstinField = (
    <Grid size={{ xs: 12, sm: 6 }}>
      <FormTextField name="gstin" label={t('fields.gstin')} hint={t('hints.gstin')} slotProps={{ htmlInput: { maxLength: 15, style: { textTransform: 'uppercase' } } }} />
    </Grid>
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <PartnerForm
        form={form}
        onSubmit={onSubmit}
        business={{ heading: t('vendorForm.companySection'), nameField: 'company_name', nameLabel: t('fields.companyName'), extra: gstinField }}
        account={{ heading: t('vendorForm.accountSection'), contactNameField: 'name' }}
        submitLabel={t('vendorForm.submit')}
        onCancel={onCancel}
      />
    </Paper>
  );
}
