import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { VendorProfile } from '@/features/partners/components/vendor-detail';
import { useSession } from '@/lib/session';

// The vendor's own company details (editable) and, from the shell engineer, changing the password.
export function Component() {
  const { t } = useTranslation(['pages', 'common']);
  const { user } = useSession();
  return (
    <Page title={t(paths.vendor.settingsInformation.titleKey)}>
      <Stack spacing={3}>
        {user?.vendorId ? <VendorProfile id={user.vendorId} /> : null}
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <ChangePasswordForm />
        </Paper>
      </Stack>
    </Page>
  );
}
