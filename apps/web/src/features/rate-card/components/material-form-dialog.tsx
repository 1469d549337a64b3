import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import type { Material, UpdateMaterialBody } from '@app/shared/schemas/catalog';
import { GST_RATES, HSN_CODE_PATTERN } from '@app/shared/schemas/money';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useCreateMaterial } from '../api/create-material';
import { useUpdateMaterial } from '../api/update-material';
import { readRate, toPaise } from '../utils/rates';

type MaterialForm = { name: string; vendor_rate: string; driver_rate: string; b2c_rate: string; hsn_code: string; gst_rate: string };
const RATE_FIELDS = ['vendor_rate', 'driver_rate', 'b2c_rate'] as const;
const FIELDS = ['name', ...RATE_FIELDS, 'hsn_code', 'gst_rate'] as const;

/** Adds a material (name and default rates), or renames one / changes its defaults. */
export function MaterialFormDialog({ material, onClose }: { material: Material | null; onClose: () => void }) {
  const { t } = useTranslation(['rateCard', 'common']);
  const create = useCreateMaterial();
  const update = useUpdateMaterial();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MaterialForm>({
    defaultValues: material
      ? {
          name: material.name,
          vendor_rate: String(material.vendor_rate),
          driver_rate: String(material.driver_rate),
          b2c_rate: String(material.b2c_rate),
          hsn_code: material.hsn_code ?? '',
          gst_rate: String(material.gst_rate),
        }
      : { name: '', vendor_rate: '', driver_rate: '', b2c_rate: '', hsn_code: '', gst_rate: '' },
  });

  const rateRules = { validate: (v: string) => readRate(v).ok || t('validation.rateInvalid') };

  const onSubmit = handleSubmit(async (form) => {
    setFormError(null);
    const rupees = (key: (typeof RATE_FIELDS)[number]) => {
      const r = readRate(form[key]);
      return r.ok ? r.rupees : 0;
    };
    try {
      if (material) {
        const body: UpdateMaterialBody = {};
        if (form.name.trim() !== material.name) body.name = form.name.trim();
        for (const key of RATE_FIELDS) if (toPaise(rupees(key)) !== toPaise(material[key])) body[key] = rupees(key);
        if (form.hsn_code.trim() !== (material.hsn_code ?? '')) body.hsn_code = form.hsn_code.trim() || null;
        if (form.gst_rate !== '' && Number(form.gst_rate) !== material.gst_rate) body.gst_rate = Number(form.gst_rate);
        if (Object.keys(body).length === 0) {
          setFormError(t('materials.nothingChanged'));
          return;
        }
        await update.mutateAsync({ id: material.id, body });
        notify.success(t('common:messages.updateSuccess'));
      } else {
        const created = await create.mutateAsync({
          name: form.name.trim(),
          vendor_rate: rupees('vendor_rate'),
          driver_rate: rupees('driver_rate'),
          b2c_rate: rupees('b2c_rate'),
          ...(form.hsn_code.trim() ? { hsn_code: form.hsn_code.trim() } : {}),
          ...(form.gst_rate !== '' ? { gst_rate: Number(form.gst_rate) } : {}),
        });
        notify.success(t('materials.added', { name: created.name }));
      }
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  const rateField = (key: (typeof RATE_FIELDS)[number], label: string) => (
    <TextField
      {...register(key, rateRules)}
      label={label}
      required
      error={!!errors[key]}
      helperText={errors[key]?.message}
      slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">{t('units.inrPerKg')}</InputAdornment> } }}
    />
  );

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }} aria-labelledby="material-form-title">
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <DialogTitle id="material-form-title">{material ? t('materials.editTitle', { name: material.name }) : t('materials.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {material ? t('materials.editHelp') : t('materials.addHelp')}
            </Typography>
            {formError && <Alert severity="error">{formError}</Alert>}
            <TextField
              {...register('name', { validate: (v) => v.trim().length > 0 || t('addCity.nameRequired') })}
              label={t('materials.name')}
              required
              autoFocus
              error={!!errors.name}
              helperText={errors.name?.message}
            />
            {rateField('vendor_rate', t('materials.vendorRate'))}
            {rateField('driver_rate', t('materials.driverRate'))}
            {rateField('b2c_rate', t('materials.b2cRate'))}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                {...register('hsn_code', { validate: (v) => v.trim() === '' || HSN_CODE_PATTERN.test(v.trim()) || t('validation.hsnInvalid') })}
                label={t('materials.hsnCode')}
                error={!!errors.hsn_code}
                helperText={errors.hsn_code?.message ?? t('materials.hsnHelp')}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
                sx={{ flex: 1 }}
              />
              <TextField
                {...register('gst_rate')}
                select
                label={t('materials.gstRate')}
                error={!!errors.gst_rate}
                helperText={errors.gst_rate?.message ?? (material ? undefined : t('materials.gstDefault'))}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                sx={{ flex: 1 }}
              >
                {!material && <option value="">{t('materials.gstUnset')}</option>}
                {GST_RATES.map((rate) => (
                  <option key={rate} value={String(rate)}>
                    {rate} %
                  </option>
                ))}
              </TextField>
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('common:actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
