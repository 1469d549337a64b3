import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDateTime, formatDistanceMetres, formatWeightValue } from '@app/shared/format';
import type { OrderEvent, OrderEventLine } from '@app/shared/schemas/orders';
import { addTranslations } from '@/lib/i18n';
import { arrivalPlace, receivedLater, type ArrivalPlace } from '@/lib/order-event-time';
import { ordersEn } from '../locales/en';
import { OrderStatusChip } from '@/components/status/order-status-chip';
import { translateServerMessage } from '@/lib/server-messages';
import { useMaterialName } from '@/data/catalog';

addTranslations('orders', ordersEn);

const kg = (w: number | null) => (w === null ? '—' : formatWeightValue(w));

/**
 * The order's history, newest first: who did what, from which status to which, when it was
 * done (and received, when a phone sent it later), why, and the lines before and after.
 * With `arrivalRadiusM` (Settings -> Order), an arrival says whether it was at the store.
 */
export function OrderHistory({ events, arrivalRadiusM = null }: { events: readonly OrderEvent[]; arrivalRadiusM?: number | null }) {
  const { t } = useTranslation('orders');
  const heading = (event: OrderEvent, place: ArrivalPlace | null) => {
    if (!place) return t(`detail.actions.${event.action}`);
    return place.at === 'store' ? t('detail.arrivedAtStore') : t('detail.arrivedAway', { distance: formatDistanceMetres(place.metres) });
  };
  if (events.length === 0) return <Typography color="text.secondary">{t('detail.noHistory')}</Typography>;
  const newestFirst = [...events].reverse();
  return (
    <Box component="ol" aria-label={t('detail.history')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {newestFirst.map((event, index) => {
        const received = receivedLater(event);
        const place = arrivalPlace(event, arrivalRadiusM);
        return (
          <Box component="li" key={event.id} data-testid="order-event" sx={{ display: 'flex', gap: 2 }}>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.75 }} aria-hidden>
              <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: index === 0 ? 'primary.main' : 'action.disabled', flexShrink: 0 }} />
              {index < newestFirst.length - 1 && <Box sx={{ width: 2, flex: 1, bgcolor: 'divider', my: 0.5 }} />}
            </Box>
            <Box sx={{ pb: 2.5, flex: 1, minWidth: 0 }}>
              <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 600, color: place?.at === 'away' ? 'warning.main' : undefined }} data-testid="order-event-title">
                  {heading(event, place)}
                </Typography>
                {event.from_status && <OrderStatusChip status={event.from_status} />}
                {event.from_status && <ArrowForwardIcon fontSize="small" color="action" aria-label="→" />}
                <OrderStatusChip status={event.to_status} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {event.actor ? `${event.actor.name} (${t(`detail.roles.${event.actor.role}`)})` : t('detail.system')} · <span data-testid="order-event-time">{formatDateTime(event.occurred_at)}</span>
              </Typography>
              {received && (
                <Typography variant="body2" color="text.secondary" title={t('detail.receivedHint')} data-testid="order-event-received">
                  {t('detail.received', { time: received })}
                </Typography>
              )}
              {event.reason && (
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {t('detail.reason', { reason: translateServerMessage(event.reason) })}
                </Typography>
              )}
              {event.lines_before && event.lines_after && <LinesDiff before={event.lines_before} after={event.lines_after} />}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

/** Each line's weight, rate and amount before and after an edit; changed values stand out. */
function LinesDiff({ before, after }: { before: OrderEventLine[]; after: OrderEventLine[] }) {
  const { t } = useTranslation('orders');
  const nameOf = useMaterialName();
  const lineName = (line: OrderEventLine) => nameOf({ id: line.material_id, name: line.material_name });
  const keyOf = (line: OrderEventLine) => (line.id !== null ? `id:${line.id}` : `m:${line.material_id}`);
  const beforeByKey = new Map(before.map((l) => [keyOf(l), l]));
  const afterKeys = new Set(after.map(keyOf));
  const rows: { key: string; before: OrderEventLine | null; after: OrderEventLine | null }[] = [
    ...after.map((l) => ({ key: keyOf(l), before: beforeByKey.get(keyOf(l)) ?? null, after: l })),
    ...before.filter((l) => !afterKeys.has(keyOf(l))).map((l) => ({ key: keyOf(l), before: l, after: null })),
  ];
  const changed = (a: unknown, b: unknown) => a !== b;
  return (
    <Paper variant="outlined" sx={{ mt: 1 }}>
      <TableContainer>
        <Table size="small" aria-label={`${t('detail.before')} / ${t('detail.after')}`} sx={{ '& td, & th': { whiteSpace: 'nowrap', py: 0.5, px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('dialog.material')}</TableCell>
              <TableCell align="right">{t('dialog.weightKg')}</TableCell>
              <TableCell align="right">{t('dialog.ratePerKg')}</TableCell>
              <TableCell align="right">{t('dialog.cost')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(({ key, before: b, after: a }) => {
              const name = a && b && a.material_name !== b.material_name ? `${lineName(b)} → ${lineName(a)}` : lineName((a ?? b)!);
              const cell = (pick: (l: OrderEventLine) => string, raw: (l: OrderEventLine) => unknown) => {
                if (!b) return <Box component="span" sx={{ color: 'success.main' }}>{a ? pick(a) : ''}</Box>;
                if (!a) return <Box component="span" sx={{ color: 'error.main', textDecoration: 'line-through' }}>{pick(b)}</Box>;
                if (!changed(raw(a), raw(b))) return pick(a);
                return (
                  <span>
                    <Box component="span" sx={{ color: 'text.secondary', textDecoration: 'line-through' }}>
                      {pick(b)}
                    </Box>{' '}
                    → <strong>{pick(a)}</strong>
                  </span>
                );
              };
              return (
                <TableRow key={key}>
                  <TableCell>
                    {name}
                    {!b && ` (${t('detail.added')})`}
                    {!a && ` (${t('detail.removed')})`}
                  </TableCell>
                  <TableCell align="right">{cell((l) => kg(l.weight), (l) => l.weight)}</TableCell>
                  <TableCell align="right">{cell((l) => formatCurrency(l.rate), (l) => l.rate)}</TableCell>
                  <TableCell align="right">{cell((l) => formatCurrency(l.amount), (l) => l.amount)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
