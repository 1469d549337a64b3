import TextField from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OfferedSlot } from '@app/shared/pickup-slots';
import { ORDER_NOTE_MAX } from '@app/shared/schemas/orders';
import { PickupSlotChoice } from './pickup-slot-choice';

/** What every booking form (a store's order, a household's pickup) keeps beside its lines. */
export interface BookingFieldValues {
  note: string;
  /** The slot's day (YYYY-MM-DD, India time); '' for any time. */
  pickup_day: string;
  /** "HH:MM-HH:MM" on that day; '' until one is chosen. */
  pickup_slot: string;
}

// The names are the interface's own; react-hook-form types a generic form's paths as Path<T>.
const path = <T extends FieldValues & BookingFieldValues>(name: keyof BookingFieldValues & string) => name as Path<T>;

/** "When should we come?" as a form field: nothing when no slot is offered now. */
export function PickupSlotField<T extends FieldValues & BookingFieldValues>({ control, offered }: { control: Control<T>; offered: readonly OfferedSlot[] }) {
  const { t } = useTranslation('orders');
  const day = useController({ control, name: path<T>('pickup_day') });
  const slot = useController({
    control,
    name: path<T>('pickup_slot'),
    rules: { validate: (value, all) => (all.pickup_day === '' || value !== '' ? true : t('create.chooseSlot')) },
  });
  if (offered.length === 0) return null;
  return (
    <PickupSlotChoice
      offered={offered}
      day={day.field.value as string}
      slot={slot.field.value as string}
      onChange={(nextDay, nextSlot) => {
        day.field.onChange(nextDay);
        slot.field.onChange(nextSlot);
      }}
      slotRef={slot.field.ref}
      error={slot.fieldState.error?.message}
    />
  );
}

/** The booking's note for the driver, within the API's length. */
export function BookingNoteField<T extends FieldValues & BookingFieldValues>({ control }: { control: Control<T> }) {
  const { t } = useTranslation('orders');
  const { field, fieldState } = useController({ control, name: path<T>('note') });
  return (
    <TextField
      {...field}
      label={t('create.note')}
      helperText={fieldState.error?.message ?? t('create.noteHelp')}
      error={!!fieldState.error}
      multiline
      minRows={2}
      fullWidth
      sx={{ mt: 2.5 }}
      slotProps={{ htmlInput: { maxLength: ORDER_NOTE_MAX } }}
    />
  );
}
