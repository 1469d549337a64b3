import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MENU_MAX_HEIGHT_PX } from '@app/shared/constants';
import { formatCurrency, formatWeight } from '@app/shared/format';
import type { Material } from '@app/shared/schemas/catalog';
import type { AdminLinesBody, OrderLine } from '@app/shared/schemas/orders';
import { FormField } from '@/components/form/form-field';
import { FormTextField } from '@/components/form/form-text-field';
import { addTranslations } from '@/lib/i18n';
import { ordersEn } from '../locales/en';
import { lineAmount, sumKg, sumRupees } from '../utils/order-math';
import { useMaterialName } from '@/data/catalog';

addTranslations('orders', ordersEn);

/** The admin's corrected lines, as the form holds them (PATCH /orders/waiting_driver/{id}/). */
export type AdminLinesForm = AdminLinesBody;
type FormLine = AdminLinesForm['details'][number];

/** No material chosen yet: the shared schema answers "Choose a material" for it. */
const NO_MATERIAL = 0;

/** The form's lines from the order's: each keeps its id, so the server keeps its priced rates. */
export function toFormLines(lines: readonly OrderLine[]): AdminLinesForm {
  return { details: lines.map((line) => ({ id: line.id, material_id: line.material.id, weight: line.weight === null ? '' : String(line.weight) })) };
}

export interface OrderLinesEditorProps {
  /** The order's lines as priced: an unchanged line keeps its rate. */
  original: readonly OrderLine[];
  materials: readonly Material[];
  /** The rate of a material for the order's city (rates lookup by city id and material name). */
  rateOf: (material: Material) => number | null;
  disabled?: boolean;
}

/**
 * Editing mode (admin only), inside a ZodForm of adminLinesBodySchema: material is an
 * autocomplete by name, rate and cost are read-only, weight is free text. The schema (the
 * API's own) checks every line; the server's `details.N.weight` errors land at line N.
 */
export function OrderLinesEditor({ original, materials, rateOf, disabled }: OrderLinesEditorProps) {
  const { t } = useTranslation('orders');
  const nameOf = useMaterialName();
  const { control } = useFormContext<AdminLinesForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'details' });
  const lines = useWatch({ control, name: 'details' }) ?? [];
  const used = new Set(lines.map((l) => l.material_id).filter((id) => id !== NO_MATERIAL));
  const rateFor = (line: FormLine | undefined): number | null => {
    if (!line) return null;
    const priced = original.find((o) => o.id === line.id && o.material.id === line.material_id);
    if (priced) return priced.rate;
    const material = materials.find((m) => m.id === line.material_id);
    return material ? rateOf(material) : null;
  };
  const amounts = lines.map((line) => lineAmount(rateFor(line), line.weight as string));

  return (
    <Box>
      <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {fields.map((field, index) => {
          const rate = rateFor(lines[index]);
          const cost = amounts[index] ?? null;
          return (
            <Box
              component="li"
              key={field.id}
              data-testid="edit-line"
              sx={{
                display: 'grid',
                gap: 1,
                alignItems: 'start',
                gridTemplateColumns: { xs: '1fr 1fr auto', md: 'minmax(180px, 2fr) 1fr 1fr 1fr auto' },
                gridTemplateAreas: { xs: '"material material remove" "weight weight weight" "rate cost cost"', md: '"material rate weight cost remove"' },
              }}
            >
              <FormField<AdminLinesForm>
                name={`details.${index}.material_id`}
                render={({ value, onChange, onBlur, inputRef, error }) => (
                  <Autocomplete
                    sx={{ gridArea: 'material' }}
                    size="small"
                    options={materials}
                    value={materials.find((m) => m.id === value) ?? null}
                    disabled={disabled}
                    getOptionLabel={(m) => nameOf(m)}
                    getOptionDisabled={(m) => used.has(m.id) && m.id !== value}
                    isOptionEqualToValue={(a, b) => a.id === b.id}
                    onChange={(_e, material) => onChange(material?.id ?? NO_MATERIAL)}
                    onBlur={onBlur}
                    slotProps={{ listbox: { style: { maxHeight: MENU_MAX_HEIGHT_PX } } }}
                    renderInput={(params) => <TextField {...params} inputRef={inputRef} label={`${t('dialog.material')} ${index + 1}`} error={!!error} helperText={error} />}
                  />
                )}
              />
              <TextField sx={{ gridArea: 'rate' }} size="small" label={t('dialog.ratePerKg')} value={rate === null ? '' : formatCurrency(rate)} disabled />
              <FormTextField<AdminLinesForm>
                name={`details.${index}.weight`}
                sx={{ gridArea: 'weight' }}
                size="small"
                label={`${t('dialog.weightKg')} ${index + 1}`}
                disabled={disabled}
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
              />
              <TextField sx={{ gridArea: 'cost' }} size="small" label={t('dialog.cost')} value={cost === null ? '' : formatCurrency(cost)} disabled />
              <IconButton sx={{ gridArea: 'remove' }} aria-label={t('detail.removeLine', { n: index + 1 })} disabled={disabled || fields.length <= 1} onClick={() => remove(index)}>
                <DeleteOutlinedIcon />
              </IconButton>
            </Box>
          );
        })}
      </Stack>
      <Button startIcon={<AddIcon />} sx={{ mt: 1.5 }} disabled={disabled || used.size >= materials.length} onClick={() => append({ material_id: NO_MATERIAL, weight: '' })}>
        {t('detail.addLine')}
      </Button>
      {fields.length === 0 && <Typography color="text.secondary">{t('create.chooseMaterial')}</Typography>}
      <Stack direction="row" spacing={3} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Typography>
          {t('dialog.totalWeight')}: <strong>{formatWeight(sumKg(lines.map((l) => l.weight as string)))}</strong>
        </Typography>
        <Typography>
          {t('dialog.totalCost')}: <strong>{formatCurrency(sumRupees(amounts))}</strong>
        </Typography>
      </Stack>
    </Box>
  );
}
