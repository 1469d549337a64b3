import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './language-switch';

/**
 * A public page anyone may open, signed in or not (/Sell): the app's name and the language
 * switch above one column, a phone's width on any screen. Nothing in it depends on the device,
 * so the build can prerender it. No icons: each brings MUI's field chunk into the page's start.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', px: 2, py: { xs: 2, sm: 5 } }}>
      <Stack component="header" direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%', maxWidth: 560, mb: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" component="p" color="primary" sx={{ flexGrow: 1 }}>
          {t('appName')}
        </Typography>
        <LanguageSwitch />
      </Stack>
      <Box component="main" sx={{ width: '100%', maxWidth: 560 }}>
        {children}
      </Box>
    </Box>
  );
}
