import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatOrderNumber, formatWeight } from '@app/shared/format';
import type { Order } from '@app/shared/schemas/orders';
import { paths } from '@/config/paths';
import { OrderStatusChip } from '@/components/status/order-status-chip';
import { useMaterialName } from '@/data/catalog';

export interface PickupCardProps {
  order: Order;
  cityName: string | null;
  /** The big button(s) at the bottom. */
  actions?: ReactNode;
  /** One line about what comes next. */
  nextStep?: string;
  /** Beside the status (the outbox's "waiting to send"). */
  badge?: ReactNode;
}

/** One pickup on the driver's board: store, place, materials and when it was asked for. */
export function PickupCard({ order, cityName, actions, nextStep, badge }: PickupCardProps) {
  const { t } = useTranslation('driver');
  const nameOf = useMaterialName();
  const address = order.store.address;
  const href = paths.driver.orderDetail.getHref({ id: order.id });
  return (
    <Card variant="outlined" component="article" aria-label={`${order.store.name} ${formatOrderNumber(order.id)}`} data-order-id={order.id}>
      <CardActionArea component={RouterLink} to={href}>
        <CardContent sx={{ pb: 1.5 }}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }} noWrap>
                {order.store.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatOrderNumber(order.id)}
              </Typography>
            </Box>
            <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
              <OrderStatusChip status={order.status} />
              {badge}
            </Stack>
          </Stack>
          <Stack spacing={0.5} sx={{ mt: 1.5 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <PlaceOutlinedIcon fontSize="small" aria-hidden />
              <Typography variant="body2">{[address, cityName].filter(Boolean).join(', ') || '—'}</Typography>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <ScheduleOutlinedIcon fontSize="small" aria-hidden />
              <Typography variant="body2">{t('home.created', { time: formatDateTime(order.created_at) })}</Typography>
            </Stack>
          </Stack>
          <Box component="ul" aria-label={t('home.materials')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, m: 0, mt: 1.5 }}>
            {order.details.map((line) => (
              <Box
                component="li"
                key={line.id}
                sx={{ px: 1, py: 0.25, borderRadius: 1, bgcolor: 'action.hover', typography: 'body2' }}
              >
                {nameOf(line.material)}
                {line.weight !== null && ` · ${formatWeight(line.weight)}`}
              </Box>
            ))}
          </Box>
          {nextStep && (
            <Typography variant="body2" sx={{ mt: 1.5, fontWeight: 600, color: 'primary.main' }}>
              {nextStep}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
      {actions && <CardActions sx={{ px: 2, pb: 2, pt: 0 }}>{actions}</CardActions>}
    </Card>
  );
}
