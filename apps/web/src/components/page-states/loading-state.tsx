import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A spinner with words, announced to screen readers. */
export function LoadingState({ label, minHeight = 200 }: { label?: string; minHeight?: number | string }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, minHeight }}>
      <CircularProgress aria-hidden size={32} />
      <Typography color="text.secondary">{label ?? t('states.loading')}</Typography>
    </Box>
  );
}
