import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { HouseholdBookForm } from '@/features/orders/components/household-book-form';

/** /Household/Book (design.md section 21): book a pickup, then the pickup's page. */
export function Component() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  return (
    <Page title={t('household.book.title')} maxWidth={640}>
      <HouseholdBookForm onBooked={(order) => void navigate(paths.household.orderDetail.getHref({ id: order.id }))} />
    </Page>
  );
}
