import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PICKUP_SLOTS_MAX, type PickupSlotTimes } from '@app/shared/schemas/settings';
import { FormTextField } from '@/components/form/form-text-field';
import { translateServerMessage } from '@/lib/server-messages';
import { NS } from '../i18n';

interface SlotsForm {
  pickup_slots?: PickupSlotTimes[];
  pickup_window_start: string;
  pickup_window_end: string;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A new row: two hours from where the last one ends (or the window starts), kept inside the window. */
export function nextSlot(slots: readonly PickupSlotTimes[], windowStart: string, windowEnd: string): PickupSlotTimes {
  const start = slots.at(-1)?.to ?? windowStart;
  const end = TIME.test(windowEnd) ? minutesOf(windowEnd) : 23 * 60 + 59;
  const from = TIME.test(start) ? Math.min(minutesOf(start), end) : 9 * 60;
  return { from: timeOf(from), to: timeOf(Math.min(from + 120, end)) };
}

/** Settings -> Order's pickup slots: rows of from/to times, each with its own message (`pickup_slots.1`). */
export function PickupSlotsField() {
  const { t } = useTranslation(NS);
  const { control, getValues, formState } = useFormContext<SlotsForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'pickup_slots' });
  const errors = formState.errors.pickup_slots;
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600 }}>
        {t('order.slots')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('order.slotsHint')}
      </Typography>
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {fields.map((field, index) => {
          const rowError = errors?.[index]?.message;
          return (
            <li key={field.id} data-testid="pickup-slot-row">
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <FormTextField name={`pickup_slots.${index}.from`} type="time" label={t('order.slotFrom', { n: index + 1 })} required slotProps={{ inputLabel: { shrink: true } }} />
                <FormTextField name={`pickup_slots.${index}.to`} type="time" label={t('order.slotTo', { n: index + 1 })} required slotProps={{ inputLabel: { shrink: true } }} />
                <IconButton aria-label={t('order.removeSlot', { n: index + 1 })} onClick={() => remove(index)} sx={{ mt: 1 }}>
                  <DeleteOutlinedIcon />
                </IconButton>
              </Stack>
              {rowError && <FormHelperText error>{translateServerMessage(rowError)}</FormHelperText>}
            </li>
          );
        })}
      </Stack>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('order.noSlots')}
        </Typography>
      )}
      {listError && <FormHelperText error>{translateServerMessage(listError)}</FormHelperText>}
      <Button
        startIcon={<AddIcon />}
        sx={{ mt: 1 }}
        disabled={fields.length >= PICKUP_SLOTS_MAX}
        onClick={() => {
          const { pickup_slots: slots = [], pickup_window_start: start, pickup_window_end: end } = getValues();
          append(nextSlot(slots, start, end));
        }}
      >
        {t('order.addSlot')}
      </Button>
    </Box>
  );
}
