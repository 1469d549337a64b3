import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { Page, type PageProps } from './page';

export interface WelcomePageProps extends Omit<PageProps, 'title' | 'documentTitle'> {
  /** The page's own name, for the browser tab (the top bar shows it too). */
  pageTitle: string;
}

/**
 * A phone section's start page (store, driver, vendor): its heading greets the member by
 * name, known on the device, so it draws before any answer arrives (decision 053).
 */
export function WelcomePage({ pageTitle, ...page }: WelcomePageProps) {
  const { t } = useTranslation('pages');
  const { user } = useSession();
  return <Page {...page} title={t('welcome', { name: user?.name ?? '' })} documentTitle={pageTitle} />;
}
