import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ZodForm as ZodFormState } from '@/components/form/use-zod-form';
import { ZodForm } from '@/components/form/zod-form';
import { NS } from '../i18n';
import { AccountFields } from './account-fields';
import { BusinessFields } from './business-fields';

export interface PartnerFormProps<TIn extends FieldValues, TOut> {
  form: ZodFormState<TIn, TOut>;
  /** From `form.submit(action)`. */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  business: {
    heading: string;
    nameField: 'name' | 'company_name';
    nameLabel: string;
    /** More of the business, as items of its grid (a store's vendor, a vendor's GSTIN). */
    extra?: ReactNode;
  };
  account: { heading: string; contactNameField: 'name' | 'contact_name' };
  submitLabel: string;
  onCancel: () => void;
}

/** Adds a store or a vendor with its sign-in account: the business first, then the account. */
export function PartnerForm<TIn extends FieldValues, TOut>({ form, onSubmit, business, account, submitLabel, onCancel }: PartnerFormProps<TIn, TOut>) {
  const { t } = useTranslation(NS);
  return (
    <ZodForm form={form} onSubmit={onSubmit}>
      <Stack spacing={3}>
        <Typography variant="h2">{business.heading}</Typography>
        <Grid container spacing={2}>
          <BusinessFields nameField={business.nameField} nameLabel={business.nameLabel} />
          {business.extra}
        </Grid>
        <Typography variant="h2">{account.heading}</Typography>
        <AccountFields contactNameField={account.contactNameField} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </ZodForm>
  );
}
