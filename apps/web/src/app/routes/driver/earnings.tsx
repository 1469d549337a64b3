import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { DriverEarnings } from '@/features/driver/components/driver-earnings';

export function Component() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('driver.earnings.title')} subtitle={t('driver.earnings.summary')}>
      <DriverEarnings />
    </Page>
  );
}
