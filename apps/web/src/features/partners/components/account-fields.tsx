import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/form/password-field';
import { NS } from '../i18n';

/** A registered input with its error; the forms name these fields differently, so they bind them. */
export interface BoundField {
  field: UseFormRegisterReturn;
  error?: FieldError;
}

/** The sign-in account that an admin or vendor creates together with a store or vendor. */
export function AccountFields({ contactName, phone, loginId, password }: { contactName: BoundField; phone: BoundField; loginId: BoundField; password: BoundField }) {
  const { t } = useTranslation(NS);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...contactName.field} label={t('fields.contactName')} required fullWidth error={!!contactName.error} helperText={contactName.error?.message} autoComplete="name" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...phone.field} label={t('fields.phone')} required fullWidth type="tel" error={!!phone.error} helperText={phone.error?.message ?? t('hints.phone')} autoComplete="tel" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...loginId.field} label={t('fields.loginId')} required fullWidth type="email" error={!!loginId.error} helperText={loginId.error?.message} autoComplete="off" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <PasswordField {...password.field} label={t('fields.password')} required autoComplete="new-password" error={!!password.error} helperText={password.error?.message ?? t('hints.password')} />
      </Grid>
    </Grid>
  );
}
