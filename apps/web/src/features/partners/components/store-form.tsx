import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { createStoreRequestSchema, type StoreDetail } from '@app/shared/schemas/partners';
import { FormField } from '@/components/form/form-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { ZodForm } from '@/components/form/zod-form';
import { notify } from '@/lib/notify';
import { useCreateStore } from '@/data/partners';
import { NS } from '../i18n';
import { AccountFields } from './account-fields';
import { BusinessFields } from './business-fields';
import { VendorPicker } from './vendor-picker';

/**
 * POST /stores/: an admin (optionally choosing the vendor) or a vendor (its own store)
 * adds a store with its sign-in account, approved at once.
 */
export function StoreForm({ chooseVendor, onCreated, onCancel }: { chooseVendor: boolean; onCreated: (store: StoreDetail) => void; onCancel: () => void }) {
  const { t } = useTranslation(NS);
  const create = useCreateStore();
  const form = useZodForm(createStoreRequestSchema, {
    defaultValues: { login_id: '', password: '', name: '', contact_name: '', phone: '', city_id: undefined, address: '', vendor_id: undefined },
  });
  const onSubmit = form.submit(async (values) => {
    const store = await create.mutateAsync(chooseVendor ? values : { ...values, vendor_id: undefined });
    notify.success(t('storeForm.created', { name: store.name }));
    onCreated(store);
  });
  return (
    <ZodForm form={form} onSubmit={onSubmit}>
      <Stack spacing={3}>
        <Typography variant="h2">{t('storeForm.storeSection')}</Typography>
        <Grid container spacing={2}>
          <BusinessFields nameField="name" nameLabel={t('fields.storeName')} />
          {chooseVendor && (
            <Grid size={12}>
              <FormField
                name="vendor_id"
                render={({ value, onChange, error }) => (
                  <VendorPicker value={value as number | undefined} onChange={(id) => onChange(id ?? undefined)} error={error} helperText={t('hints.vendorOptional')} />
                )}
              />
            </Grid>
          )}
        </Grid>
        <Typography variant="h2">{t('storeForm.accountSection')}</Typography>
        <AccountFields contactNameField="contact_name" />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('storeForm.submit')}
          </Button>
        </Stack>
      </Stack>
    </ZodForm>
  );
}
