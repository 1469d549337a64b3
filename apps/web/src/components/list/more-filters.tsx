import { useId, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import TuneIcon from '@mui/icons-material/Tune';
import { useTranslation } from 'react-i18next';
import { addTranslations } from '@/lib/i18n';
import { list as listEn } from '@/locales/en/list';

addTranslations('list', listEn);

/**
 * A list's filters beyond its search, inside its FilterBar. On a wider screen they sit in the
 * bar as they are; on a phone they wait behind a "Filters" button (decision 094): five
 * full-width fields put a list's first row below the fold, and drawn with the page they were
 * its start's longest task. Open whenever one more of them is set, so what narrows the list
 * can be seen; the button counts them.
 */
export function MoreFilters({ active, children }: { active: number; children: ReactNode }) {
  const { t } = useTranslation('list');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [open, setOpen] = useState(active > 0);
  // A filter set from outside the panel (a saved view, a link) opens it too, so what now
  // narrows the list is in sight; one cleared leaves the panel as the person left it.
  const [seenActive, setSeenActive] = useState(active);
  if (active !== seenActive) {
    setSeenActive(active);
    if (active > seenActive) setOpen(true);
  }
  const panelId = useId();
  if (!phone) return children;
  return (
    <>
      <Button
        size="small"
        variant={open ? 'contained' : 'outlined'}
        startIcon={<TuneIcon />}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        {active > 0 ? t('filters.moreActive', { count: active }) : t('filters.more')}
      </Button>
      {open && (
        <Stack id={panelId} role="group" aria-label={t('filters.more')} spacing={1.5} sx={{ width: '100%' }}>
          {children}
        </Stack>
      )}
    </>
  );
}
