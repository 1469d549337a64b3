import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { AddAccountForm } from '@/features/auth/components/add-account-form';

export function Component() {
  const { t } = useTranslation(['common', 'pages', 'auth']);
  return (
    <Page title={t('pages:admin.settingsAddAccount.title')} subtitle={t('auth:addAccount.intro')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <AddAccountForm />
      </Paper>
    </Page>
  );
}
