import Paper from '@mui/material/Paper';
import { PlannedPage } from '@/components/page-states/planned-page';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';

// The account details are still to come; changing the password works already.
export function Component() {
  return (
    <PlannedPage page="vendor.settingsInformation">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <ChangePasswordForm />
      </Paper>
    </PlannedPage>
  );
}
