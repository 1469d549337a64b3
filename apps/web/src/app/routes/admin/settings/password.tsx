import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';

export function Component() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('admin.settingsPassword.title')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <ChangePasswordForm />
      </Paper>
    </Page>
  );
}
