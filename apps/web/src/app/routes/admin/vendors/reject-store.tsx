import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { PendingSignupsTabs } from '@/features/partners/components/pending-signups-tabs';

// Sign-ups waiting for approval: approve (a store with its vendor) or reject with a reason.
export function Component() {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <Page title={t(paths.admin.vendorsRejectStore.titleKey)}>
      <PendingSignupsTabs initialRole="store" />
    </Page>
  );
}
