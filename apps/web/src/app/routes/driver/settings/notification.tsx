import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { NotificationPreferencesForm } from '@/features/settings/components/notification-preferences-form';
import { NotificationsList } from '@/features/settings/components/notifications-list';

// The driver's notification choices and notifications (issue 17, item 7). A driver is never
// sent escalation mail (only admins are; drivers have no escalations), so that switch is left out.
export function Component() {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <Page title={t(paths.driver.settingsNotification.titleKey)} maxWidth={960}>
      <Stack spacing={3}>
        <NotificationPreferencesForm without={['email_escalations']} />
        <NotificationsList />
      </Stack>
    </Page>
  );
}
