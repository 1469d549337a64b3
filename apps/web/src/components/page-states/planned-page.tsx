import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';

export interface PlannedPageProps {
  /** The page's key in the "pages" namespace, e.g. "admin.orders" (title, summary, items). */
  page: string;
  /** Something real to show above the plan (a form that already works, say). */
  children?: ReactNode;
}

/**
 * A page whose capability comes later: its title and what it will hold. Never fake data.
 * Replace it by editing the page's route module only.
 */
export function PlannedPage({ page, children }: PlannedPageProps) {
  const { t } = useTranslation('pages');
  const items = t(`${page}.items`, { returnObjects: true, defaultValue: [] }) as unknown;
  const list = Array.isArray(items) ? (items as string[]) : [];
  return (
    <Page title={t(`${page}.title`)} subtitle={t(`${page}.summary`, { defaultValue: '' }) || undefined}>
      {children}
      <Paper variant="outlined" component="section" aria-labelledby="planned-heading" sx={{ p: { xs: 2, sm: 3 }, mt: children ? 3 : 0 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography id="planned-heading" variant="h2">
            {t('common:planned.heading')}
          </Typography>
          <Chip size="small" color="secondary" variant="outlined" label={t('common:planned.badge')} />
        </Stack>
        <Typography color="text.secondary">{t('common:planned.note')}</Typography>
        {list.length > 0 && (
          <List dense>
            {list.map((item) => (
              <ListItem key={item} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <CheckCircleOutlinedIcon color="primary" fontSize="small" aria-hidden />
                </ListItemIcon>
                <ListItemText primary={item} />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Page>
  );
}
