import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { FormPasswordField } from '@/components/form/form-password-field';
import { FormTextField } from '@/components/form/form-text-field';
import { NS } from '../i18n';

/**
 * The sign-in account that an admin or vendor creates together with a store or vendor,
 * inside the surrounding ZodForm. The contact's name is `name` on a vendor and
 * `contact_name` on a store (the store's `name` is the store's).
 */
export function AccountFields({ contactNameField }: { contactNameField: 'name' | 'contact_name' }) {
  const { t } = useTranslation(NS);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField name={contactNameField} label={t('fields.contactName')} required autoComplete="name" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField name="phone" label={t('fields.phone')} required type="tel" hint={t('hints.phone')} autoComplete="tel" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField name="login_id" label={t('fields.loginId')} required type="email" autoComplete="off" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormPasswordField name="password" label={t('fields.password')} required autoComplete="new-password" hint={t('hints.password')} />
      </Grid>
    </Grid>
  );
}
