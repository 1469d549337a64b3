import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ApprovalStatus } from '@app/shared/constants';
import { CityPicker as SharedCityPicker, type CityPickerProps } from '@/components/form/city-picker';
import { NS } from '../i18n';

/** A city picker for forms (required or not), from GET /cities, in the feature's words. */
export function CityPicker(props: Omit<CityPickerProps, 'texts'>) {
  const { t } = useTranslation(NS);
  return <SharedCityPicker {...props} texts={{ label: t('fields.city'), noOptions: t('common.noOptions'), failed: t('common.citiesFailed') }} />;
}

const APPROVAL_COLORS: Record<ApprovalStatus, 'warning' | 'success' | 'error'> = { pending: 'warning', approved: 'success', cancelled: 'error' };

export function ApprovalChip({ status }: { status: ApprovalStatus | null | undefined }) {
  const { t } = useTranslation(NS);
  if (!status) return <Typography variant="body2" color="text.secondary">{t('common.notGiven')}</Typography>;
  return <Chip size="small" variant="outlined" color={APPROVAL_COLORS[status]} label={t(`approval.${status}`)} />;
}

/** Chips to choose one approval status, or all. */
export function ApprovalFilter({ value, onChange }: { value: ApprovalStatus | null; onChange: (value: ApprovalStatus | null) => void }) {
  const { t } = useTranslation(NS);
  const options: (ApprovalStatus | null)[] = [null, 'approved', 'pending', 'cancelled'];
  return (
    <Stack direction="row" spacing={1} role="group" aria-label={t('vendors.status')} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {options.map((option) => (
        <Chip
          key={option ?? 'all'}
          label={option ? t(`approval.${option}`) : t('approval.all')}
          color={value === option ? 'primary' : 'default'}
          variant={value === option ? 'filled' : 'outlined'}
          onClick={() => onChange(option)}
          aria-pressed={value === option}
        />
      ))}
    </Stack>
  );
}

/** A list's first cell: the partner's name (a link to its page when `href`), and a line about it. */
export function NameCell({ name, href, children }: { name: string; href?: string; children: ReactNode }) {
  return (
    <>
      {href ? (
        <Link component={RouterLink} to={href} sx={{ fontWeight: 600 }}>
          {name}
        </Link>
      ) : (
        <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {children}
      </Typography>
    </>
  );
}

/** The contact person of a vendor or store, and how to reach them. */
export function ContactCell({ name, detail }: { name: string | undefined; detail: string | null | undefined }) {
  return (
    <>
      <Typography variant="body2">{name ?? '—'}</Typography>
      <Typography variant="body2" color="text.secondary">
        {detail ?? ''}
      </Typography>
    </>
  );
}
