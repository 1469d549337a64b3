import { useTranslation } from 'react-i18next';
import { WelcomePage } from '@/components/page/welcome-page';
import { DriverHome } from '@/features/driver/components/driver-home';

export function Component() {
  const { t } = useTranslation('pages');
  return (
    <WelcomePage pageTitle={t('driver.home.title')} subtitle={t('driver.home.summary')} maxWidth={720}>
      <DriverHome />
    </WelcomePage>
  );
}
