import { useState } from 'react';
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
import { BULK_PERCENT_MAX, BULK_PERCENT_MIN_EXCLUSIVE, type BulkRateChangeBody, type BulkRateChangeResponse } from '@app/shared/schemas/catalog';
import { ApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useBulkChangeRates } from '../api/bulk-change-rates';
import { useMaterials, useStates } from '@/data/catalog';
import { readSignedChange } from '../utils/rates';

const menuProps = { slotProps: { paper: { sx: { maxHeight: MENU_MAX_HEIGHT_PX } } } };

/** Raise or lower one rate type over a state and/or a material: preview (dry run), confirm, apply. */
export function BulkChangeDialog({ initialType, onClose }: { initialType: RateType; onClose: () => void }) {
  const { t } = useTranslation('rateCard');
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const states = useStates();
  const materials = useMaterials();
  const bulk = useBulkChangeRates();
  const [rateType, setRateType] = useState<RateType>(initialType);
  const [stateId, setStateId] = useState<number | ''>('');
  const [materialId, setMaterialId] = useState<number | ''>('');
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [preview, setPreview] = useState<{ body: BulkRateChangeBody; answer: BulkRateChangeResponse } | null>(null);
  const [confirming, setConfirming] = useState(false);

  const change = readSignedChange(value);
  const valueError =
    change === null
      ? t('bulk.valueInvalid')
      : kind === 'percent' && (change <= BULK_PERCENT_MIN_EXCLUSIVE || change > BULK_PERCENT_MAX)
        ? t('bulk.percentRange')
        : null;
  const scopeError = stateId === '' && materialId === '' ? t('bulk.scopeRequired') : null;

  const edited = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPreview(null);
    setConfirming(false);
    bulk.reset();
  };

  const body = (): BulkRateChangeBody | null => {
    if (valueError || scopeError || change === null) return null;
    return {
      rate_type: rateType,
      scope: { ...(stateId !== '' ? { state_id: stateId } : {}), ...(materialId !== '' ? { material_id: materialId } : {}) },
      change: kind === 'percent' ? { percent: change } : { amount: change },
    };
  };

  const runPreview = () => {
    setTouched(true);
    const b = body();
    if (!b) return;
    bulk.mutate({ body: b, dryRun: true }, { onSuccess: (answer) => setPreview({ body: b, answer }) });
  };

  const apply = () => {
    if (!preview) return;
    bulk.mutate(
      { body: preview.body, dryRun: false },
      {
        onSuccess: (answer) => {
          notify.success(t('bulk.applied', { count: answer.updated }));
          onClose();
        },
        onError: () => setConfirming(false),
      },
    );
  };

  return (
    <Dialog open onClose={bulk.isPending ? undefined : onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="bulk-title">
      <DialogTitle id="bulk-title">{t('bulk.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Typography color="text.secondary">{t('bulk.intro')}</Typography>
          <Box sx={{ pt: 1, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '160px 1fr 1fr' } }}>
            <TextField select label={t('bulk.rateType')} value={rateType} onChange={(e) => edited(setRateType)(e.target.value as RateType)} >
              {RATE_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`rateTypes.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('bulk.state')}
              value={stateId}
              onChange={(e) => edited(setStateId)(e.target.value === '' ? '' : Number(e.target.value))}
              error={touched && !!scopeError}
              slotProps={{ select: { MenuProps: menuProps } }}
            >
              <MenuItem value="">{t('bulk.anyState')}</MenuItem>
              {(states.data ?? []).map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('bulk.material')}
              value={materialId}
              onChange={(e) => edited(setMaterialId)(e.target.value === '' ? '' : Number(e.target.value))}
              error={touched && !!scopeError}
              slotProps={{ select: { MenuProps: menuProps } }}
            >
              <MenuItem value="">{t('bulk.anyMaterial')}</MenuItem>
              {(materials.data ?? []).map((m) => (
                <MenuItem key={m.id} value={m.id}>
                  {m.name}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          {touched && scopeError && <Alert severity="warning">{scopeError}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, alignItems: 'start' }}>
            <div>
              <FormLabel id="bulk-kind">{t('bulk.kind')}</FormLabel>
              <RadioGroup row aria-labelledby="bulk-kind" value={kind} onChange={(e) => edited(setKind)(e.target.value as 'percent' | 'amount')}>
                <FormControlLabel value="percent" control={<Radio />} label={t('bulk.percent')} />
                <FormControlLabel value="amount" control={<Radio />} label={t('bulk.amount')} />
              </RadioGroup>
            </div>
            <TextField
              label={t('bulk.value')}
              value={value}
              onChange={(e) => edited(setValue)(e.target.value)}
              error={touched && !!valueError}
              helperText={(touched && valueError) || (kind === 'percent' ? t('bulk.valuePercentHelp') : t('bulk.valueAmountHelp'))}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Box>
          {bulk.isError && <Alert severity="error">{bulk.error instanceof ApiError ? bulk.error.detail : String(bulk.error)}</Alert>}
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
                          <TableCell>{c.material.name}</TableCell>
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
          <Button variant="contained" onClick={runPreview} loading={bulk.isPending}>
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
            <Button variant="contained" color="warning" onClick={apply} loading={bulk.isPending}>
              {t('actions.confirmChange')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
