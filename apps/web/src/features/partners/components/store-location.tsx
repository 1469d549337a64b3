import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import type { GeoPoint } from '@app/shared/geo';
import { samePlace } from '@/components/map/coordinates';
import { LocationPicker } from '@/components/map/lazy-map';
import { ApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { NS } from '../i18n';

// A store's pin (design.md section 18): set by the store on its information page, or by an
// admin from the list of stores. The map is the kit's lazy picker: no map code loads before.

export interface StorePinTarget {
  name: string;
  cityName: string;
  location: GeoPoint | null;
}

type SavePin = (location: GeoPoint | null) => Promise<unknown>;

/**
 * The pin being edited: the saved one (following it as it is loaded afresh) until the person
 * changes it, and the server's message on `location` when it refuses.
 */
function usePinDraft(saved: GeoPoint | null, save: SavePin) {
  const { t } = useTranslation(NS);
  const [edited, setEdited] = useState<{ pin: GeoPoint | null } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const draft = edited ? edited.pin : saved;
  return {
    draft,
    error,
    saving,
    changed: edited !== null && !samePlace(edited.pin, saved),
    change(next: GeoPoint | null) {
      setEdited({ pin: next });
      setError(undefined);
    },
    reset() {
      setEdited(null);
      setError(undefined);
    },
    /** Answers whether it was saved. */
    async submit(): Promise<boolean> {
      setSaving(true);
      try {
        // The mutation answers once the store is loaded afresh: the saved pin is then this one.
        await save(draft);
        setEdited(null);
        notify.success(t(draft ? 'storeLocation.saved' : 'storeLocation.removed'));
        return true;
      } catch (failure) {
        setError(failure instanceof ApiError ? (failure.errors.location?.join(' ') ?? failure.detail) : String(failure));
        return false;
      } finally {
        setSaving(false);
      }
    },
  };
}

/** The "Location" section of a store's information page, saved in place. */
export function StoreLocationCard({ store, save }: { store: StorePinTarget; save: SavePin }) {
  const { t } = useTranslation(NS);
  const pin = usePinDraft(store.location, save);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="store-location-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="store-location-heading" variant="h2" sx={{ mb: 1 }}>
        {t('storeLocation.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('storeLocation.intro')}
      </Typography>
      <LocationPicker value={pin.draft} onChange={pin.change} city={store.cityName} disabled={pin.saving} error={pin.error} />
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" onClick={() => void pin.submit()} disabled={!pin.changed} loading={pin.saving}>
          {t('storeLocation.save')}
        </Button>
        {pin.changed && !pin.saving && <Button onClick={pin.reset}>{t('storeLocation.undo')}</Button>}
      </Stack>
    </Paper>
  );
}

/** The admin's way to a store's pin: a dialog from the list of stores. */
export function StoreLocationDialog({ store, save, onClose }: { store: StorePinTarget; save: SavePin; onClose: () => void }) {
  const { t } = useTranslation([NS, 'common']);
  const pin = usePinDraft(store.location, save);
  return (
    <Dialog open onClose={pin.saving ? undefined : onClose} fullWidth aria-labelledby="store-location-title" slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }}>
      <DialogTitle id="store-location-title">{t('storeLocation.dialogTitle', { name: store.name })}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('storeLocation.intro')}
        </Typography>
        <LocationPicker value={pin.draft} onChange={pin.change} city={store.cityName} disabled={pin.saving} error={pin.error} height={280} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pin.saving}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" disabled={!pin.changed} loading={pin.saving} onClick={() => void pin.submit().then((saved) => saved && onClose())}>
          {t('storeLocation.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
