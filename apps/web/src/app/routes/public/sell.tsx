import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/layouts/public-layout';
import { SellPage } from '@/features/sell/components/sell-page';
import { takeOverPage } from '@/lib/prerendered-login';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /Sell: public, prerendered by the build like /login (vite-prerender-login.ts). */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.sell'));
  // The page is the app's now: a button pressed before it was is pressed again (lib/prerendered-login.ts).
  useEffect(takeOverPage, []);
  return (
    <PublicLayout>
      <SellPage />
    </PublicLayout>
  );
}
