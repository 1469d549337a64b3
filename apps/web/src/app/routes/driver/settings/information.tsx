import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { DriverProfileCard } from '@/features/driver/components/driver-profile-form';

// The driver's profile (GET/PATCH /drivers/{id}) and the password change.
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('driver.settingsInformation.title')} subtitle={t('driver.settingsInformation.summary')}>
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <DriverProfileCard />
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <ChangePasswordForm />
        </Paper>
      </Stack>
    </Page>
  );
}
