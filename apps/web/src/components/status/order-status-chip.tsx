import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import ScaleOutlined from '@mui/icons-material/ScaleOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type SvgIcon from '@mui/material/SvgIcon';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@app/shared/order-status';
import { ORDER_STATUS_DISPLAY, type StatusIcon } from '@app/shared/order-status-display';

// The one way a screen shows an order's status: label, colour and icon all come from the
// shared table, so every list, detail and pop-up agrees.

const ICONS: Record<StatusIcon, typeof SvgIcon> = {
  schedule: ScheduleOutlined,
  handshake: HandshakeOutlined,
  truck: LocalShippingOutlined,
  pin: PlaceOutlined,
  store: StorefrontOutlined,
  admin: AdminPanelSettingsOutlined,
  scale: ScaleOutlined,
  problem: ReportProblemOutlined,
  done: CheckCircleOutline,
  cancelled: CancelOutlined,
};

/** The translated label of a status ("Onmoving", "Waiting admin", ...). */
export function useOrderStatusLabel(): (status: OrderStatus) => string {
  const { t } = useTranslation('common');
  return (status) => t(ORDER_STATUS_DISPLAY[status].labelKey);
}

export function OrderStatusChip({ status, size = 'small' }: { status: OrderStatus; size?: ChipProps['size'] }) {
  const label = useOrderStatusLabel();
  const display = ORDER_STATUS_DISPLAY[status];
  const Icon = ICONS[display.icon];
  return (
    <Chip
      size={size}
      color={display.tone}
      variant={status === 'cancelled' ? 'outlined' : 'filled'}
      icon={<Icon fontSize="small" />}
      label={label(status)}
      data-status={status}
    />
  );
}
