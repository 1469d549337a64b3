import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { MENU_MAX_HEIGHT_PX } from '@app/shared/constants';
import { formatCurrency } from '@app/shared/format';
import type { Material } from '@app/shared/schemas/catalog';
import { addTranslations } from '@/lib/i18n';
import { ordersEn } from '../locales/en';
import { lineAmount } from '../utils/order-math';

addTranslations('orders', ordersEn);

export interface EditableLine {
  /** React key. */
  key: string;
  /** The existing line's id; absent for a line added here. */
  id?: number;
  material: Material | null;
  /** Rupees per kg: the line's priced rate, or the rates lookup once the material changes. */
  rate: number | null;
  /** Free text, as typed (product-spec.md section 5: no bound on the screen; the server checks). */
  weight: string;
  error?: { material?: string; weight?: string };
}

export interface OrderLinesEditorProps {
  lines: EditableLine[];
  materials: readonly Material[];
  /** The rate of a material for the order's city (rates lookup by city id and material name). */
  rateOf: (material: Material) => number | null;
  onChange: (lines: EditableLine[]) => void;
  disabled?: boolean;
}

let nextKey = 0;
export const newLineKey = () => `new-${(nextKey += 1)}`;

/**
 * Editing mode (admin only): material is an autocomplete by name, rate and cost are
 * read-only, weight is free text. Changing a material sets the line's rate from the lookup.
 */
export function OrderLinesEditor({ lines, materials, rateOf, onChange, disabled }: OrderLinesEditorProps) {
  const { t } = useTranslation('orders');
  const set = (index: number, patch: Partial<EditableLine>) => onChange(lines.map((line, i) => (i === index ? { ...line, ...patch, error: undefined } : line)));
  const used = new Set(lines.map((l) => l.material?.id).filter((id): id is number => id !== undefined));

  return (
    <Box>
      <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {lines.map((line, index) => {
          const cost = lineAmount(line.rate, line.weight);
          return (
            <Box
              component="li"
              key={line.key}
              data-testid="edit-line"
              sx={{
                display: 'grid',
                gap: 1,
                alignItems: 'start',
                gridTemplateColumns: { xs: '1fr 1fr auto', md: 'minmax(180px, 2fr) 1fr 1fr 1fr auto' },
                gridTemplateAreas: { xs: '"material material remove" "weight weight weight" "rate cost cost"', md: '"material rate weight cost remove"' },
              }}
            >
              <Autocomplete
                sx={{ gridArea: 'material' }}
                size="small"
                options={materials}
                value={line.material}
                disabled={disabled}
                getOptionLabel={(m) => m.name}
                getOptionDisabled={(m) => used.has(m.id) && m.id !== line.material?.id}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                onChange={(_e, material) => set(index, { material, rate: material ? rateOf(material) : null })}
                slotProps={{ listbox: { style: { maxHeight: MENU_MAX_HEIGHT_PX } } }}
                renderInput={(params) => <TextField {...params} label={`${t('dialog.material')} ${index + 1}`} error={!!line.error?.material} helperText={line.error?.material} />}
              />
              <TextField
                sx={{ gridArea: 'rate' }}
                size="small"
                label={t('dialog.ratePerKg')}
                value={line.rate === null ? '' : formatCurrency(line.rate)}
                disabled
              />
              <TextField
                sx={{ gridArea: 'weight' }}
                size="small"
                label={`${t('dialog.weightKg')} ${index + 1}`}
                value={line.weight}
                disabled={disabled}
                onChange={(event) => set(index, { weight: event.target.value })}
                error={!!line.error?.weight}
                helperText={line.error?.weight}
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
              />
              <TextField sx={{ gridArea: 'cost' }} size="small" label={t('dialog.cost')} value={cost === null ? '' : formatCurrency(cost)} disabled />
              <IconButton
                sx={{ gridArea: 'remove' }}
                aria-label={t('detail.removeLine', { n: index + 1 })}
                disabled={disabled || lines.length <= 1}
                onClick={() => onChange(lines.filter((_, i) => i !== index))}
              >
                <DeleteOutlinedIcon />
              </IconButton>
            </Box>
          );
        })}
      </Stack>
      <Button
        startIcon={<AddIcon />}
        sx={{ mt: 1.5 }}
        disabled={disabled || used.size >= materials.length}
        onClick={() => onChange([...lines, { key: newLineKey(), material: null, rate: null, weight: '' }])}
      >
        {t('detail.addLine')}
      </Button>
      {lines.length === 0 && <Typography color="text.secondary">{t('create.chooseMaterial')}</Typography>}
    </Box>
  );
}
