import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@app/shared/order-status';

const COLORS: Record<OrderStatus, ChipProps['color']> = {
  pending: 'default',
  accepted: 'info',
  moving: 'info',
  arrived: 'info',
  waiting_store: 'warning',
  waiting_admin: 'warning',
  waiting_driver: 'secondary',
  issue: 'error',
  completed: 'success',
  cancelled: 'default',
};

/** An order's status with the spec's label ("Onmoving", "Waiting admin"). */
export function StatusChip({ status, size = 'small' }: { status: OrderStatus; size?: ChipProps['size'] }) {
  const { t } = useTranslation('driver');
  return <Chip size={size} color={COLORS[status]} variant={status === 'completed' ? 'filled' : 'outlined'} label={t(`status.${status}`)} data-status={status} />;
}
