import { useTranslation } from 'react-i18next';
import { QueryProvider } from '@/components/providers/query-provider';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.forgotPassword'));
  return (
    <QueryProvider>
      <ForgotPasswordForm />
    </QueryProvider>
  );
}
