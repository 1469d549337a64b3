import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDateTime } from '@app/shared/format';
import { istIsoTime } from '@app/shared/india-time';
import { ErrorState } from '@/components/page-states/error-state';
import { useRateHistory, type RateHistoryQuery } from '@/data/rate-card';
import type { CellTarget } from './rate-card-table';
import { useMaterialName } from '@/data/catalog';

/** One rate's changes (who, when, from -> to) and the rate in force at a chosen time. */
export function RateHistoryDrawer({ target, onClose }: { target: CellTarget; onClose: () => void }) {
  const { t } = useTranslation('rateCard');
  const nameOf = useMaterialName();
  const base: RateHistoryQuery = { city_id: target.city.id, material_id: target.entry.material.id, rate_type: target.rateType };
  const history = useRateHistory(base);
  const [atText, setAtText] = useState('');
  const [at, setAt] = useState<string | null>(null);
  const [atMissing, setAtMissing] = useState(false);
  const lookup = useRateHistory(at ? { ...base, at } : null);

  // The time typed is India time, as every time the app shows is (@app/shared/format), whatever the device's zone.
  const onLookup = () => {
    const when = Date.parse(`${atText}:00+05:30`);
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(atText) || !Number.isFinite(when)) {
      setAtMissing(true);
      return;
    }
    setAtMissing(false);
    setAt(new Date(when).toISOString());
  };

  return (
    <Drawer anchor="right" open onClose={onClose} sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 } }, 'aria-labelledby': 'rate-history-title' } as object }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', p: 2, gap: 1 }}>
        <Box sx={{ flex: 1 }}>
          <Typography id="rate-history-title" variant="h2">
            {t('history.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('history.subtitle', { type: t(`rateTypeLong.${target.rateType}`), material: nameOf(target.entry.material), city: target.city.name })}
          </Typography>
        </Box>
        <IconButton onClick={onClose} aria-label={t('actions.close')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Box component="section" aria-labelledby="rate-at-heading" sx={{ p: 2 }}>
        <Typography id="rate-at-heading" variant="h3" component="h3" sx={{ mb: 0.5 }}>
          {t('history.lookup')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('history.lookupHelp')}
        </Typography>
        <Stack direction="row" spacing={1} component="form" noValidate onSubmit={(e) => (e.preventDefault(), onLookup())}>
          <TextField
            type="datetime-local"
            size="small"
            label={t('history.at')}
            value={atText}
            onChange={(e) => setAtText(e.target.value)}
            error={atMissing}
            helperText={atMissing ? t('history.pickDate') : undefined}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: istIsoTime(new Date()).slice(0, 16) } }}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="outlined">
            {t('history.lookupButton')}
          </Button>
        </Stack>
        {at && (
          <Box sx={{ mt: 2 }} aria-live="polite">
            {lookup.isPending ? (
              <Skeleton width="80%" />
            ) : lookup.isError ? (
              <ErrorState error={lookup.error} onRetry={() => void lookup.refetch()} />
            ) : lookup.data.rate === null ? (
              <Alert severity="info">{t('history.noRateAt', { time: formatDateTime(at) })}</Alert>
            ) : (
              <Alert severity="success" icon={false}>
                {t('history.rateAt', { time: formatDateTime(at), rate: formatCurrency(lookup.data.rate) })}
              </Alert>
            )}
          </Box>
        )}
      </Box>
      <Divider />
      <Box component="section" aria-labelledby="rate-changes-heading" sx={{ p: 2, overflowY: 'auto' }}>
        <Typography id="rate-changes-heading" variant="h3" component="h3">
          {t('history.changes')}
        </Typography>
        {history.isPending ? (
          <Stack spacing={1} sx={{ mt: 2 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={48} />
            ))}
          </Stack>
        ) : history.isError ? (
          <Box sx={{ mt: 2 }}>
            <ErrorState error={history.error} onRetry={() => void history.refetch()} />
          </Box>
        ) : history.data.changes.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('history.noChanges')}
          </Typography>
        ) : (
          <List dense>
            {history.data.changes.map((change) => (
              <ListItem key={change.id} disableGutters divider>
                <ListItemText
                  primary={
                    change.previous_rate === null
                      ? t('history.first', { to: formatCurrency(change.rate) })
                      : t('history.change', { from: formatCurrency(change.previous_rate), to: formatCurrency(change.rate) })
                  }
                  secondary={`${formatDateTime(change.changed_at)} · ${change.changed_by ? t('history.by', { name: change.changed_by.name }) : t('history.bySystem')}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Drawer>
  );
}
