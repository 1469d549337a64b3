import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** A browser tab's title: "<page> · Kabadi Orders". */
export const documentTitle = (title: string, appName: string): string => (title ? `${title} · ${appName}` : appName);

/** Sets the browser tab's title. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = documentTitle(title, t('appName'));
  }, [title, t]);
}
