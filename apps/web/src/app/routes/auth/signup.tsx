import { useTranslation } from 'react-i18next';
import { QueryProvider } from '@/components/providers/query-provider';
import { SignupForm } from '@/features/auth/components/signup-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.signup'));
  return (
    <QueryProvider>
      <SignupForm />
    </QueryProvider>
  );
}
