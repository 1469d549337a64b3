import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { DriverHome } from '@/features/driver/components/driver-home';

export function Component() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('driver.home.title')} subtitle={t('driver.home.summary')} maxWidth={720}>
      <DriverHome />
    </Page>
  );
}
