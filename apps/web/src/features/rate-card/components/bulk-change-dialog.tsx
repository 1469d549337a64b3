import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { MENU_MAX_HEIGHT_PX, RATE_TYPES, type RateType } from '@app/shared/constants';
import { formatCurrency } from '@app/shared/format';
import { BULK_PERCENT_MAX, BULK_PERCENT_MIN_EXCLUSIVE, bulkRateChangeBodySchema, type BulkRateChangeBody, type BulkRateChangeResponse } from '@app/shared/schemas/catalog';
import { FormField } from '@/components/form/form-field';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormErrorAlert, ZodForm } from '@/components/form/zod-form';
import { notify } from '@/lib/notify';
import { useBulkChangeRates } from '@/data/rate-card';
import { useMaterials, useStates, useMaterialName } from '@/data/catalog';
import { readSignedChange } from '../utils/rates';

const menuProps = { slotProps: { paper: { sx: { maxHeight: MENU_MAX_HEIGHT_PX } } } };

/**
 * POST /rates/bulk as a form: the rate type as the API reads it, the scope's state and
 * material ('' for any), and the change as typed, read as a percent or an amount.
 */
function useBulkSchema() {
  const { t } = useTranslation('rateCard');
  return useMemo(() => {
    const anyOrId = z.union([z.number(), z.literal('')]);
    return z
      .object({ rate_type: bulkRateChangeBodySchema.shape.rate_type, state_id: anyOrId, material_id: anyOrId, kind: z.enum(['percent', 'amount']), value: z.string() })
      .superRefine((v, ctx) => {
        const change = readSignedChange(v.value);
        if (change === null) ctx.addIssue({ code: 'custom', path: ['value'], message: t('bulk.valueInvalid') });
        else if (v.kind === 'percent' && (change <= BULK_PERCENT_MIN_EXCLUSIVE || change > BULK_PERCENT_MAX)) ctx.addIssue({ code: 'custom', path: ['value'], message: t('bulk.percentRange') });
        // Shown as one warning under both pickers (below), not at a field.
        if (v.state_id === '' && v.material_id === '') ctx.addIssue({ code: 'custom', path: ['scope'], message: t('bulk.scopeRequired') });
      });
  }, [t]);
}

// The API's names for the form's fields.
const SERVER_FIELD_MAP = { change: 'value', 'change.percent': 'value', 'change.amount': 'value', 'scope.state_id': 'state_id', 'scope.material_id': 'material_id' } as const;

function toBody(values: z.output<ReturnType<typeof useBulkSchema>>): BulkRateChangeBody {
  const change = readSignedChange(values.value) ?? 0;
  return {
    rate_type: values.rate_type,
    scope: { ...(values.state_id !== '' ? { state_id: values.state_id } : {}), ...(values.material_id !== '' ? { material_id: values.material_id } : {}) },
    change: values.kind === 'percent' ? { percent: change } : { amount: change },
  };
}

