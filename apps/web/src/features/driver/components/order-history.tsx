import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@app/shared/format';
import type { OrderEvent } from '@app/shared/schemas/orders';
import { useOrderStatusLabel } from '@/components/status/order-status-chip';
import { receivedLater } from '@/lib/order-event-time';

/** What happened to the pickup, newest first: when each step was taken (and received, when the phone sent it later). */
export function OrderHistory({ events }: { events: OrderEvent[] }) {
  const { t } = useTranslation('driver');
  const statusLabel = useOrderStatusLabel();
  if (events.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="history-heading" spacing={1}>
      <Typography id="history-heading" variant="h2" sx={{ fontSize: '1.15rem' }}>
        {t('detail.history')}
      </Typography>
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {[...events].reverse().map((event) => {
          const received = receivedLater(event);
          return (
            <Stack component="li" key={event.id} direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
              <div>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {statusLabel(event.to_status)}
                  {event.actor && (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' · '}
                      {event.actor.name}
                    </Typography>
                  )}
                </Typography>
                {event.reason && (
                  <Typography variant="body2" color="text.secondary">
                    {t('detail.issueReason', { reason: event.reason })}
                  </Typography>
                )}
              </div>
              <Stack sx={{ flexShrink: 0, alignItems: 'flex-end' }}>
                <Typography variant="body2" color="text.secondary" data-testid="history-time">
                  {formatDateTime(event.occurred_at)}
                </Typography>
                {received && (
                  <Typography variant="caption" color="text.secondary" data-testid="history-received">
                    {t('detail.received', { time: received })}
                  </Typography>
                )}
              </Stack>
            </Stack>
          );
        })}
      </Stack>
    </Stack>
  );
}
