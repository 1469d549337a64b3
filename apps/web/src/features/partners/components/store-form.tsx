import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { createStoreRequestSchema, type StoreDetail } from '@app/shared/schemas/partners';
import { FormField } from '@/components/form/form-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { notify } from '@/lib/notify';
import { useCreateStore } from '@/data/partners';
import { NS } from '../i18n';
import { PartnerForm } from './partner-form';
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
  const vendorField = chooseVendor && (
    <Grid size={12}>
      <FormField
        name="vendor_id"
        render={({ value, onChange, error }) => (
          <VendorPicker value={value as number | undefined} onChange={(id) => onChange(id ?? undefined)} error={error} helperText={t('hints.vendorOptional')} />
        )}
      />
    </Grid>
  );
  return (
    <PartnerForm
      form={form}
      onSubmit={onSubmit}
      business={{ heading: t('storeForm.storeSection'), nameField: 'name', nameLabel: t('fields.storeName'), extra: vendorField }}
      account={{ heading: t('storeForm.accountSection'), contactNameField: 'contact_name' }}
      submitLabel={t('storeForm.submit')}
      onCancel={onCancel}
    />
  );
}