/** Raise or lower one rate type over a state and/or a material: preview (dry run), confirm, apply. */
export function BulkChangeDialog({ initialType, onClose }: { initialType: RateType; onClose: () => void }) {
  const { t } = useTranslation('rateCard');
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const states = useStates();
  const materials = useMaterials();
  const nameOf = useMaterialName();
  const bulk = useBulkChangeRates();
  const form = useZodForm(useBulkSchema(), {
    mode: 'onSubmit',
    fieldMap: SERVER_FIELD_MAP,
    defaultValues: { rate_type: initialType, state_id: '', material_id: '', kind: 'percent', value: '' },
  });
  const [preview, setPreview] = useState<{ body: BulkRateChangeBody; answer: BulkRateChangeResponse } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [stateId, materialId, kind] = useWatch({ control: form.control, name: ['state_id', 'material_id', 'kind'] });
  const scopeMissing = form.formState.isSubmitted && stateId === '' && materialId === '';

  // Any edit voids the preview (and its answer's error).
  const { watch, setFormError } = form;
  useEffect(() => {
    const subscription = watch(() => {
      setPreview(null);
      setConfirming(false);
      setFormError(null);
    });
    return () => subscription.unsubscribe();
  }, [watch, setFormError]);

  const runPreview = form.submit(async (values) => {
    const body = toBody(values);
    const answer = await bulk.mutateAsync({ body, dryRun: true });
    setPreview({ body, answer });
  });

  const apply = form.submit(async () => {
    if (!preview) return;
    try {
      const answer = await bulk.mutateAsync({ body: preview.body, dryRun: false });
      notify.success(t('bulk.applied', { count: answer.updated }));
      onClose();
    } catch (error) {
      setConfirming(false);
      throw error;
    }
  });

  return (
    <Dialog open onClose={bulk.isPending ? undefined : onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="bulk-title">
      <DialogTitle id="bulk-title">{t('bulk.title')}</DialogTitle>
      <ZodForm form={form} onSubmit={runPreview} formErrorOnTop={false} sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}>
        <DialogContent>
          <Stack spacing={2.5}>
            <Typography color="text.secondary">{t('bulk.intro')}</Typography>
            <Box sx={{ pt: 1, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '160px 1fr 1fr' } }}>
              <FormTextField name="rate_type" select label={t('bulk.rateType')}>
                {RATE_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`rateTypes.${type}`)}
                  </MenuItem>
                ))}
              </FormTextField>
              <ScopePicker name="state_id" label={t('bulk.state')} anyLabel={t('bulk.anyState')} options={states.data ?? []} highlight={scopeMissing} />
              <ScopePicker name="material_id" label={t('bulk.material')} anyLabel={t('bulk.anyMaterial')} options={(materials.data ?? []).map((m) => ({ id: m.id, name: nameOf(m) }))} highlight={scopeMissing} />
            </Box>
            {scopeMissing && <Alert severity="warning">{t('bulk.scopeRequired')}</Alert>}
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, alignItems: 'start' }}>
              <div>
                <FormLabel id="bulk-kind">{t('bulk.kind')}</FormLabel>
                <FormField
                  name="kind"
                  render={(field) => (
                    <RadioGroup
                      row
                      aria-labelledby="bulk-kind"
                      value={field.value}
                      onChange={(e) => {
                        field.onChange(e.target.value);
                        // The percent range depends on it.
                        if (form.formState.isSubmitted) void form.trigger('value');
                      }}
                    >
                      <FormControlLabel value="percent" control={<Radio />} label={t('bulk.percent')} />
                      <FormControlLabel value="amount" control={<Radio />} label={t('bulk.amount')} />
                    </RadioGroup>
                  )}
                />
              </div>
              <FormTextField
                name="value"
                label={t('bulk.value')}
                hint={kind === 'percent' ? t('bulk.valuePercentHelp') : t('bulk.valueAmountHelp')}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Box>
            <FormErrorAlert form={form} />
            {preview && (
              <Stack spacing={1} aria-live="polite">
                <Alert severity={preview.answer.updated > 0 ? 'info' : 'warning'}>
                  {preview.answer.updated > 0
                    ? t('bulk.previewCount', { updated: preview.answer.updated, matched: preview.answer.matched })
                    : t('bulk.previewNone')}
                </Alert>
                {preview.answer.changes.length > 0 && (
                  <TableContainer sx={{ maxHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                    <Table size="small" stickyHeader aria-label={t('bulk.preview')}>
                      <TableHead>
                        <TableRow>
                          <TableCell>{t('bulk.colCity')}</TableCell>
                          <TableCell>{t('bulk.colMaterial')}</TableCell>
                          <TableCell align="right">{t('bulk.colFrom')}</TableCell>
                          <TableCell align="right">{t('bulk.colTo')}</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {preview.answer.changes.map((c) => (
                          <TableRow key={`${c.city.id}-${c.material.id}`}>
                            <TableCell>
                              {c.city.name}
                              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                                {c.state.name}
                              </Typography>
                            </TableCell>
                            <TableCell>{nameOf(c.material)}</TableCell>
                            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                              {formatCurrency(c.previous_rate)}
                            </TableCell>
                            <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                              {formatCurrency(c.rate)}
                            </TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </TableContainer>
                )}
              </Stack>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={bulk.isPending}>
            {t('actions.cancel')}
          </Button>
          {!preview ? (
            <Button type="submit" variant="contained" loading={bulk.isPending}>
              {t('bulk.preview')}
            </Button>
          ) : !confirming ? (
            <Button variant="contained" onClick={() => setConfirming(true)} disabled={preview.answer.updated === 0}>
              {t('bulk.apply', { count: preview.answer.updated })}
            </Button>
          ) : (
            <>
              <Button onClick={() => setConfirming(false)} disabled={bulk.isPending}>
                {t('actions.back')}
              </Button>
              <Button variant="contained" color="warning" onClick={() => void apply()} loading={bulk.isPending}>
                {t('actions.confirmChange')}
              </Button>
            </>
          )}
        </DialogActions>
      </ZodForm>
    </Dialog>
  );
}

/** A state or material for the change's scope, or "any" (''). */
function ScopePicker({ name, label, anyLabel, options, highlight }: { name: 'state_id' | 'material_id'; label: string; anyLabel: string; options: { id: number; name: string }[]; highlight: boolean }) {
  return (
    <FormField
      name={name}
      render={(field) => (
        <TextField
          select
          label={label}
          name={name}
          inputRef={field.inputRef}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
          onBlur={field.onBlur}
          error={highlight || !!field.error}
          helperText={field.error}
          slotProps={{ select: { MenuProps: menuProps } }}
        >
          <MenuItem value="">{anyLabel}</MenuItem>
          {options.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
