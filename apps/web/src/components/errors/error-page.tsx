import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

export interface ErrorPageProps {
  /** 404 shows Page Not Found; anything else Internal Server Error (product-spec.md section 2). */
  status: number;
  /** The path that was not found ("Page Not Found: /the/path"). */
  path?: string | null;
  /** Full screen (outside any layout) or inside a section's layout. */
  fullScreen?: boolean;
  /** Offer "Try again" (reloads the page). */
  onRetry?: () => void;
}

/** The error page: status code, status message and description, and a way back. */
export function ErrorPage({ status, path, fullScreen = false, onRetry }: ErrorPageProps) {
  const { t } = useTranslation();
  const notFound = status === 404;
  const statusMessage = notFound ? t('messages.pageNotFound') : t('messages.internalServerError');
  const heading = notFound && path ? `${statusMessage}: ${path}` : statusMessage;
  return (
    <Box
      component="section"
      aria-labelledby="error-heading"
      sx={{ display: 'grid', placeItems: 'center', minHeight: fullScreen ? '100vh' : '60vh', p: 2 }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 640, width: '100%', textAlign: 'center' }}>
        <Typography variant="h2" component="p" color={notFound ? 'primary' : 'error'} sx={{ fontSize: '3.5rem', fontWeight: 700 }} aria-hidden>
          {status}
        </Typography>
        <Typography id="error-heading" variant="h1" sx={{ mt: 1, wordBreak: 'break-word' }}>
          {heading}
        </Typography>
        <Typography variant="overline" component="p" color="text.secondary" sx={{ mt: 1 }}>
          {t('errors.statusCode', { status })} · {statusMessage}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {notFound ? t('errors.notFoundDescription') : t('errors.serverErrorDescription')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4, justifyContent: 'center' }}>
          <Button variant="contained" component={RouterLink} to={paths.home.getHref()} nativeButton={false}>
            {t('actions.goHome')}
          </Button>
          {onRetry && (
            <Button variant="outlined" onClick={onRetry}>
              {t('actions.retry')}
            </Button>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
