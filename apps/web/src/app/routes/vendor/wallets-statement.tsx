import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { StatementView } from '@/features/statements/components/statement-view';

export function Component() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('vendor.walletsStatement.title')} subtitle={t('vendor.walletsStatement.summary')}>
      <StatementView audience="vendor" />
    </Page>
  );
}
