import Chip, { type ChipProps } from '@mui/material/Chip';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { useTranslation } from 'react-i18next';
import type { CustomerKind } from '@app/shared/constants';

// A household's pickup (design.md section 21) looks like a store's everywhere else, so every
// screen that lists or shows orders marks it the same way: the driver's board and order, the
// admin's rows, cards and order page.

/** "Household" beside an order of a household; nothing for a store's order. */
export function HouseholdTag({ kind, size = 'small' }: { kind: CustomerKind | undefined; size?: ChipProps['size'] }) {
  const { t } = useTranslation('common');
  if (kind !== 'household') return null;
  return <Chip size={size} variant="outlined" color="secondary" icon={<HomeOutlined fontSize="small" />} label={t('customerKind.household')} data-testid="household-tag" />;
}
