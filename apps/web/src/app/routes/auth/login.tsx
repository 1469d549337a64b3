import { useTranslation } from 'react-i18next';
import { SignInChoice } from '@/features/auth/components/sign-in-choice';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.login'));
  return <SignInChoice />;
}
