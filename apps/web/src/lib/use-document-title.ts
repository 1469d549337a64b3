import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab's title: "<page> · Kabadi Orders". */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = title ? `${title} · ${t('appName')}` : t('appName');
  }, [title, t]);
}
