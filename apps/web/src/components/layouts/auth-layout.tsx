import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RecyclingIcon from '@mui/icons-material/Recycling';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { GuestGuard } from '@/components/guards/guest-guard';
import { ColorModeToggle } from './color-mode-toggle';
import { LanguageSwitch } from './language-switch';

/** Sign-in, sign-up and password reset: one card in the middle, for signed-out people only. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <GuestGuard>
      <Box component="main" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', px: 2, py: { xs: 3, sm: 6 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%', maxWidth: 520, mb: 3 }}>
          <RecyclingIcon color="primary" fontSize="large" aria-hidden />
          <Typography variant="h2" component="p" sx={{ flexGrow: 1 }}>
            {t('appName')}
          </Typography>
          <LanguageSwitch icon={<TranslateIcon />} />
          <ColorModeToggle />
        </Stack>
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 520, p: { xs: 2.5, sm: 4 } }}>
          <Outlet />
        </Paper>
      </Box>
    </GuestGuard>
  );
}
