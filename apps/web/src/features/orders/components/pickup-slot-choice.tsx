import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSlotDay } from '@app/shared/format';
import { istDay } from '@app/shared/india-time';
import type { OfferedSlot } from '@app/shared/pickup-slots';
import { translateServerMessage } from '@/lib/server-messages';

/** A slot as the form keeps it: "09:00-12:00". */
export const slotKey = (slot: { from: string; to: string }): string => `${slot.from}-${slot.to}`;

/**
 * "When should we come?": any time, or a day (Today, Tomorrow, a date) and one of its slots.
 * Only what is offered now is listed: a day whose slots have all ended is not. Native
 * selects: a phone shows its own picker.
 */
export function PickupSlotChoice({
  offered,
  day,
  slot,
  onChange,
  slotRef,
  error,
}: {
  offered: readonly OfferedSlot[];
  /** '' for any time. */
  day: string;
  slot: string;
  onChange: (day: string, slot: string) => void;
  slotRef?: Ref<HTMLSelectElement>;
  /** The slot's message (the form's, or the server's on `pickup_slot`). */
  error?: string;
}) {
  const { t } = useTranslation('orders');
  const today = istDay(new Date());
  const days = [...new Set(offered.map((s) => s.date))];
  const slotsOfDay = offered.filter((s) => s.date === day);
  return (
    <Paper variant="outlined" component="fieldset" sx={{ mt: 2.5, p: { xs: 1.5, sm: 2.5 }, mx: 0 }} data-testid="pickup-slot-choice">
      <Typography component="legend" sx={{ fontWeight: 600, px: 0.5 }}>
        {t('create.when')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('create.day')}
          value={day}
          onChange={(event) => {
            const next = event.target.value;
            // A day's first slot is chosen with it; the store may change it.
            const first = offered.find((s) => s.date === next);
            onChange(next, first ? slotKey(first) : '');
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          fullWidth
        >
          <option value="">{t('create.anyTime')}</option>
          {days.map((date) => (
            <option key={date} value={date}>
              {formatSlotDay(date, today)}
            </option>
          ))}
        </TextField>
        {day !== '' && (
          <TextField
            select
            label={t('create.slot')}
            value={slot}
            onChange={(event) => onChange(day, event.target.value)}
            inputRef={slotRef}
            error={!!error}
            helperText={error ? translateServerMessage(error) : t('create.slotHint')}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            fullWidth
            required
          >
            {slot === '' && <option value="">{t('create.chooseSlot')}</option>}
            {slotsOfDay.map((s) => (
              <option key={slotKey(s)} value={slotKey(s)}>
                {s.from}-{s.to}
              </option>
            ))}
          </TextField>
        )}
      </Stack>
      {day === '' && (
        <Typography variant="body2" color={error ? 'error' : 'text.secondary'} role={error ? 'alert' : undefined} sx={{ mt: 1 }}>
          {error ? translateServerMessage(error) : t('create.anyTimeHint')}
        </Typography>
      )}
    </Paper>
  );
}
