import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { HouseholdHomeForm } from '@/features/households/components/household-home-form';

/** /Household/Home (design.md section 21): the household's name, address and pin; its city as it is. */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('household.home.title')} maxWidth={640}>
      <HouseholdHomeForm />
    </Page>
  );
}
