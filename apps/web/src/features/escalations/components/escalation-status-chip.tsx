import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { EscalationStatus } from '@app/shared/schemas/escalations';
import { NS } from '../i18n';

const COLORS: Record<EscalationStatus, 'error' | 'warning' | 'success'> = { open: 'error', in_progress: 'warning', resolved: 'success' };

export function EscalationStatusChip({ status, size = 'small' }: { status: EscalationStatus; size?: 'small' | 'medium' }) {
  const { t } = useTranslation(NS);
  return <Chip size={size} variant="outlined" color={COLORS[status]} label={t(`status.${status}`)} />;
}
