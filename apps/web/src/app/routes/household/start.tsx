import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryProvider } from '@/components/providers/query-provider';
import { paths } from '@/config/paths';
import { HouseholdStartForm } from '@/features/auth/components/household-start-form';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /Household/Start (design.md section 21), in the sign-in pages' layout: for the signed-out
 * only. A member's number signs in and the layout's guard takes it to its start page; a new
 * household goes on to book its first pickup (the guard follows `redirectTo`).
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.householdStart'));
  const [, setParams] = useSearchParams();
  const toBooking = () => setParams({ redirectTo: paths.household.book.getHref() }, { replace: true });
  return (
    <QueryProvider>
      <HouseholdStartForm onSigningUp={toBooking} />
    </QueryProvider>
  );
}
