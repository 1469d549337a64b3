import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '@/lib/prerendered-login';

/** Light or dark: follows the system until the person picks one here (remembered by MUI in localStorage). */
export function ColorModeToggle() {
  const { mode, systemMode, setMode } = useColorScheme();
  const { t } = useTranslation();
  // The prerendered /login cannot know the device's mode: it keeps the button's place until the app runs.
  const hydrated = useHydrated();
  if (!mode || !hydrated) return <Box aria-hidden sx={{ width: 40, height: 40, flexShrink: 0 }} />;
  const resolved = mode === 'system' ? (systemMode ?? 'light') : mode;
  const next = resolved === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('topBar.colorMode.toDark') : t('topBar.colorMode.toLight');
  return (
    // A plain title, not a Tooltip: this button is on /login, which stays lean.
    <IconButton color="inherit" aria-label={label} title={label} onClick={() => setMode(next)}>
      {next === 'dark' ? <DarkModeOutlinedIcon /> : <LightModeOutlinedIcon />}
    </IconButton>
  );
}
