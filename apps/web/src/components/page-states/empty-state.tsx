import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { useTranslation } from 'react-i18next';

export interface EmptyStateProps {
  title?: string;
  /** What to do next ("Create the first order with the button above"). */
  description?: string;
  action?: ReactNode;
  icon?: ReactNode;
}

/** Nothing to show yet, and what to do about it. */
export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, color: 'text.secondary' }}>
      <Box aria-hidden sx={{ fontSize: 48, lineHeight: 1, mb: 1 }}>
        {icon ?? <InboxOutlinedIcon fontSize="inherit" />}
      </Box>
      <Typography variant="h3" component="p" color="text.primary">
        {title ?? t('states.empty')}
      </Typography>
      {description && <Typography sx={{ mt: 1 }}>{description}</Typography>}
      {action && <Box sx={{ mt: 3 }}>{action}</Box>}
    </Box>
  );
}
