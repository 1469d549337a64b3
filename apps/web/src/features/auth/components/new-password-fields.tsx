import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH } from '@app/shared/constants';
import { PasswordField } from '@/components/form/password-field';

type RegisteredPasswordProps = UseFormRegisterReturn & { error?: FieldError };

/** A password being chosen; until it is wrong, its hint tells the minimum length. */
export function NewPasswordField({ label, error, ...registration }: RegisteredPasswordProps & { label: string }) {
  const { t } = useTranslation('auth');
  return (
    <PasswordField
      {...registration}
      label={label}
      autoComplete="new-password"
      required
      error={!!error}
      helperText={error?.message ?? t('validation.passwordMin', { count: MIN_PASSWORD_LENGTH })}
    />
  );
}

/** The chosen password once more, so that a typo does not lock the person out. */
export function ConfirmPasswordField({ error, ...registration }: RegisteredPasswordProps) {
  const { t } = useTranslation('auth');
  return <PasswordField {...registration} label={t('fields.confirmPassword')} autoComplete="new-password" required error={!!error} helperText={error?.message} />;
}
