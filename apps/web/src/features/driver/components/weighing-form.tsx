import { useMemo, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { MENU_MAX_HEIGHT_PX } from '@app/shared/constants';
import { formatCurrency, formatWeight } from '@app/shared/format';
import { findRate } from '@app/shared/schemas/catalog';
import { MAX_ORDER_LINES, weighedLinesBodySchema, type OrderDetail } from '@app/shared/schemas/orders';
import { FormField } from '@/components/form/form-field';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { ZodForm } from '@/components/form/zod-form';
import { ApiError } from '@/lib/api-error';
import { useMaterials, useRates, useMaterialName } from '@/data/catalog';
import { lineAmount, totals } from '../utils/amounts';
import { ConfirmDialog } from './confirm-dialog';

export interface WeighingFormProps {
  order: OrderDetail;
  busy: boolean;
  hasPhotos: boolean;
  /** Settings -> Order `weighing_photo_required`: the server refuses weighed lines without a photo (400 `errors.images`). */
  photoRequired: boolean;
  /** Sends the weighed lines; rejects with the server's error (per-line errors land at their lines). */
  onSubmit: (body: { details: Array<{ id?: number; material_id: number; weight: string }> }) => Promise<unknown>;
}

/** The weighing form: one line per material, a number-pad weight field, the live amount of each line. */
export function WeighingForm({ order, busy, hasPhotos, photoRequired, onSubmit }: WeighingFormProps) {
  const { t } = useTranslation('driver');
  const materials = useMaterials();
  const nameOf = useMaterialName();
  const rates = useRates({ type: 'driver', city_id: order.store.city_id });
  const [confirming, setConfirming] = useState<number | null>(null);
  const [refusedForPhoto, setPhotoError] = useState<string | null>(null);
  const needsPhoto = photoRequired && !hasPhotos;
  // A photo added since answers the refusal.
  const photoError = hasPhotos ? null : refusedForPhoto;

  // The API's own schema: the same messages on both sides ("Weight may have at most 3 decimals").
  // A line's material is 0 while none is chosen; its weight is kept as typed ("12.5").
  const form = useZodForm(weighedLinesBodySchema, {
    defaultValues: {
      details: order.details.map((line) => ({ id: line.id, material_id: line.material.id, weight: line.weight === null ? '' : String(line.weight) })),
    },
  });
  const { control } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'details' });
  const values = useWatch({ control, name: 'details' });
  const { errors } = form.formState;

  const rateOf = useMemo(() => {
    return (materialId: number): number | null => {
      if (!materialId) return null;
      const material = materials.data?.find((m) => m.id === materialId) ?? order.details.find((l) => l.material.id === materialId)?.material;
      if (!material) return null;
      const cityRate = rates.data ? findRate(rates.data, order.store.city_id, material.name) : null;
      return cityRate ?? order.details.find((l) => l.material.id === materialId)?.driver_rate ?? material.driver_rate;
    };
  }, [materials.data, rates.data, order]);

  const sum = totals((values ?? []).map((line) => ({ rate: rateOf(line.material_id) ?? 0, weight: line.weight })));
  const materialOptions = materials.data ?? order.details.map((l) => l.material);

  // Asked first ("Submit the weights?"); said before asking, not after a round trip: the photo is taken on this screen.
  const review = form.handleSubmit((checked) => {
    if (needsPhoto) setPhotoError(t('weighing.photoRequired'));
    else setConfirming(checked.details.length);
  });
  // The server's per-line messages land at their lines; a refused photo where the photo is asked for.
  const send = form.submit(async (checked) => {
    try {
      await onSubmit({ details: checked.details.map((line) => ({ ...(line.id ? { id: line.id } : {}), material_id: line.material_id, weight: String(line.weight).trim() })) });
    } catch (error) {
      if (error instanceof ApiError && error.errors.images) setPhotoError(error.errors.images.join(' '));
      throw error;
    }
  });

  const arrayError = (errors.details as { message?: string; root?: { message?: string } } | undefined)?.root?.message ?? (errors.details as { message?: string } | undefined)?.message;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="weighing-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="weighing-heading" variant="h2" sx={{ fontSize: '1.15rem' }}>
        {t('weighing.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('weighing.hint')}
      </Typography>
      <ZodForm form={form} onSubmit={review}>
        <Stack spacing={2}>
          {fields.map((field, index) => {
            const line = values?.[index];
            const rate = rateOf(line?.material_id ?? 0);
            const amount = rate === null ? null : lineAmount(rate, line?.weight);
            const lineErrors = errors.details?.[index];
            return (
              <Box key={field.id} data-testid={`weigh-line-${index}`} sx={{ p: 1.5, borderRadius: 1, border: 1, borderColor: lineErrors ? 'error.main' : 'divider' }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
                    <FormField
                      name={`details.${index}.material_id`}
                      render={(input) => (
                        <TextField
                          select
                          fullWidth
                          size="small"
                          label={t('weighing.material')}
                          name={`details.${index}.material_id`}
                          inputRef={input.inputRef}
                          value={(input.value as number) || ''}
                          onChange={(e) => input.onChange(Number(e.target.value) || 0)}
                          onBlur={input.onBlur}
                          error={!!input.error}
                          helperText={input.error}
                          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: MENU_MAX_HEIGHT_PX } } } } } }}
                        >
                          <MenuItem value="" disabled>
                            {t('weighing.chooseMaterial')}
                          </MenuItem>
                          {materialOptions.map((m) => (
                            <MenuItem key={m.id} value={m.id}>
                              {nameOf(m)}
                            </MenuItem>
                          ))}
                        </TextField>
                      )}
                    />
                    <FormTextField
                      name={`details.${index}.weight`}
                      label={t('weighing.weight')}
                      parse={(text) => text.replace(',', '.')}
                      hint={
                        rate === null
                          ? ' '
                          : amount === null
                            ? t('weighing.lineAmountEmpty', { rate: formatCurrency(rate) })
                            : t('weighing.lineAmount', { rate: formatCurrency(rate), amount: formatCurrency(amount) })
                      }
                      slotProps={{
                        htmlInput: { inputMode: 'decimal', autoComplete: 'off', enterKeyHint: 'next' },
                        input: { endAdornment: <InputAdornment position="end">kg</InputAdornment> },
                      }}
                    />
                  </Stack>
                  <IconButton aria-label={t('weighing.removeLine', { n: index + 1 })} onClick={() => remove(index)} disabled={fields.length <= 1} sx={{ mt: 0.5 }}>
                    <DeleteOutlinedIcon />
                  </IconButton>
                </Stack>
              </Box>
            );
          })}
          {arrayError && <Alert severity="error">{arrayError}</Alert>}
          <Button startIcon={<AddIcon />} onClick={() => append({ material_id: 0, weight: '' })} disabled={fields.length >= MAX_ORDER_LINES} sx={{ alignSelf: 'flex-start' }}>
            {t('weighing.addLine')}
          </Button>
          <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} role="status">
            {t('weighing.total', { weight: formatWeight(sum.kg), amount: formatCurrency(sum.rupees) })}
          </Typography>
          {(needsPhoto || photoError) && (
            <Alert severity={photoError ? 'error' : 'warning'} data-testid="photo-required">
              {photoError ?? t('weighing.needPhoto')}
            </Alert>
          )}
          {!photoRequired && !hasPhotos && !photoError && <Alert severity="info">{t('weighing.photoSuggested')}</Alert>}
          <Button type="submit" variant="contained" size="large" fullWidth loading={busy} sx={{ py: 1.5, fontSize: '1.05rem' }}>
            {t('weighing.submit')}
          </Button>
        </Stack>
      </ZodForm>
      <ConfirmDialog
        open={confirming !== null}
        title={t('weighing.confirmTitle')}
        text={t('weighing.confirmText', { count: confirming ?? 0, weight: formatWeight(sum.kg) })}
        confirmLabel={t('weighing.submit')}
        busy={busy}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null);
          void send();
        }}
      />
    </Paper>
  );
}
