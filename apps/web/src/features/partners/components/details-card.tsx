import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { EditDetailsDialog, type EditDetailsDialogProps } from './edit-details-dialog';

/** A labelled value of a detail card. */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ mt: 0.25, wordBreak: 'break-word' }}>{children ?? '—'}</Box>
    </Box>
  );
}

export interface DetailsCardItem {
  label: string;
  value: ReactNode;
}

export interface DetailsCardProps {
  title: string;
  items: readonly DetailsCardItem[];
  /** What the Edit button opens: the dialog's fields, first values and save. */
  edit: Omit<EditDetailsDialogProps, 'onClose'>;
  children?: ReactNode;
}

/** The editable details of a driver, store or vendor: a titled card of label/value pairs with an edit button. */
export function DetailsCard({ title, items, edit, children }: DetailsCardProps) {
  const { t } = useTranslation(NS);
  const [editing, setEditing] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h2">{title}</Typography>
        <Button startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
          {t('common.edit')}
        </Button>
      </Stack>
      <Grid container spacing={2}>
        {items.map((item) => (
          <Grid key={item.label} size={{ xs: 12, sm: 6 }}>
            <DetailItem label={item.label}>{item.value}</DetailItem>
          </Grid>
        ))}
      </Grid>
      {children}
      {editing && <EditDetailsDialog {...edit} onClose={() => setEditing(false)} />}
    </Paper>
  );
}

/** Stands in for a detail page (numbers, then details) while it loads. */
export function DetailsLoading() {
  const { t } = useTranslation(NS);
  return (
    <Stack spacing={2} role="status" aria-label={t('common.loading')}>
      <Skeleton variant="rounded" height={96} />
      <Skeleton variant="rounded" height={200} />
    </Stack>
  );
}
