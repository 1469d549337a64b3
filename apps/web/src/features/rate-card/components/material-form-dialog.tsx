import { useMemo } from 'react';
import { z } from 'zod';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { createMaterialBodySchema, type Material, type UpdateMaterialBody } from '@app/shared/schemas/catalog';
import { GST_RATES } from '@app/shared/schemas/money';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormErrorAlert } from '@/components/form/zod-form';
import { notify } from '@/lib/notify';
import { useCreateMaterial, useUpdateMaterial } from '@/data/catalog';
import { readRate, toPaise } from '../utils/rates';
import { useMaterialName } from '@/data/catalog';

const RATE_FIELDS = ['vendor_rate', 'driver_rate', 'b2c_rate'] as const;

/** The material as POST /materials/ checks it; rates and GST as typed (text), read into numbers on sending. */
function useMaterialSchema() {
  const { t } = useTranslation('rateCard');
  return useMemo(() => {
    const rate = z.string().refine((text) => readRate(text).ok, t('validation.rateInvalid'));
    return createMaterialBodySchema.pick({ name: true, name_hi: true, hsn_code: true }).extend({ vendor_rate: rate, driver_rate: rate, b2c_rate: rate, gst_rate: z.string() });
  }, [t]);
}

/** Adds a material (name and default rates), or renames one / changes its defaults. */
export function MaterialFormDialog({ material, onClose }: { material: Material | null; onClose: () => void }) {
  const { t } = useTranslation(['rateCard', 'common']);
  const nameOf = useMaterialName();
  const create = useCreateMaterial();
  const update = useUpdateMaterial();
  const form = useZodForm(useMaterialSchema(), {
    defaultValues: material
      ? {
          name: material.name,
          name_hi: material.name_hi ?? '',
          vendor_rate: String(material.vendor_rate),
          driver_rate: String(material.driver_rate),
          b2c_rate: String(material.b2c_rate),
          hsn_code: material.hsn_code ?? '',
          gst_rate: String(material.gst_rate),
        }
      : { name: '', name_hi: '', vendor_rate: '', driver_rate: '', b2c_rate: '', hsn_code: '', gst_rate: '' },
  });
  const onSubmit = form.submit(async (values) => {
    const rupees = (key: (typeof RATE_FIELDS)[number]) => {
      const r = readRate(values[key]);
      return r.ok ? r.rupees : 0;
    };
    // Empty is null (no HSN code, no Hindi name).
    const hsnCode = values.hsn_code ?? null;
    const nameHi = values.name_hi ?? null;
    if (material) {
      const body: UpdateMaterialBody = {};
      if (values.name !== material.name) body.name = values.name;
      if (nameHi !== (material.name_hi ?? null)) body.name_hi = nameHi;
      for (const key of RATE_FIELDS) if (toPaise(rupees(key)) !== toPaise(material[key])) body[key] = rupees(key);
      if (hsnCode !== (material.hsn_code ?? null)) body.hsn_code = hsnCode;
      if (values.gst_rate !== '' && Number(values.gst_rate) !== material.gst_rate) body.gst_rate = Number(values.gst_rate);
      if (Object.keys(body).length === 0) {
        form.setFormError(t('materials.nothingChanged'));
        return;
      }
      await update.mutateAsync({ id: material.id, body });
      notify.success(t('common:messages.updateSuccess'));
    } else {
      const created = await create.mutateAsync({
        name: values.name,
        ...(nameHi ? { name_hi: nameHi } : {}),
        vendor_rate: rupees('vendor_rate'),
        driver_rate: rupees('driver_rate'),
        b2c_rate: rupees('b2c_rate'),
        ...(hsnCode ? { hsn_code: hsnCode } : {}),
        ...(values.gst_rate !== '' ? { gst_rate: Number(values.gst_rate) } : {}),
      });
      notify.success(t('materials.added', { name: nameOf(created) }));
    }
    onClose();
  });

  const rateField = (key: (typeof RATE_FIELDS)[number], label: string) => (
    <FormTextField
      name={key}
      label={label}
      required
      slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">{t('units.inrPerKg')}</InputAdornment> } }}
    />
  );

  return (
    <FormDialog
      form={form}
      onSubmit={onSubmit}
      titleId="material-form-title"
      title={material ? t('materials.editTitle', { name: nameOf(material) }) : t('materials.addTitle')}
      cancelLabel={t('actions.cancel')}
      submitLabel={t('common:actions.save')}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {material ? t('materials.editHelp') : t('materials.addHelp')}
        </Typography>
        <FormErrorAlert form={form} />
        <FormTextField name="name" label={t('materials.name')} required autoFocus />
        <FormTextField name="name_hi" label={t('materials.nameHi')} hint={t('materials.nameHiHelp')} slotProps={{ htmlInput: { lang: 'hi' } }} />
        {rateField('vendor_rate', t('materials.vendorRate'))}
        {rateField('driver_rate', t('materials.driverRate'))}
        {rateField('b2c_rate', t('materials.b2cRate'))}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            name="hsn_code"
            label={t('materials.hsnCode')}
            hint={t('materials.hsnHelp')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
            sx={{ flex: 1 }}
          />
          <FormTextField
            name="gst_rate"
            select
            label={t('materials.gstRate')}
            hint={material ? undefined : t('materials.gstDefault')}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ flex: 1 }}
          >
            {!material && <option value="">{t('materials.gstUnset')}</option>}
            {GST_RATES.map((rate) => (
              <option key={rate} value={String(rate)}>
                {rate} %
              </option>
            ))}
          </FormTextField>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
