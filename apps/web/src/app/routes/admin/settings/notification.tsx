import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { NotificationPreferencesForm } from '@/features/settings/components/notification-preferences-form';
import { NotificationsList } from '@/features/settings/components/notifications-list';

export function Component() {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <Page title={t(paths.admin.settingsNotification.titleKey)} maxWidth={960}>
      <Stack spacing={3}>
        {/* Admins hear of escalations, never order updates: the WhatsApp opt-in would switch nothing. */}
        <NotificationPreferencesForm without={['whatsapp_order_updates']} />
        <NotificationsList />
      </Stack>
    </Page>
  );
}
