import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { addTranslations } from '@/lib/i18n';
import { payoutsEn } from '../locales/en';

addTranslations('payouts', payoutsEn);

const COLORS = { requested: 'warning', paid: 'success', rejected: 'error', cancelled: 'default' } as const;

export function PayoutStatusChip({ status }: { status: string }) {
  const { t } = useTranslation('payouts');
  const color = COLORS[status as keyof typeof COLORS] ?? 'default';
  return <Chip size="small" color={color} variant={status === 'requested' ? 'filled' : 'outlined'} label={t(`status.${status}`, { defaultValue: status })} data-status={status} />;
}
